import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT, INPUT_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import {
  HOLD_BUDGET_PERIOD_MS,
  HOLD_DURATION_MS,
  HOLD_MAX_EXTENSIONS,
  MAX_LIVE_HOLDS,
} from '../../../common/schemas/checkout.js';
import { tickets, users } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { CHECKOUT_SESSION_TTL_MS } from '../checkout/service.js';
import { insertListing } from '../marketplace/testing.js';
import { HOLD_QUEUE_WAIT_MS } from './service.js';

/** Issue 21 item 1: one account cannot freeze the marketplace by holding everything (decision 0031). */
describe.each(backends)('hold limits on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let sellerId: number;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    sellerId = (await createTestUser(harness.database.db)).id;
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const listing = () => insertListing(db(), sellerId, { eventDate: '2030-05-01' });
  const member = async (): Promise<TestClient> => signedInClient(harness, (await createTestUser(db())).id);

  it.skipIf(backend !== 'postgres')(
    'tells a member whose locks queue behind each other to slow down, not to wait into a timeout',
    async () => {
      const user = await createTestUser(db());
      const client = await signedInClient(harness, user.id);
      const ticket = await listing();
      let finish = () => {};
      let locked = () => {};
      const rowLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another of the member's requests, slow and still holding their row.
      const slowRequest = db().transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
        locked();
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      });
      await rowLocked;
      const started = Date.now();
      const answer = await client.post(`/api/tickets/${ticket.id}/lock`);
      finish();
      await slowRequest;
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(INPUT_TEXT.tooManyAtOnce);
      expect(Date.now() - started).toBeLessThan(HOLD_QUEUE_WAIT_MS + 2_000);
      const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row?.currentViewerId).toBeNull();
    },
  );

  it('lets one member hold only a few tickets at once, even with all their locks sent together', async () => {
    const hoarder = await member();
    const listings = await Promise.all(Array.from({ length: 10 }, () => listing()));
    const answers = await Promise.all(
      listings.map((ticket) => hoarder.post(`/api/tickets/${ticket.id}/lock`)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(MAX_LIVE_HOLDS);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(10 - MAX_LIVE_HOLDS);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.body.message).toBe(CHECKOUT_TEXT.tooManyHolds(MAX_LIVE_HOLDS));
    }
    // Someone else can still hold the tickets the hoarder could not.
    const other = await member();
    const free = listings[answers.findIndex((answer) => answer.status === 429)];
    expect((await other.post(`/api/tickets/${free?.id}/lock`)).status).toBe(200);

    // Letting one go frees a place; a lapsed hold counts for nothing.
    const held = listings[answers.findIndex((answer) => answer.status === 200)];
    await hoarder.post(`/api/tickets/${held?.id}/unlock`);
    const next = listings.filter((_, index) => answers[index]?.status === 429)[1];
    expect((await hoarder.post(`/api/tickets/${next?.id}/lock`)).status).toBe(200);
    const fourth = listings.filter((_, index) => answers[index]?.status === 429)[2];
    expect((await hoarder.post(`/api/tickets/${fourth?.id}/lock`)).status).toBe(429);
    clock.advance(HOLD_DURATION_MS);
    expect((await hoarder.post(`/api/tickets/${fourth?.id}/lock`)).status).toBe(200);
  });

  it('keeps the extension budget across release and lock again, until the period ends', async () => {
    const buyer = await member();
    const ticket = await listing();
    expect((await buyer.post(`/api/tickets/${ticket.id}/lock`)).body.extensionsLeft).toBe(
      HOLD_MAX_EXTENSIONS,
    );
    for (let used = 1; used <= 4; used++)
      expect((await buyer.post(`/api/tickets/${ticket.id}/lock/extend`)).body.extensionsLeft).toBe(
        HOLD_MAX_EXTENSIONS - used,
      );
    await buyer.post(`/api/tickets/${ticket.id}/unlock`);
    const again = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    expect(again.status).toBe(200);
    expect(again.body.extensionsLeft).toBe(HOLD_MAX_EXTENSIONS - 4);
    for (let used = 5; used <= HOLD_MAX_EXTENSIONS; used++)
      expect((await buyer.post(`/api/tickets/${ticket.id}/lock/extend`)).status).toBe(200);
    await buyer.post(`/api/tickets/${ticket.id}/unlock`);
    expect((await buyer.post(`/api/tickets/${ticket.id}/lock`)).body.extensionsLeft).toBe(0);
    const refused = await buyer.post(`/api/tickets/${ticket.id}/lock/extend`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHECKOUT_TEXT.noMoreExtensions);

    // Another member's budget on the same ticket is their own.
    await buyer.post(`/api/tickets/${ticket.id}/unlock`);
    const other = await member();
    expect((await other.post(`/api/tickets/${ticket.id}/lock`)).body.extensionsLeft).toBe(
      HOLD_MAX_EXTENSIONS,
    );
    await other.post(`/api/tickets/${ticket.id}/unlock`);

    clock.advance(HOLD_BUDGET_PERIOD_MS);
    expect((await buyer.post(`/api/tickets/${ticket.id}/lock`)).body.extensionsLeft).toBe(
      HOLD_MAX_EXTENSIONS,
    );
  });

  it('never stretches a hold past one checkout’s lifetime from the first payment start', async () => {
    const buyer = await member();
    const ticket = await listing();
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    const firstStart = clock.now().getTime();
    const start = () =>
      buyer.post(`/api/tickets/${ticket.id}/payment`, {
        amount: centsToDollars(price.buyerPaysCents),
        version: lock.body.version,
      });
    const holdEnd = async () => {
      const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
      return row?.lockExpiresAt?.getTime();
    };
    expect((await start()).status).toBe(200);
    expect(await holdEnd()).toBe(firstStart + CHECKOUT_SESSION_TTL_MS);
    for (let round = 0; round < 5; round++) {
      clock.advance(5 * 60_000);
      const again = await start();
      expect(again.status, again.text).toBe(200);
      expect(await holdEnd()).toBe(firstStart + CHECKOUT_SESSION_TTL_MS);
    }
    // Releasing and holding again does not start a fresh checkout budget either.
    await buyer.post(`/api/tickets/${ticket.id}/unlock`);
    const relock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    const relockedUntil = Date.parse(relock.body.expiresAt);
    expect((await start()).status).toBe(200);
    expect(await holdEnd()).toBe(Math.max(relockedUntil, firstStart + CHECKOUT_SESSION_TTL_MS));
    clock.advance(CHECKOUT_SESSION_TTL_MS);
    const rival = await member();
    expect((await rival.post(`/api/tickets/${ticket.id}/lock`)).status).toBe(200);
  });
});
