import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { HOLD_DURATION_MS } from '../../../common/schemas/checkout.js';
import type { SplitRule } from '../../../common/splits.js';
import { recordedStripe, signedEvent } from '../../adapters/payments/testing.js';
import { ledgerEntries, orders, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient, type ThrowawayDatabase } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { CHECKOUT_SESSION_TTL_MS } from '../checkout/service.js';
import { startTwoStripeInstances } from '../checkout/testing.js';
import { insertListing, insertUsers } from '../marketplace/testing.js';
import { sweepIdleParts } from './splits.js';

/**
 * Buying part of a listing (issue 33 §3, decision 0062), through the HTTP layer of two app instances on one
 * database (PostgreSQL: two connection pools; PGlite: two apps on the one embedded database).
 */
describe.each(backends)('splits (%s)', (backend) => {
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

  const instance = (index: number) => instances[index % 2] as TestApp;

  async function listingOf(quantity: number, splitRule: SplitRule, seats = '1-4') {
    const seller = await createTestUser(database.db);
    const listing = await insertListing(database.db, seller.id, { eventDate: '2030-05-01', quantity, seats });
    await database.db.update(tickets).set({ splitRule }).where(eq(tickets.id, listing.id));
    return { seller, listing };
  }

  async function buyers(count: number): Promise<TestClient[]> {
    const users = await insertUsers(database.db, count);
    return Promise.all(users.map((user, index) => signedInClient(instance(index), user.id)));
  }

  const row = async (id: number) => (await database.db.select().from(tickets).where(eq(tickets.id, id)))[0];

  it('holds 2 of 4 as a part of their own, with the first seats, and leaves 2 on sale', async () => {
    const { listing } = await listingOf(4, 'no_single');
    const [buyer] = await buyers(1);
    const lock = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(lock?.status, lock?.text).toBe(200);
    expect(lock?.body.quantity).toBe(2);
    expect(lock?.body.ticketId).not.toBe(listing.id);
    const part = await row(lock?.body.ticketId);
    expect(part).toMatchObject({ quantity: 2, seats: '1, 2', splitFromTicketId: listing.id, sold: false });
    expect(await row(listing.id)).toMatchObject({ quantity: 2, seats: '3, 4', currentViewerId: null });
  });

  it('says which quantities the seller sells, and how many are left', async () => {
    const noSingle = await listingOf(4, 'no_single');
    const together = await listingOf(4, 'all');
    const [buyer] = await buyers(1);
    const three = await buyer?.post(`/api/tickets/${noSingle.listing.id}/lock`, { quantity: 3 });
    expect(three?.status).toBe(409);
    expect(three?.body.message).toBe('The seller sells these tickets 1, 2 or 4 at a time.');
    const two = await buyer?.post(`/api/tickets/${together.listing.id}/lock`, { quantity: 2 });
    expect(two?.body.message).toBe('The seller sells these tickets 4 at a time.');
    const five = await buyer?.post(`/api/tickets/${noSingle.listing.id}/lock`, { quantity: 5 });
    expect(five?.body.message).toBe(CHECKOUT_TEXT.onlyLeft(4));
    const zero = await buyer?.post(`/api/tickets/${noSingle.listing.id}/lock`, { quantity: 0 });
    expect(zero?.status).toBe(400);
    expect(await row(noSingle.listing.id)).toMatchObject({ quantity: 4, version: noSingle.listing.version });
  });

  it('keeps a part as it is when asked again, and resizes it without stretching its hold', async () => {
    const { listing } = await listingOf(4, 'any');
    const [buyer] = await buyers(1);
    const first = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 1 });
    clock.advance(60_000);
    const again = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 1 });
    expect(again?.body).toEqual(first?.body);
    const resized = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 3 });
    expect(resized?.status, resized?.text).toBe(200);
    expect(resized?.body).toMatchObject({ quantity: 3, expiresAt: first?.body.expiresAt });
    expect(await row(first?.body.ticketId)).toBeUndefined();
    expect(await row(listing.id)).toMatchObject({ quantity: 1, seats: '4' });
  });

  it('puts a released part back into its listing, and a lapsed one at the next sweep', async () => {
    const { listing } = await listingOf(4, 'any');
    const [released, lapsed] = await buyers(2);
    const one = await released?.post(`/api/tickets/${listing.id}/lock`, { quantity: 1 });
    const two = await lapsed?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(await row(listing.id)).toMatchObject({ quantity: 1 });
    const unlock = await released?.post(`/api/tickets/${one?.body.ticketId}/unlock`);
    expect(unlock?.body.released).toBe(true);
    expect(await row(one?.body.ticketId)).toBeUndefined();
    expect(await row(listing.id)).toMatchObject({ quantity: 2, seats: '1, 4' });
    clock.advance(HOLD_DURATION_MS + 1_000);
    // The sweep looks at every idle part in the database, this test's among them.
    expect(await sweepIdleParts(database.db, clock.now())).toBeGreaterThanOrEqual(1);
    expect(await row(two?.body.ticketId)).toBeUndefined();
    expect(await row(listing.id)).toMatchObject({ quantity: 4, seats: '1-4' });
  });

  it('keeps the seller from deleting or editing a listing while a buyer takes part of it', async () => {
    const { seller, listing } = await listingOf(4, 'any');
    const [buyer] = await buyers(1);
    const lock = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    const sellerClient = await signedInClient(instance(1), seller.id);
    const refused = await sellerClient.delete(`/api/tickets/${listing.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TICKET_TEXT.buyerAtWork);
    clock.advance(HOLD_DURATION_MS + 1_000);
    const deleted = await sellerClient.delete(`/api/tickets/${listing.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await row(listing.id)).toBeUndefined();
    expect(await row(lock?.body.ticketId)).toBeUndefined();
  });

  it('two buyers each take 2 of 4 at once on two instances; a third hears why; the ledger balances', {
    timeout: 60_000,
  }, async () => {
    const { seller, listing } = await listingOf(4, 'no_single');
    const [first, secondBuyer, third] = await buyers(3);
    const racers = [first, secondBuyer] as TestClient[];
    const price = saleBreakdown({
      perTicketCents: listing.listingPriceCents,
      markupPercent: listing.markup,
      quantity: 2,
    });
    const started = await Promise.all(
      racers.map(async (buyer) => {
        const lock = await buyer.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
        expect(lock.status, lock.text).toBe(200);
        expect(lock.body.quantity).toBe(2);
        const payment = await buyer.post(`/api/tickets/${lock.body.ticketId}/payment`, {
          amount: centsToDollars(price.buyerPaysCents),
          version: lock.body.version,
        });
        expect(payment.status, payment.text).toBe(200);
        return { buyer, sessionId: new URL(payment.body.url).pathname.split('/').at(-1) as string };
      }),
    );
    const late = await third?.post(`/api/tickets/${listing.id}/lock`, { quantity: 2 });
    expect(late?.status).toBe(409);
    expect(late?.body.message).toBe(CHECKOUT_TEXT.heldByOther);

    for (const { sessionId } of started) stripe.pay(sessionId);
    const answers = await Promise.all(
      started.flatMap(({ buyer, sessionId }, index) => {
        const event = signedEvent('checkout.session.completed', stripe.sessionBody(sessionId));
        return [
          instance(index + 1)
            .client()
            .request('POST', '/api/webhooks/stripe', {
              body: event.payload,
              headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            }),
          buyer.post(`/api/purchase/verify/${sessionId}`),
        ];
      }),
    );
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.text)).toEqual([]);

    const sales = await database.db.select().from(orders).where(eq(orders.sellerId, seller.id));
    expect(sales).toHaveLength(2);
    expect(sales.every((sale) => sale.quantity === 2 && sale.amountCents === price.buyerPaysCents)).toBe(
      true,
    );
    const sold = await database.db.select().from(tickets).where(eq(tickets.sellerId, seller.id));
    expect(sold.filter((ticket) => ticket.sold).map((ticket) => ticket.quantity)).toEqual([2, 2]);
    expect(sold.reduce((sum, ticket) => sum + ticket.quantity, 0)).toBe(4);
    const unbalanced = await database.db
      .select({ session: ledgerEntries.checkoutSessionId })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.checkoutSessionId)
      .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
    expect(unbalanced).toEqual([]);
    clock.advance(CHECKOUT_SESSION_TTL_MS);
  });

  it('sells the rest of a listing after a part was sold, and the seller sees each sale', async () => {
    const { seller, listing } = await listingOf(4, 'any');
    const [partBuyer, restBuyer] = await buyers(2);
    for (const [buyer, quantity] of [
      [partBuyer, 1],
      [restBuyer, 3],
    ] as const) {
      const lock = await buyer?.post(`/api/tickets/${listing.id}/lock`, { quantity });
      expect(lock?.status, lock?.text).toBe(200);
      const price = saleBreakdown({
        perTicketCents: listing.listingPriceCents,
        markupPercent: listing.markup,
        quantity,
      });
      const payment = await buyer?.post(`/api/tickets/${lock?.body.ticketId}/payment`, {
        amount: centsToDollars(price.buyerPaysCents),
        version: lock?.body.version,
      });
      const sessionId = new URL(payment?.body.url).pathname.split('/').at(-1) as string;
      stripe.pay(sessionId);
      const verify = await buyer?.post(`/api/purchase/verify/${sessionId}`);
      expect(verify?.body.success, verify?.text).toBe(true);
    }
    expect(await row(listing.id)).toMatchObject({ sold: true, quantity: 3 });
    const sellerClient = await signedInClient(instance(0), seller.id);
    const mine = await sellerClient.get('/api/my-tickets?tab=pending');
    expect(mine.status, mine.text).toBe(200);
    const soldQuantities = (mine.body.tickets as { quantity: number }[])
      .map((ticket) => ticket.quantity)
      .sort();
    expect(soldQuantities).toEqual([1, 3]);
  });
});
