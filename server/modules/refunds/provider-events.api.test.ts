import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { chargeDispute, chargeRefunded } from '../../adapters/payments/fixtures/recorded-stripe.js';
import { recordedStripe, signedEvent } from '../../adapters/payments/testing.js';
import { jobs, ledgerEntries, orders } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { startStripeTestApp } from '../checkout/testing.js';
import { escrowBalanceOfOrder, ledgerIsBalanced } from '../ledger/balances.js';
import { insertListing } from '../marketplace/testing.js';
import { PAYOUT_JOB, TRANSFER_DEADLINE_JOB } from '../payouts/schedule.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

describe.each(backends)('refunds and disputes made at Stripe on %s', (backend) => {
  let harness: TestApp;
  const stripe = recordedStripe();
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyerAccount: TestAccount;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startStripeTestApp(backend, stripe, clock);
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    buyer = await signedInClient(harness, buyerAccount.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const deliver = async (type: string, object: unknown) => {
    const event = signedEvent(type, object);
    const answer = await harness.client().request('POST', '/api/webhooks/stripe', {
      body: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(answer.status, answer.text).toBe(200);
  };
  const orderOf = async (orderId: number) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const journalsOf = async (orderId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map(
      (row) => row.journal,
    );

  /** A sale paid at (recorded) Stripe and fulfilled by its signed webhook; returns the order and payment intent. */
  async function paidSale() {
    const ticket = await insertListing(db(), seller.id, { eventDate: '2030-05-01' });
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    const payment = await buyer.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) as string;
    const intent = stripe.pay(sessionId);
    await deliver('checkout.session.completed', stripe.sessionBody(sessionId));
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    if (!order) throw new Error('no order');
    return { order, ticket, intent };
  }
  const jobDone = async (kind: string, orderId: number) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.key, String(orderId))))
    )[0]?.doneAt;

  it('reverses a sale refunded at Stripe and cancels its payout; a redelivery changes nothing', async () => {
    const { order, intent } = await paidSale();
    const refunded = {
      ...chargeRefunded,
      payment_intent: intent,
      amount: order.amountCents,
      amount_refunded: order.amountCents,
    };
    await deliver('charge.refunded', refunded);
    expect(await orderOf(order.id)).toMatchObject({
      status: 'refunded',
      refundCause: 'provider',
      refundReference: 're_3Qrecorded',
    });
    expect(await jobDone(TRANSFER_DEADLINE_JOB, order.id)).not.toBeNull();
    expect(await escrowBalanceOfOrder(db(), order.id)).toBe(0);
    await deliver('charge.refunded', refunded);
    expect(await journalsOf(order.id)).toEqual(expect.arrayContaining(['sale', 'escrow_refund']));
    expect((await journalsOf(order.id)).filter((journal) => journal === 'escrow_refund')).toHaveLength(5);
    // Encore made no refund call of its own.
    expect(stripe.calls.some((call) => call.path === '/v1/refunds')).toBe(false);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('freezes the payout on a dispute and writes a lost chargeback off; a won one releases the payout', async () => {
    const lost = await paidSale();
    await deliver('charge.dispute.created', { ...chargeDispute, payment_intent: lost.intent });
    expect(await orderOf(lost.order.id)).toMatchObject({
      disputeSource: 'provider',
      disputeStatus: 'open',
      providerDisputeId: 'dp_1Qrecorded',
      status: 'in_escrow',
    });
    const resolve = await harness.client().post(`/api/admin/disputes/${lost.order.id}/resolve`, {
      resolution: 'release',
      reason: 'x'.repeat(5),
    });
    expect(resolve.status).toBe(401);
    await deliver('charge.dispute.closed', { ...chargeDispute, payment_intent: lost.intent, status: 'lost' });
    expect(await orderOf(lost.order.id)).toMatchObject({
      status: 'refunded',
      refundCause: 'chargeback',
      disputeStatus: 'lost',
    });
    expect(await journalsOf(lost.order.id)).toContain('chargeback');
    expect(await escrowBalanceOfOrder(db(), lost.order.id)).toBe(0);

    const won = await paidSale();
    await initiateTransfer(db(), won.ticket.id, seller.id, clock.now());
    await completeTransfer(db(), won.ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    const dispute = { ...chargeDispute, id: 'dp_2Qrecorded', payment_intent: won.intent };
    await deliver('charge.dispute.created', dispute);
    expect((await orderOf(won.order.id))?.disputeStatus).toBe('open');
    await deliver('charge.dispute.closed', { ...dispute, status: 'won' });
    expect(await orderOf(won.order.id)).toMatchObject({ status: 'in_escrow', disputeStatus: 'released' });
    expect(await jobDone(PAYOUT_JOB, won.order.id)).toBeNull();
    expect(await ledgerIsBalanced(db())).toBe(true);
  });
});
