import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { orders, reviews } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing, type ListingOverrides } from '../marketplace/testing.js';
import { buyListing } from '../payouts/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

const CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

/**
 * A sale that went all the way: listed by `sellerId`, bought by `buyer` through the sandbox checkout, sent by
 * the seller and confirmed by the buyer, which is what asks both sides for a review.
 */
export async function completedSale(
  harness: TestApp,
  clock: Clock,
  sellerId: number,
  buyer: { id: number; client: TestClient },
  overrides: ListingOverrides = {},
) {
  const db = harness.database.db;
  const ticket = await insertListing(db, sellerId, overrides);
  const lock = await buyer.client.post(`/api/tickets/${ticket.id}/lock`);
  expect(lock.status, lock.text).toBe(200);
  const price = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  const payment = await buyer.client.post(`/api/tickets/${ticket.id}/payment`, {
    amount: centsToDollars(price.buyerPaysCents),
    version: lock.body.version,
  });
  expect(payment.status, payment.text).toBe(200);
  const sessionId = new URL(payment.body.url).pathname.split('/').at(-1);
  const paid = await buyer.client.post(`/api/sandbox/checkout/${sessionId}/pay`, CARD);
  expect(paid.status, paid.text).toBe(200);
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.ticketId, ticket.id));
  if (!order) throw new Error('the sandbox payment made no order');
  await initiateTransfer(db, ticket.id, sellerId, clock.now());
  await completeTransfer(db, ticket.id, { kind: 'buyer', userId: buyer.id }, clock.now());
  return { ticket, orderId: order.id };
}

/** One submitted buyer review of `rating` for `sellerId`, after a new buyer's sandbox purchase from them. */
export async function rateSeller(
  harness: TestApp,
  clock: Clock,
  sellerId: number,
  rating: number,
): Promise<void> {
  const db = harness.database.db;
  const reviewer = await createTestUser(db);
  const { order } = await buyListing(harness, await signedInClient(harness, reviewer.id), sellerId);
  await db.insert(reviews).values({
    orderId: order.id,
    ticketId: order.ticketId,
    reviewerId: reviewer.id,
    targetUserId: sellerId,
    reviewType: 'buyer_to_seller',
    status: 'submitted',
    rating,
    submittedAt: clock.now(),
  });
}
