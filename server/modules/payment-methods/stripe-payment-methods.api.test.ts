import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { recordedStripe, TEST_WEBHOOK_SECRET } from '../../adapters/payments/testing.js';
import { paymentCustomers, savedCards } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';

const PUBLISHABLE_KEY = 'pk_test_encore';
const VISA = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };

/** With Stripe the card is entered in Stripe Elements; Encore lists it from Stripe and keeps its display details. */
describe.each(backends)('saved cards at Stripe on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-15T12:00:00Z'));
  const stripe = recordedStripe();
  const payments = new StripePaymentProvider({
    secretKey: 'sk_test_encore',
    webhookSecret: TEST_WEBHOOK_SECRET,
    httpClient: stripe.httpClient,
  });
  const db = () => harness.database.db;

  beforeAll(async () => {
    harness = await startTestApp(
      backend,
      {
        STRIPE_SECRET_KEY: 'sk_test_encore',
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      },
      { clock, payments },
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  async function member(): Promise<{ id: number; email: string; client: TestClient }> {
    const user = await createTestUser(db());
    return { id: user.id, email: user.email, client: await signedInClient(harness, user.id) };
  }

  const customerOf = async (userId: number) =>
    (await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId)))[0]?.customerId ??
    '';

  it("lets the browser load Stripe.js and reach Stripe's API, which Elements needs", async () => {
    const policy = (await harness.client().get('/api/health')).headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+' https:\/\/js\.stripe\.com/);
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('answers a Stripe setup intent with the publishable key, for one customer under parallel first calls', async () => {
    const { id, email, client } = await member();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => client.post('/api/payment-methods/setup-intent')),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        setupIntentId: expect.stringMatching(/^seti_/),
        clientSecret: expect.stringMatching(/^seti_\w+_secret_/),
        provider: 'stripe',
        publishableKey: PUBLISHABLE_KEY,
      });
    }
    const customers = await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, id));
    expect(customers).toEqual([expect.objectContaining({ provider: 'stripe' })]);
    const customerId = customers[0]?.customerId;
    const customerCalls = stripe.calls.filter(
      (call) => call.path === '/v1/customers' && call.form.get('metadata[userId]') === String(id),
    );
    expect(new Set(customerCalls.map((call) => call.idempotencyKey))).toEqual(
      new Set([`payment-customer-${id}`]),
    );
    expect(customerCalls[0]?.form.get('email')).toBe(email);
    const intents = stripe.calls.filter(
      (call) => call.path === '/v1/setup_intents' && call.form.get('customer') === customerId,
    );
    expect(intents).toHaveLength(4);
    for (const call of intents) expect(call.form.get('usage')).toBe('off_session');
  });

  it('lists a card added in Stripe Elements and keeps only its display details', async () => {
    const { id, client } = await member();
    expect((await client.get('/api/payment-methods')).body.paymentMethods).toEqual([]);
    await client.post('/api/payment-methods/setup-intent');
    const paymentMethodId = stripe.saveCard(await customerOf(id), VISA);
    const listed = await client.get('/api/payment-methods');
    expect(listed.body).toEqual({
      ok: true,
      paymentMethods: [{ id: paymentMethodId, ...VISA }],
      message: '',
    });
    expect(await db().select().from(savedCards).where(eq(savedCards.userId, id))).toEqual([
      expect.objectContaining({ id: paymentMethodId, provider: 'stripe', ...VISA, removedAt: null }),
    ]);
  });

  it('removes a card by detaching it at Stripe; another user cannot', async () => {
    const owner = await member();
    const other = await member();
    await owner.client.post('/api/payment-methods/setup-intent');
    const paymentMethodId = stripe.saveCard(await customerOf(owner.id), VISA);
    await owner.client.get('/api/payment-methods');
    const refused = await other.client.delete(`/api/payment-methods/${paymentMethodId}`);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(PAYMENT_METHOD_TEXT.notFound);
    expect(stripe.calls.some((call) => call.path === `/v1/payment_methods/${paymentMethodId}/detach`)).toBe(
      false,
    );

    const removed = await owner.client.delete(`/api/payment-methods/${paymentMethodId}`);
    expect(removed.body).toEqual({ ok: true, message: PAYMENT_METHOD_TEXT.removed });
    expect(stripe.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payment_methods/${paymentMethodId}/detach`,
    });
    expect((await owner.client.get('/api/payment-methods')).body.paymentMethods).toEqual([]);
  });

  it('marks removed a card that Stripe no longer holds for the customer', async () => {
    const { id, client } = await member();
    await client.post('/api/payment-methods/setup-intent');
    const paymentMethodId = stripe.saveCard(await customerOf(id), VISA);
    await client.get('/api/payment-methods');
    await payments.detachSavedCard(paymentMethodId);
    expect((await client.get('/api/payment-methods')).body.paymentMethods).toEqual([]);
    const [row] = await db().select().from(savedCards).where(eq(savedCards.id, paymentMethodId));
    expect(row?.removedAt).toEqual(clock.now());
  });

  it('has no sandbox card form', async () => {
    const { client } = await member();
    const response = await client.post('/api/sandbox/setup-intents/seti_x/confirm', {
      clientSecret: 'seti_x_secret_y',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(response.status).toBe(404);
  });
});
