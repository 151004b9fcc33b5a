import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MAIL_SUBJECT, MONEY_TEXT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { recordedProvider, recordedStripe } from '../../adapters/payments/testing.js';
import {
  checkoutSessions,
  jobs,
  ledgerEntries,
  orders,
  payouts,
  providerEvents,
  tickets,
  users,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { startStripeTestApp } from '../checkout/testing.js';
import { escrowBalanceOfOrder, ledgerIsBalanced } from '../ledger/balances.js';
import { testJobRunner } from '../payouts/testing.js';
import { PAYOUT_JOB, payoutDueAt, TRANSFER_DEADLINE_JOB } from '../sales/timeline.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';
import { deliver, orderOfSession, paidAtStripe, stripeEvents } from './testing.js';

const START = new Date('2030-03-01T12:00:00Z');
/** The days of every listing paidAtStripe makes. */
const EVENT_DAYS = { eventDate: '2030-05-01', daysCount: 1, timeZone: 'America/New_York' };

describe.each(backends)('refunds and disputes made at Stripe, in any order, on %s', (backend) => {
  let harness: TestApp;
  const stripe = recordedStripe();
  const events = stripeEvents(stripe);
  const clock = new ManualClock(START);
  let seller: TestAccount;
  let buyerAccount: TestAccount;
  let admin: TestClient;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startStripeTestApp(backend, stripe, clock);
    const db = harness.database.db;
    seller = await createTestUser(db);
    // Stripe pays sellers through their connected account.
    const account = await recordedProvider(stripe).payments.createConnectedAccount({
      userId: seller.id,
      email: seller.email,
    });
    await db.update(users).set({ stripeAccountId: account }).where(eq(users.id, seller.id));
    buyerAccount = await createTestUser(db);
    buyer = await signedInClient(harness, buyerAccount.id);
    admin = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
  });
  afterAll(async () => {
    await harness.close();
  });
  afterEach(() => clock.set(START));

  const db = () => harness.database.db;
  const orderOf = async (orderId: number) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const sessionOf = async (sessionId: string) =>
    (await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)))[0];
  const journalsOf = async (orderId: number) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId))).map(
      (row) => row.journal,
    );
  const refundCalls = () => stripe.calls.filter((call) => call.path === '/v1/refunds');
  const jobOf = async (kind: string, orderId: number) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.key, String(orderId))))
    )[0];

  /** A sale whose buyer confirmed receipt: its payout waits for the due date. */
  async function completedSale() {
    const sale = await paidSale();
    await initiateTransfer(db(), sale.ticket.id, seller.id, clock.now());
    await completeTransfer(db(), sale.ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    return sale;
  }

  /** A sale fulfilled by its completion event. */
  async function paidSale() {
    const paid = await paidAtStripe(harness, stripe, buyer, seller.id);
    await deliver(harness, events.completed(paid.sessionId));
    const order = await orderOfSession(harness, paid.sessionId);
    if (!order) throw new Error('no order');
    return { ...paid, order };
  }

  it('reverses a sale refunded in full at Stripe and cancels its payout; a redelivery changes nothing', async () => {
    const { order, intent } = await paidSale();
    stripe.refundAtDashboard(intent, order.amountCents);
    const refunded = events.refunded(intent, 're_full_1');
    await deliver(harness, refunded);
    expect(await orderOf(order.id)).toMatchObject({
      status: 'refunded',
      refundCause: 'provider',
      refundReference: 're_full_1',
    });
    expect((await jobOf(TRANSFER_DEADLINE_JOB, order.id))?.doneAt).not.toBeNull();
    expect(await escrowBalanceOfOrder(db(), order.id)).toBe(0);
    const before = await journalsOf(order.id);
    await deliver(harness, refunded);
    expect(await journalsOf(order.id)).toEqual(before);
    const [record] = await db().select().from(providerEvents).where(eq(providerEvents.objectId, intent));
    expect(record).toMatchObject({ type: 'charge.refunded', provider: 'stripe' });
    expect(record?.handledAt).not.toBeNull();
    expect(refundCalls().some((call) => call.form.get('payment_intent') === intent)).toBe(false);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('holds the payout on a dispute and reverses a lost chargeback; a won one releases the payout', async () => {
    const lost = await paidSale();
    const lostDispute = stripe.setDispute({
      id: 'dp_lost_1',
      payment_intent: lost.intent,
      status: 'needs_response',
    });
    await deliver(harness, events.dispute('created', lostDispute));
    expect(await orderOf(lost.order.id)).toMatchObject({
      disputeSource: 'provider',
      disputeStatus: 'open',
      providerDisputeId: 'dp_lost_1',
      status: 'in_escrow',
    });
    const resolve = await admin.post(`/api/admin/disputes/${lost.order.id}/resolve`, {
      resolution: 'release',
      reason: 'The seller delivered',
    });
    expect(resolve.status).toBe(409);
    expect(resolve.body.message).toBe(MONEY_TEXT.providerDisputeOpen);
    await deliver(harness, events.dispute('closed', stripe.setDispute({ ...lostDispute, status: 'lost' })));
    expect(await orderOf(lost.order.id)).toMatchObject({
      status: 'refunded',
      refundCause: 'chargeback',
      disputeStatus: 'lost',
    });
    expect(await escrowBalanceOfOrder(db(), lost.order.id)).toBe(0);

    const won = await completedSale();
    const dispute = stripe.setDispute({
      id: 'dp_won_1',
      payment_intent: won.intent,
      status: 'needs_response',
    });
    await deliver(harness, events.dispute('created', dispute));
    expect((await orderOf(won.order.id))?.disputeStatus).toBe('open');
    await deliver(harness, events.dispute('closed', stripe.setDispute({ ...dispute, status: 'won' })));
    expect(await orderOf(won.order.id)).toMatchObject({ status: 'in_escrow', disputeStatus: 'released' });
    expect((await jobOf(PAYOUT_JOB, won.order.id))?.doneAt).toBeNull();
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('closes a dispute whose closing event came before its opening one, and the late opening changes nothing', async () => {
    const lost = await paidSale();
    const lostDispute = stripe.setDispute({
      id: 'dp_early_lost',
      payment_intent: lost.intent,
      status: 'lost',
    });
    await deliver(harness, events.dispute('closed', lostDispute));
    expect(await orderOf(lost.order.id)).toMatchObject({
      status: 'refunded',
      refundCause: 'chargeback',
      disputeStatus: 'lost',
      providerDisputeId: 'dp_early_lost',
    });
    await deliver(harness, events.dispute('created', { ...lostDispute, status: 'needs_response' }));
    expect(await orderOf(lost.order.id)).toMatchObject({ status: 'refunded', disputeStatus: 'lost' });

    const won = await completedSale();
    const wonDispute = stripe.setDispute({ id: 'dp_early_won', payment_intent: won.intent, status: 'won' });
    await deliver(harness, events.dispute('closed', wonDispute));
    await deliver(harness, events.dispute('created', { ...wonDispute, status: 'needs_response' }));
    expect(await orderOf(won.order.id)).toMatchObject({
      status: 'in_escrow',
      disputeStatus: 'released',
      disputeSource: 'provider',
    });
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('records a dispute that arrives before the completion event on the sale it makes', async () => {
    const paid = await paidAtStripe(harness, stripe, buyer, seller.id);
    const dispute = stripe.setDispute({
      id: 'dp_before_sale',
      payment_intent: paid.intent,
      status: 'needs_response',
    });
    await deliver(harness, events.dispute('created', dispute));
    await deliver(harness, events.completed(paid.sessionId));
    const order = await orderOfSession(harness, paid.sessionId);
    expect(order).toMatchObject({ status: 'in_escrow', disputeStatus: 'open', disputeSource: 'provider' });
  });

  it('never fulfils a payment refunded in full before its completion event: the hold ends and the buyer is told', async () => {
    const paid = await paidAtStripe(harness, stripe, buyer, seller.id);
    const refund = stripe.refundAtDashboard(paid.intent, paid.price.buyerPaysCents);
    await deliver(harness, events.refunded(paid.intent, refund.refundId));
    await deliver(harness, events.completed(paid.sessionId));
    expect(await orderOfSession(harness, paid.sessionId)).toBeNull();
    expect(await sessionOf(paid.sessionId)).toMatchObject({
      status: 'paid',
      outcome: 'refunded',
      providerRefundedCents: paid.price.buyerPaysCents,
    });
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, paid.ticket.id));
    expect(ticket).toMatchObject({ sold: false, status: 'available', currentViewerId: null });
    const mails = await harness.mailer.list(buyerAccount.email);
    expect(
      mails.some(
        (mail) =>
          mail.subject === CHECKOUT_MAIL_SUBJECT.buyerRefund && mail.text.includes('was not sold to you'),
      ),
    ).toBe(true);
    // Everything went back at Stripe: Encore asks for no refund of its own.
    expect(refundCalls().some((call) => call.form.get('payment_intent') === paid.intent)).toBe(false);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('refunds the rest of a payment partly refunded before its completion event, and sells nothing', async () => {
    const paid = await paidAtStripe(harness, stripe, buyer, seller.id);
    const part = 4_000;
    const refund = stripe.refundAtDashboard(paid.intent, part);
    await deliver(harness, events.refunded(paid.intent, refund.refundId));
    await deliver(harness, events.completed(paid.sessionId));
    expect(await orderOfSession(harness, paid.sessionId)).toBeNull();
    expect((await sessionOf(paid.sessionId))?.outcome).toBe('refunded');
    const calls = refundCalls().filter((call) => call.form.get('payment_intent') === paid.intent);
    expect(calls.map((call) => Number(call.form.get('amount')))).toEqual([paid.price.buyerPaysCents - part]);
    expect(stripe.refundedOf(paid.intent)).toBe(paid.price.buyerPaysCents);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('books a partial refund off the seller’s proceeds and lets support release the rest, paid out reduced', async () => {
    const sale = await paidSale();
    await initiateTransfer(db(), sale.ticket.id, seller.id, clock.now());
    const part = 2_500;
    const refund = stripe.refundAtDashboard(sale.intent, part);
    await deliver(harness, events.refunded(sale.intent, refund.refundId));
    expect(await orderOf(sale.order.id)).toMatchObject({
      status: 'in_escrow',
      disputeSource: 'partial_refund',
      disputeStatus: 'open',
      disputeReason: MONEY_TEXT.partialRefundReason(formatCents(part), formatCents(sale.order.amountCents)),
    });
    expect(await escrowBalanceOfOrder(db(), sale.order.id)).toBe(sale.order.amountCents - part);
    const released = await admin.post(`/api/admin/disputes/${sale.order.id}/resolve`, {
      resolution: 'release',
      reason: 'The tickets were delivered',
    });
    expect(released.status, released.text).toBe(200);
    clock.set(new Date(payoutDueAt(EVENT_DAYS).getTime() + 60_000));
    await testJobRunner(harness, clock, recordedProvider(stripe).payments).runOnce();
    const [payout] = await db().select().from(payouts).where(eq(payouts.orderId, sale.order.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: sale.order.sellerProceedsCents - part });
    expect(await escrowBalanceOfOrder(db(), sale.order.id)).toBe(0);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('refunds only the rest when support refunds a partly refunded sale', async () => {
    const sale = await paidSale();
    const part = 3_000;
    const refund = stripe.refundAtDashboard(sale.intent, part);
    await deliver(harness, events.refunded(sale.intent, refund.refundId));
    const refunded = await admin.post(`/api/admin/disputes/${sale.order.id}/resolve`, {
      resolution: 'refund',
      reason: 'The tickets never arrived',
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.message).toBe(
      MONEY_TEXT.disputeRefunded(formatCents(sale.order.amountCents - part)),
    );
    const calls = refundCalls().filter((call) => call.form.get('payment_intent') === sale.intent);
    expect(calls.map((call) => Number(call.form.get('amount')))).toEqual([sale.order.amountCents - part]);
    expect(stripe.refundedOf(sale.intent)).toBe(sale.order.amountCents);
    expect(await orderOf(sale.order.id)).toMatchObject({ status: 'refunded', disputeStatus: 'refunded' });
    expect(await escrowBalanceOfOrder(db(), sale.order.id)).toBe(0);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('pays only what is left when the bank decides for the seller after a partial refund', async () => {
    const sale = await completedSale();
    const part = 1_000;
    const refund = stripe.refundAtDashboard(sale.intent, part);
    await deliver(harness, events.refunded(sale.intent, refund.refundId));
    const dispute = stripe.setDispute({ id: 'dp_after_part', payment_intent: sale.intent, status: 'won' });
    await deliver(harness, events.dispute('created', { ...dispute, status: 'needs_response' }));
    await deliver(harness, events.dispute('closed', dispute));
    clock.set(new Date(payoutDueAt(EVENT_DAYS).getTime() + 60_000));
    await testJobRunner(harness, clock, recordedProvider(stripe).payments).runOnce();
    const [payout] = await db().select().from(payouts).where(eq(payouts.orderId, sale.order.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: sale.order.sellerProceedsCents - part });
    expect(await escrowBalanceOfOrder(db(), sale.order.id)).toBe(0);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });
});
