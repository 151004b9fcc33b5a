import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { recordedStripe, signedEvent } from '../../adapters/payments/testing.js';
import { checkoutSessions, ledgerEntries, orders, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient, type ThrowawayDatabase } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing, insertUsers } from '../marketplace/testing.js';
import { CHECKOUT_SESSION_TTL_MS } from './service.js';
import { startTwoStripeInstances } from './testing.js';

const TICKETS = 20;
/** 200 on PostgreSQL; the embedded PGlite (one connection, every query in turn) races 60 to stay quick. */
const buyersOn = (backend: string) => (backend === 'postgres' ? 200 : 60);

/**
 * Two app instances on one database (PostgreSQL: two connection pools; PGlite: two apps on the one
 * embedded database). Every buyer ends up with a paid checkout session, ten per ticket; then every payment
 * is reported at once, through both instances, by webhook and by the buyers' return pages.
 */
describe.each(backends)('buyers racing for 20 tickets on two instances (%s)', (backend) => {
  const BUYERS = buyersOn(backend);
  const ROUNDS = BUYERS / TICKETS;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  const stripe = recordedStripe();
  let database: ThrowawayDatabase;
  let instances: TestApp[];
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ database, instances, close } = await startTwoStripeInstances(backend, stripe, clock));
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });

  it(`sells exactly 20 tickets to ${buyersOn(backend)} buyers, refunds every other payment once, and keeps the ledger balanced`, {
    timeout: 120_000,
  }, async () => {
    const db = database.db;
    const seller = await createTestUser(db);
    const listings = [];
    for (let index = 0; index < TICKETS; index++)
      listings.push(await insertListing(db, seller.id, { eventDate: '2030-05-01', quantity: 1 }));
    const buyers = await insertUsers(db, BUYERS);
    const instanceOf = (index: number) => instances[index % 2] as TestApp;
    const clients: TestClient[] = await Promise.all(
      buyers.map((buyer, index) => signedInClient(instanceOf(index), buyer.id)),
    );

    const sessions: { buyerIndex: number; sessionId: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = await Promise.all(
        listings.map(async (ticket, index) => {
          const buyerIndex = round * TICKETS + index;
          const client = clients[buyerIndex] as TestClient;
          const lock = await client.post(`/api/tickets/${ticket.id}/lock`);
          expect(lock.status, lock.text).toBe(200);
          const price = saleBreakdown({
            perTicketCents: ticket.listingPriceCents,
            markupPercent: ticket.markup,
            quantity: 1,
          });
          const payment = await client.post(`/api/tickets/${ticket.id}/payment`, {
            amount: centsToDollars(price.buyerPaysCents),
            version: lock.body.version,
          });
          expect(payment.status, payment.text).toBe(200);
          return { buyerIndex, sessionId: new URL(payment.body.url).pathname.split('/').at(-1) as string };
        }),
      );
      sessions.push(...started);
      // Each buyer wanders off on the checkout page; their hold (and session) outlive nothing.
      clock.advance(CHECKOUT_SESSION_TTL_MS + 1_000);
    }
    for (const { sessionId } of sessions) stripe.pay(sessionId);

    const deliveries = sessions.flatMap(({ buyerIndex, sessionId }) => {
      const event = signedEvent('checkout.session.completed', stripe.sessionBody(sessionId));
      return [
        instanceOf(buyerIndex + 1)
          .client()
          .request('POST', '/api/webhooks/stripe', {
            body: event.payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          }),
        (clients[buyerIndex] as TestClient).post(`/api/purchase/verify/${sessionId}`),
      ];
    });
    const answers = await Promise.all(deliveries);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.text)).toEqual([]);

    const sold = await db.select().from(tickets).where(eq(tickets.sellerId, seller.id));
    expect(sold.every((ticket) => ticket.sold && ticket.buyerId !== null)).toBe(true);
    const allOrders = await db.select().from(orders).where(eq(orders.sellerId, seller.id));
    expect(allOrders).toHaveLength(TICKETS);
    expect(new Set(allOrders.map((order) => order.ticketId)).size).toBe(TICKETS);
    for (const order of allOrders)
      expect(sold.find((ticket) => ticket.id === order.ticketId)?.buyerId).toBe(order.buyerId);
    const outcomes = await db
      .select({ outcome: checkoutSessions.outcome, count: sql<number>`count(*)::int` })
      .from(checkoutSessions)
      .groupBy(checkoutSessions.outcome);
    expect(Object.fromEntries(outcomes.map((row) => [row.outcome, row.count]))).toEqual({
      fulfilled: TICKETS,
      refunded: BUYERS - TICKETS,
    });
    // Concurrent callers may each ask Stripe; they send the same idempotency key, so Stripe refunds once.
    const refundKeys = new Set(
      stripe.calls.filter((call) => call.path === '/v1/refunds').map((call) => call.idempotencyKey),
    );
    expect(refundKeys.size).toBe(BUYERS - TICKETS);
    const unbalanced = await db
      .select({ session: ledgerEntries.checkoutSessionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.checkoutSessionId)
      .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
    expect(unbalanced).toEqual([]);
    const [escrow] = await db
      .select({ total: sql<number>`sum(${ledgerEntries.amountCents})::int` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, 'escrow'));
    expect(escrow?.total).toBe(allOrders.reduce((sum, order) => sum + order.amountCents, 0));
  });
});
