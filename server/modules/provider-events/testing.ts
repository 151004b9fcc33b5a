import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { chargeRefunded } from '../../adapters/payments/fixtures/recorded-stripe.js';
import { type recordedStripe, signedEvent } from '../../adapters/payments/testing.js';
import { orders } from '../../db/schema/index.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { startCheckoutOf } from '../payouts/testing.js';

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
  const started = await startCheckoutOf(harness, buyer, sellerId);
  return { ...started, intent: stripe.pay(started.sessionId) };
}

export async function orderOfSession(harness: TestApp, sessionId: string) {
  const [order] = await harness.database.db
    .select()
    .from(orders)
    .where(eq(orders.checkoutSessionId, sessionId));
  return order ?? null;
}
