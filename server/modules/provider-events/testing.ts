import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { chargeRefunded } from '../../adapters/payments/fixtures/recorded-stripe.js';
import { type recordedStripe, signedEvent } from '../../adapters/payments/testing.js';
import { orders } from '../../db/schema/index.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { insertListing } from '../marketplace/testing.js';

/** Helpers for tests of provider events: Stripe's side of a payment, and its events as Stripe signs them. */

type RecordedStripe = ReturnType<typeof recordedStripe>;

/** One signed event, delivered as often as a test likes: a redelivery carries the same event id. */
export interface SignedEvent {
  type: string;
  payload: string;
  signature: string;
}

export function signed(type: string, object: unknown): SignedEvent {
  return { type, ...signedEvent(type, object) };
}

/** Posts a signed event to the webhook; the answer's status is returned for the test to judge. */
export async function deliver(harness: TestApp, event: SignedEvent): Promise<number> {
  const answer = await harness.client().request('POST', '/api/webhooks/stripe', {
    body: event.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
  expect(answer.status, answer.text).toBeLessThan(500);
  return answer.status;
}

export const stripeEvents = (stripe: RecordedStripe) => ({
  completed: (sessionId: string) => signed('checkout.session.completed', stripe.sessionBody(sessionId)),
  refunded: (paymentIntent: string, refundId: string) =>
    signed('charge.refunded', {
      ...chargeRefunded,
      payment_intent: paymentIntent,
      refunds: { ...chargeRefunded.refunds, data: [{ ...chargeRefunded.refunds.data[0], id: refundId }] },
    }),
  dispute: (type: 'created' | 'closed', body: object) => signed(`charge.dispute.${type}`, body),
});

/**
 * A listing bought at (recorded) Stripe: the buyer holds it and has paid on Stripe's page, and no event
 * has been delivered yet.
 */
export async function paidAtStripe(
  harness: TestApp,
  stripe: RecordedStripe,
  buyer: TestClient,
  sellerId: number,
) {
  const db = harness.database.db;
  const ticket = await insertListing(db, sellerId, { eventDate: '2030-05-01' });
  const price = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
  expect(lock.status, lock.text).toBe(200);
  const payment = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
    amount: centsToDollars(price.buyerPaysCents),
    version: lock.body.version,
  });
  expect(payment.status, payment.text).toBe(200);
  const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) as string;
  const intent = stripe.pay(sessionId);
  return { ticket, price, sessionId, intent };
}

export async function orderOfSession(harness: TestApp, sessionId: string) {
  const [order] = await harness.database.db
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, sessionId));
  return order ?? null;
}
