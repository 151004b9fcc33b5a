import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_TEXT, PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import { MAX_SAVED_CARDS } from '../../../common/schemas/payment-methods.js';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.js';
import { paymentCustomers, sandboxSetupIntents, savedCards } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import {
  backends,
  openTestDatabase,
  startTestAppOn,
  type TestApp,
  type TestClient,
} from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { sandboxFingerprint } from './sandbox.js';
import { sandboxCardStore } from './service.js';

const VISA = '4242 4242 4242 4242';
/** A security code no other column of a fresh database holds, to prove it is stored nowhere. */
const CVC = '583';
const card = (
  cardNumber: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  cardNumber,
  expMonth: 12,
  expYear: 34,
  cvc: CVC,
  ...overrides,
});

/** A sandbox whose detach the test can make fail, as a provider outage would. */
class FlakyDetachSandbox extends SandboxPaymentProvider {
  detachFails = false;
  override async detachSavedCard(paymentMethodId: string) {
    if (this.detachFails) throw new Error('provider unavailable');
    return super.detachSavedCard(paymentMethodId);
  }
}

describe.each(backends)('saved cards in the sandbox on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-15T12:00:00Z'));
  let payments: FlakyDetachSandbox;
  const db = () => harness.database.db;

  beforeAll(async () => {
    const database = await openTestDatabase(backend);
    payments = new FlakyDetachSandbox(
      'http://localhost:3000',
      sandboxSessionStore(database.db, clock),
      sandboxCardStore(database.db, clock),
    );
    harness = await startTestAppOn(database, {}, { clock, payments }, () => database.drop());
  });
  afterAll(async () => {
    await harness.close();
  });

  async function member(): Promise<{ id: number; client: TestClient }> {
    const user = await createTestUser(db());
    return { id: user.id, client: await signedInClient(harness, user.id) };
  }

  async function setupIntent(client: TestClient) {
    const response = await client.post('/api/payment-methods/setup-intent');
    expect(response.status).toBe(200);
    return response.body as { setupIntentId: string; clientSecret: string };
  }

  function confirm(
    client: TestClient,
    intent: { setupIntentId: string; clientSecret: string },
    body: object,
  ) {
    return client.post(`/api/sandbox/setup-intents/${intent.setupIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      ...body,
    });
  }

  async function saveCard(client: TestClient, number = VISA, cvc = CVC) {
    const response = await confirm(client, await setupIntent(client), card(number, { cvc }));
    expect(response.status).toBe(200);
    return response.body.paymentMethodId as string;
  }

  const cardsOf = (userId: number) => db().select().from(savedCards).where(eq(savedCards.userId, userId));

  it('refuses a visitor on every route', async () => {
    const visitor = harness.client();
    const { client } = await member();
    const intent = await setupIntent(client);
    for (const response of [
      await visitor.get('/api/payment-methods'),
      await visitor.post('/api/payment-methods/setup-intent'),
      await visitor.delete('/api/payment-methods/sbx_pm_4242_0'),
      await confirm(visitor, intent, card(VISA)),
    ])
      expect(response.status).toBe(401);
  });

  it('lists no cards, with the empty hint, before any is saved', async () => {
    const { client } = await member();
    const response = await client.get('/api/payment-methods');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, paymentMethods: [], message: PAYMENT_METHOD_TEXT.empty });
  });

  it('answers a sandbox setup intent for the user’s one customer', async () => {
    const { id, client } = await member();
    const response = await client.post('/api/payment-methods/setup-intent');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      setupIntentId: expect.stringMatching(/^sbx_seti_[\w-]+$/),
      clientSecret: expect.any(String),
      provider: 'sandbox',
      publishableKey: null,
    });
    expect(response.body.clientSecret.startsWith(`${response.body.setupIntentId}_secret_`)).toBe(true);
    const customers = await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, id));
    expect(customers).toEqual([
      expect.objectContaining({ provider: 'sandbox', customerId: `sbx_cus_${id}` }),
    ]);
  });

  it('saves exactly brand, last four, expiry and fingerprint; the number and security code are stored nowhere', async () => {
    const { id, client } = await member();
    const intent = await setupIntent(client);
    const response = await confirm(client, intent, card(VISA));
    expect(response.status).toBe(200);
    const paymentMethodId = response.body.paymentMethodId;
    expect(paymentMethodId).toMatch(/^sbx_pm_4242_[0-9a-f]{24}$/);
    expect((await client.get('/api/payment-methods')).body).toEqual({
      ok: true,
      paymentMethods: [{ id: paymentMethodId, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }],
      message: '',
    });
    const [row] = await cardsOf(id);
    expect(row).toEqual({
      id: paymentMethodId,
      userId: id,
      provider: 'sandbox',
      customerId: `sbx_cus_${id}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      fingerprint: sandboxFingerprint(VISA.replaceAll(' ', '')),
      createdAt: clock.now(),
      removedAt: null,
    });
    // The fingerprint names the number, not the customer: the same card saved by another is the same card.
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(sandboxFingerprint('5555555555554444')).not.toBe(row?.fingerprint);
    const [stored] = await db()
      .select()
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.id, intent.setupIntentId));
    expect(stored).toMatchObject({ confirmedAt: clock.now(), paymentMethodId });
    expect(stored?.clientSecretHash).not.toContain(intent.clientSecret);

    const columns = await db().execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb')`);
    const textColumns = (columns as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
    expect(textColumns.length).toBeGreaterThan(20);
    const digits = VISA.replace(/ /g, '');
    for (const { table_name: table, column_name: column } of textColumns) {
      const found = await db().execute(sql`
        select count(*)::int as count from ${sql.identifier(table)}
        where ${sql.identifier(column)}::text like ${`%${digits}%`}
           or ${sql.identifier(column)}::text like ${`%${VISA}%`}
           or ${sql.identifier(column)}::text = ${CVC}`);
      const [{ count }] = (found as unknown as { rows: [{ count: number }] }).rows;
      expect(count, `${table}.${column}`).toBe(0);
    }

    const again = await confirm(client, intent, card('5555 5555 5555 4444'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYMENT_METHOD_TEXT.setupIntentUsed);
    expect(await cardsOf(id)).toHaveLength(1);
  });

  it('confirms a setup intent once when confirmations race', async () => {
    const { id, client } = await member();
    const intent = await setupIntent(client);
    const answers = await Promise.all(Array.from({ length: 4 }, () => confirm(client, intent, card(VISA))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await cardsOf(id)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002 and saves nothing; the intent then takes another card', async () => {
    const { id, client } = await member();
    const intent = await setupIntent(client);
    const declined = await confirm(client, intent, card('4000 0000 0000 0002'));
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe(PAYMENT_METHOD_TEXT.cardDeclined);
    expect(await cardsOf(id)).toEqual([]);
    const [open] = await db()
      .select()
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.id, intent.setupIntentId));
    expect(open?.confirmedAt).toBeNull();
    const saved = await confirm(client, intent, card(VISA));
    expect(saved.status).toBe(200);
    expect(await cardsOf(id)).toHaveLength(1);
  });

  it('saves the test cards whose charges decline or need authentication, named by their last four', async () => {
    const { client } = await member();
    const declining = await saveCard(client, '4000 0000 0000 0341');
    clock.advance(1_000);
    const authenticating = await saveCard(client, '4000 0027 6000 3184');
    clock.advance(1_000);
    const amex = await saveCard(client, '3782 822463 10005', '1234');
    expect(declining).toMatch(/^sbx_pm_0341_/);
    expect(authenticating).toMatch(/^sbx_pm_3184_/);
    const listed = (await client.get('/api/payment-methods')).body.paymentMethods;
    // Newest first, as Stripe lists a customer's cards.
    expect(listed.map((method: { id: string }) => method.id)).toEqual([amex, authenticating, declining]);
    expect(listed[0]).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  it('refuses a wrong client secret, another user’s setup intent and an unknown one, saving nothing', async () => {
    const owner = await member();
    const other = await member();
    const intent = await setupIntent(owner.client);
    const wrongSecret = await confirm(
      owner.client,
      { ...intent, clientSecret: `${intent.clientSecret}x` },
      card(VISA),
    );
    const othersIntent = await confirm(other.client, intent, card(VISA));
    const unknown = await confirm(owner.client, { ...intent, setupIntentId: 'sbx_seti_unknown' }, card(VISA));
    for (const response of [wrongSecret, othersIntent, unknown]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(PAYMENT_METHOD_TEXT.setupIntentNotFound);
    }
    expect(await cardsOf(owner.id)).toEqual([]);
    expect(await cardsOf(other.id)).toEqual([]);
  });

  it('checks the card as Stripe does: number by Luhn, expiry by today, security code by brand', async () => {
    const { id, client } = await member();
    const intent = await setupIntent(client);
    const cases: [object, string, string][] = [
      [card('4242 4242 4242 4241'), 'cardNumber', PAYMENT_METHOD_TEXT.cardNumberInvalid],
      [card('4242'), 'cardNumber', PAYMENT_METHOD_TEXT.cardNumberInvalid],
      [card('4242 4242 4242 424x'), 'cardNumber', PAYMENT_METHOD_TEXT.cardNumberInvalid],
      [card(VISA, { expYear: 2029 }), 'expYear', PAYMENT_METHOD_TEXT.expiryPast],
      [card(VISA, { expYear: 29 }), 'expYear', PAYMENT_METHOD_TEXT.expiryPast],
      [card(VISA, { expMonth: 2, expYear: 2030 }), 'expMonth', PAYMENT_METHOD_TEXT.expiryDatePast],
      [card(VISA, { expYear: 2090 }), 'expYear', PAYMENT_METHOD_TEXT.expiryInvalid],
      [card(VISA, { cvc: '12' }), 'cvc', PAYMENT_METHOD_TEXT.cvcInvalid],
      [card('3782 822463 10005', { cvc: '123' }), 'cvc', PAYMENT_METHOD_TEXT.cvcInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await confirm(client, intent, body);
      expect(response.status, message).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.fieldErrors).toEqual({ [field]: message });
    }
    const month = await confirm(client, intent, card(VISA, { expMonth: 13 }));
    expect(month.status).toBe(400);
    expect(month.body.fieldErrors.expMonth).toBeDefined();
    // This month of this year is still good.
    expect((await confirm(client, intent, card(VISA, { expMonth: 3, expYear: 2030 }))).status).toBe(200);
    expect(await cardsOf(id)).toHaveLength(1);
  });

  it('refuses unbounded or control-character input with a 400 and saves nothing', async () => {
    const { id, client } = await member();
    const intent = await setupIntent(client);
    for (const body of [
      card(`4242 4242 4242 4242\u0000`),
      card('4'.repeat(33)),
      card(VISA, { cvc: '1'.repeat(9) }),
      { ...card(VISA), expMonth: '12' },
      { ...card(VISA), clientSecret: 'x'.repeat(201) },
    ]) {
      const response = await client.post(`/api/sandbox/setup-intents/${intent.setupIntentId}/confirm`, {
        clientSecret: intent.clientSecret,
        ...body,
      });
      expect(response.status).toBe(400);
    }
    const longId = await client.post(`/api/sandbox/setup-intents/${'s'.repeat(201)}/confirm`, {
      clientSecret: intent.clientSecret,
      ...card(VISA),
    });
    // Fastify refuses a path parameter over 100 characters before any route runs.
    expect(longId.status).toBe(414);
    expect((await client.delete(`/api/payment-methods/${'p'.repeat(201)}`)).status).toBe(414);
    expect(await cardsOf(id)).toEqual([]);
  });

  it('keeps at most ten cards a member: the eleventh setup intent is refused until one is removed', async () => {
    const { id, client } = await member();
    const saved: string[] = [];
    for (let index = 0; index < MAX_SAVED_CARDS; index++) saved.push(await saveCard(client));
    const refused = await client.post('/api/payment-methods/setup-intent');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PAYMENT_METHOD_TEXT.tooManyCards(MAX_SAVED_CARDS));
    expect((await client.get('/api/payment-methods')).body.paymentMethods).toHaveLength(MAX_SAVED_CARDS);
    expect((await client.delete(`/api/payment-methods/${saved[0]}`)).status).toBe(200);
    await setupIntent(client);
    expect((await cardsOf(id)).filter((card) => card.removedAt === null)).toHaveLength(MAX_SAVED_CARDS - 1);
  });

  it('removes the owner’s card only; another user’s, an unknown or a removed card is not found', async () => {
    const owner = await member();
    const other = await member();
    const kept = await saveCard(owner.client);
    const removed = await saveCard(owner.client, '5555 5555 5555 4444');
    const notYours = await other.client.delete(`/api/payment-methods/${kept}`);
    expect(notYours.status).toBe(404);
    expect(notYours.body.message).toBe(PAYMENT_METHOD_TEXT.notFound);
    const unknown = await owner.client.delete('/api/payment-methods/sbx_pm_4242_unknown');
    expect(unknown.status).toBe(404);

    const response = await owner.client.delete(`/api/payment-methods/${removed}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, message: PAYMENT_METHOD_TEXT.removed });
    const listed = (await owner.client.get('/api/payment-methods')).body.paymentMethods;
    expect(listed.map((method: { id: string }) => method.id)).toEqual([kept]);
    const [row] = await db().select().from(savedCards).where(eq(savedCards.id, removed));
    expect(row?.removedAt).toEqual(clock.now());
    expect((await owner.client.delete(`/api/payment-methods/${removed}`)).status).toBe(404);
  });

  it('keeps the card when the provider refuses to detach it', async () => {
    const { client } = await member();
    const paymentMethodId = await saveCard(client);
    payments.detachFails = true;
    try {
      const response = await client.delete(`/api/payment-methods/${paymentMethodId}`);
      // Encore's own answer, never the provider's status or words (issue 43 item 9).
      expect(response.status).toBe(502);
      expect(response.body.message).toBe(MONEY_TEXT.providerFailed);
    } finally {
      payments.detachFails = false;
    }
    const listed = (await client.get('/api/payment-methods')).body.paymentMethods;
    expect(listed.map((method: { id: string }) => method.id)).toEqual([paymentMethodId]);
  });

  it('creates one customer for parallel first setup intents', async () => {
    const { id, client } = await member();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.post('/api/payment-methods/setup-intent')),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.body.setupIntentId)).size).toBe(6);
    expect(await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, id))).toHaveLength(1);
    const intents = await db()
      .select({ customerId: sandboxSetupIntents.customerId })
      .from(sandboxSetupIntents)
      .where(eq(sandboxSetupIntents.customerId, `sbx_cus_${id}`));
    expect(intents).toHaveLength(6);
  });
});
