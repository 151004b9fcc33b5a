import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MAIL_SUBJECT, MONEY_TEXT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import type { LedgerMismatch } from '../../../common/schemas/admin-system.js';
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
import { disputeMismatches, ledgerMismatches } from '../ledger/checks.js';
import { providerMismatches } from '../ledger/provider-check.js';
import { ALL_TIME } from '../ledger/testing.js';
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

  it('books the dispute fee once, and its return on a won dispute; the self-check covers disputes', async () => {
    const sale = await completedSale();
    const opened = stripe.setDispute({
      id: 'dp_fee_1',
      payment_intent: sale.intent,
      status: 'needs_response',
    });
    const withdrawal = opened.balance_transactions[0] as { fee: number; amount: number };
    expect(withdrawal.fee).toBe(1_500);
    const created = events.dispute('created', opened);
    await deliver(harness, created);
    await deliver(harness, created);
    const feeRows = async () =>
      (
        await db()
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.orderId, sale.order.id), eq(ledgerEntries.journal, 'dispute_fee')))
          .orderBy(ledgerEntries.id)
      ).map((row) => ({ account: row.account, amountCents: row.amountCents, memo: row.memo }));
    expect(await feeRows()).toEqual([
      { account: 'dispute_fees', amountCents: 1_500, memo: 'dispute dp_fee_1; 1500 cents in fees in all' },
      { account: 'operating', amountCents: -1_500, memo: 'dispute dp_fee_1; 1500 cents in fees in all' },
    ]);
    const mine = (found: LedgerMismatch[]) => found.filter((item) => item.orderIds.includes(sale.order.id));
    expect(mine(await ledgerMismatches(db()))).toEqual([]);
    // The provider's dispute fee against the ledger's: equal, then a fee the ledger did not book.
    expect(
      mine(await providerMismatches(db(), [], ALL_TIME.start, ALL_TIME.end))
        .map((found) => found.detail)
        .filter((detail) => detail.includes('dispute fees')),
    ).toEqual(["The provider's dispute fees of dp_fee_1 total 0 cents; the ledger's 1500 cents."]);
    const atProvider = [{ type: 'dispute_fee' as const, reference: 'dp_fee_1', amountCents: 1_500 }];
    expect(
      mine(await providerMismatches(db(), atProvider, ALL_TIME.start, ALL_TIME.end)).filter((found) =>
        found.detail.includes('dispute fees'),
      ),
    ).toEqual([]);
    const unknown = [{ type: 'dispute_fee' as const, reference: 'dp_fee_1', amountCents: 3_000 }];
    expect(
      mine(await providerMismatches(db(), unknown, ALL_TIME.start, ALL_TIME.end)).filter((found) =>
        found.detail.includes('dispute fees'),
      ),
    ).toEqual([
      {
        kind: 'provider',
        orderIds: [sale.order.id],
        sessionId: sale.sessionId,
        detail: "The provider's dispute fees of dp_fee_1 total 3000 cents; the ledger's 1500 cents.",
      },
    ]);

    // Won, and the provider gives its fee back: the return is booked once.
    const won = stripe.setDispute({
      id: 'dp_fee_1',
      payment_intent: sale.intent,
      status: 'won',
      balance_transactions: [
        withdrawal,
        {
          ...withdrawal,
          amount: -withdrawal.amount,
          fee: -withdrawal.fee,
          reporting_category: 'dispute_reversal',
        },
      ],
    });
    const closed = events.dispute('closed', won);
    await deliver(harness, closed);
    await deliver(harness, closed);
    expect((await feeRows()).slice(2)).toEqual([
      { account: 'dispute_fees', amountCents: -1_500, memo: 'dispute dp_fee_1; 0 cents in fees in all' },
      { account: 'operating', amountCents: 1_500, memo: 'dispute dp_fee_1; 0 cents in fees in all' },
    ]);
    expect(await orderOf(sale.order.id)).toMatchObject({ disputeStatus: 'released', status: 'in_escrow' });
    expect(mine(await ledgerMismatches(db()))).toEqual([]);
    expect(await ledgerIsBalanced(db())).toBe(true);

    // A lost dispute's chargeback is booked: the self-check finds one that is missing, and fees booked on a
    // sale with no dispute at the provider.
    const lost = await paidSale();
    await deliver(
      harness,
      events.dispute(
        'closed',
        stripe.setDispute({ id: 'dp_fee_lost', payment_intent: lost.intent, status: 'lost' }),
      ),
    );
    expect(await orderOf(lost.order.id)).toMatchObject({ status: 'refunded', disputeStatus: 'lost' });
    const lostMismatches = (found: LedgerMismatch[]) =>
      found.filter((item) => item.orderIds.includes(lost.order.id));
    expect(lostMismatches(await ledgerMismatches(db()))).toEqual([]);
    await db()
      .update(ledgerEntries)
      .set({ journal: 'escrow_refund' })
      .where(and(eq(ledgerEntries.orderId, lost.order.id), eq(ledgerEntries.journal, 'chargeback')));
    await db()
      .update(orders)
      .set({ providerDisputeId: null, disputeSource: null, disputeStatus: null })
      .where(eq(orders.id, sale.order.id));
    try {
      expect(lostMismatches(await disputeMismatches(db()))).toEqual([
        {
          kind: 'dispute',
          orderIds: [lost.order.id],
          sessionId: lost.sessionId,
          detail: "The card issuer's dispute dp_fee_lost was lost, but no chargeback is booked.",
        },
      ]);
      expect(mine(await disputeMismatches(db()))).toEqual([
        {
          kind: 'dispute',
          orderIds: [sale.order.id],
          sessionId: sale.sessionId,
          detail: 'Dispute fees of 0 cents are booked on a sale the provider has no dispute for.',
        },
      ]);
    } finally {
      await db()
        .update(ledgerEntries)
        .set({ journal: 'chargeback' })
        .where(and(eq(ledgerEntries.orderId, lost.order.id), eq(ledgerEntries.journal, 'escrow_refund')));
      await db()
        .update(orders)
        .set({ providerDisputeId: 'dp_fee_1', disputeSource: 'provider', disputeStatus: 'released' })
        .where(eq(orders.id, sale.order.id));
    }
    expect(lostMismatches(await ledgerMismatches(db()))).toEqual([]);
  });
});
