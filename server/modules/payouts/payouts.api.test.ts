import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MY_TICKETS_TEXT, PAYOUT_MAIL_SUBJECT, PAYOUT_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import type {
  PaymentProvider,
  RefundRequest,
  TransferRequest,
} from '../../adapters/payments/payment-provider.js';
import { checkoutSessions, jobs, orders, payouts, ticketMessages, tickets } from '../../db/schema/index.js';
import { Conflict } from '../../errors.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { ledgerMismatches } from '../ledger/checks.js';
import { partialProviderRefundRows, writeJournal } from '../ledger/journal.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import {
  AUTO_COMPLETE_JOB,
  PAYOUT_JOB,
  TRANSFER_DEADLINE_JOB,
  TRANSFER_REMINDER_JOB,
} from '../sales/timeline.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';
import { PAYOUT_NOTE } from './payout.js';
import { buyListing, ledgerOf, testJobRunner } from './testing.js';

const START = new Date('2030-03-01T12:00:00Z');
// The listings' event is on 2030-05-01 in the platform's zone, New York (EDT, UTC−4): the transfer deadline
// is midnight there on 2030-04-30, automatic completion on 2030-05-03, the payout on 2030-05-04.
const DEADLINE = new Date('2030-04-30T04:00:00Z');
const AUTO_COMPLETE = new Date('2030-05-03T04:00:00Z');
const PAYOUT_DUE = new Date('2030-05-04T04:00:00Z');
const HOUR = 3_600_000;

describe.each(backends)('payouts and the escrow timeline on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  let seller: TestAccount;
  let sellerClient: TestClient;
  let buyerAccount: TestAccount;
  let buyer: TestClient;
  let stranger: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    sellerClient = await signedInClient(harness, seller.id);
    buyer = await signedInClient(harness, buyerAccount.id);
    stranger = await signedInClient(harness, (await createTestUser(db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(() => {
    clock.set(START);
  });

  const db = () => harness.database.db;
  const buy = () => buyListing(harness, buyer, seller.id);
  const orderOf = async (orderId: number) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const ticketOf = async (ticketId: number) =>
    (await db().select().from(tickets).where(eq(tickets.id, ticketId)))[0];
  const payoutRows = (orderId: number) => db().select().from(payouts).where(eq(payouts.orderId, orderId));
  const jobOf = async (kind: string, key: string) =>
    (
      await db()
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.key, key)))
    )[0];
  const systemMessages = async (ticketId: number) =>
    (
      await db()
        .select({ content: ticketMessages.content })
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.id))
    ).map((row) => row.content);
  const payoutFor = async (client: TestClient, ticketId: number) => {
    const response = await client.get(`/api/payouts?ticketId=${ticketId}`);
    expect(response.status, response.text).toBe(200);
    return response.body.payouts[0];
  };
  const mailsTo = (email: string) => harness.mailer.list(email);
  const subjectsTo = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject);
  const expectBalanced = async (sessionId: string) => {
    const ledger = await ledgerOf(harness, sessionId);
    for (const [journal, { sum }] of Object.entries(ledger.journals)) expect(sum, journal).toBe(0);
    return ledger;
  };

  it('pays a completed sale exactly once, three days after the event, with the ledger balanced at each step', async () => {
    const { ticket, sessionId, order } = await buy();
    // Fulfilment scheduled the timeline and wrote the sale's note in the thread; the buyer, who has no
    // Ticketmaster e-mail, was asked for it.
    expect(await systemMessages(ticket.id)).toEqual([
      PAYOUT_TEXT.systemSold('Tuesday, April 30, 2030 at 12:00 AM EDT'),
      MY_TICKETS_TEXT.systemAskedForTransferEmail('Ticketmaster'),
    ]);
    expect((await jobOf(TRANSFER_DEADLINE_JOB, String(order.id)))?.runAt).toEqual(DEADLINE);
    expect((await jobOf(AUTO_COMPLETE_JOB, String(order.id)))?.runAt).toEqual(AUTO_COMPLETE);
    expect((await jobOf(TRANSFER_REMINDER_JOB, `${order.id}:1`))?.runAt).toEqual(
      new Date(START.getTime() + 24 * HOUR),
    );
    expect((await jobOf(TRANSFER_REMINDER_JOB, `${order.id}:2`))?.runAt).toEqual(
      new Date(DEADLINE.getTime() - 24 * HOUR),
    );
    let ledger = await expectBalanced(sessionId);
    expect(ledger.balances.escrow).toBe(order.amountCents);
    expect(ledger.balances.seller_payable).toBe(-order.sellerProceedsCents);
    expect(await payoutFor(sellerClient, ticket.id)).toEqual({
      orderId: order.id,
      ticketId: ticket.id,
      eventName: ticket.eventName,
      eventDate: '2030-05-01',
      amount: centsToDollars(order.sellerProceedsCents),
      status: 'awaiting_transfer',
      dueAt: PAYOUT_DUE.toISOString(),
      timeZone: 'America/New_York',
      paidAt: null,
    });

    clock.advance(HOUR);
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    // Sent: the payout now waits on the buyer, as the seller's card says beside it (issue 34).
    expect((await payoutFor(sellerClient, ticket.id)).status).toBe('awaiting_confirmation');
    clock.advance(HOUR);
    await completeTransfer(db(), ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    await expectBalanced(sessionId);
    expect((await payoutFor(sellerClient, ticket.id)).status).toBe('scheduled');
    const runner = testJobRunner(harness, clock);
    // The reminders find the transfer initiated and send nothing; nothing is paid before it is due.
    clock.set(new Date(PAYOUT_DUE.getTime() - 1));
    await runner.runOnce();
    expect(await payoutRows(order.id)).toEqual([]);
    expect(await subjectsTo(seller.email)).not.toContain(PAYOUT_MAIL_SUBJECT.transferReminder);

    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await runner.runOnce();
    await runner.runOnce();
    await testJobRunner(harness, clock).runOnce();
    const rows = await payoutRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'paid',
      amountCents: order.sellerProceedsCents,
      provider: 'sandbox',
      providerReference: `sbx_tr_${order.id}`,
      sellerId: seller.id,
    });
    expect((await orderOf(order.id))?.status).toBe('released');
    ledger = await expectBalanced(sessionId);
    expect(ledger.journals.payout?.rows).toBe(4);
    expect(ledger.balances.escrow ?? 0).toBe(0);
    expect(ledger.balances.seller_payable ?? 0).toBe(0);
    expect(ledger.balances.operating).toBe(order.platformFeeCents + 2 * order.processingFeeCents);
    expect(await payoutFor(sellerClient, ticket.id)).toMatchObject({
      status: 'paid',
      paidAt: clock.now().toISOString(),
    });
    expect(
      (await subjectsTo(seller.email)).filter((subject) => subject === PAYOUT_MAIL_SUBJECT.paid),
    ).toHaveLength(1);
    expect((await jobOf(PAYOUT_JOB, String(order.id)))?.doneAt).not.toBeNull();
  });

  it('two runners at once still pay once', async () => {
    const { ticket, sessionId, order } = await buy();
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    await completeTransfer(db(), ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await Promise.all([testJobRunner(harness, clock).runOnce(), testJobRunner(harness, clock).runOnce()]);
    expect(await payoutRows(order.id)).toHaveLength(1);
    expect((await ledgerOf(harness, sessionId)).journals.payout).toEqual({ sum: 0, rows: 4 });
  });

  it('completes a transfer the buyer never confirmed after the event, then pays it', async () => {
    const { ticket, sessionId, order } = await buy();
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    const runner = testJobRunner(harness, clock);
    clock.set(new Date(AUTO_COMPLETE.getTime() - 1));
    await runner.runOnce();
    expect((await ticketOf(ticket.id))?.transferStatus).toBe('initiated');
    clock.set(AUTO_COMPLETE);
    await runner.runOnce();
    expect(await ticketOf(ticket.id)).toMatchObject({ transferStatus: 'completed', transferComplete: true });
    expect(await payoutRows(order.id)).toEqual([]);
    // The seller is told the sale is complete and when the payout comes.
    const completedMails = (await mailsTo(seller.email)).filter(
      (mail) =>
        mail.subject === PAYOUT_MAIL_SUBJECT.saleCompleted && mail.text.includes(`${ticket.eventName} on`),
    );
    expect(completedMails).toHaveLength(1);
    expect(completedMails[0]?.text).toContain(
      'is complete: the buyer did not report a problem after the event',
    );
    expect(completedMails[0]?.text).toContain('scheduled for Saturday, May 4, 2030');
    clock.set(PAYOUT_DUE);
    await runner.runOnce();
    expect((await payoutRows(order.id))[0]?.status).toBe('paid');
    expect((await ledgerOf(harness, sessionId)).balances.escrow ?? 0).toBe(0);
  });

  it('refunds the buyer at the deadline when the seller never initiated the transfer, after two reminders', async () => {
    const { ticket, sessionId, order } = await buy();
    const runner = testJobRunner(harness, clock);
    const reminders = async () =>
      (await mailsTo(seller.email)).filter(
        (mail) =>
          mail.subject === PAYOUT_MAIL_SUBJECT.transferReminder && mail.text.includes(ticket.eventName),
      );
    clock.set(new Date(START.getTime() + 25 * HOUR));
    await runner.runOnce();
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]?.text).toContain('by Tuesday, April 30, 2030 at 12:00 AM EDT');
    clock.set(new Date(DEADLINE.getTime() - 1));
    await runner.runOnce();
    expect(await reminders()).toHaveLength(2);
    expect((await orderOf(order.id))?.status).toBe('in_escrow');

    clock.set(DEADLINE);
    await runner.runOnce();
    await runner.runOnce();
    expect((await orderOf(order.id))?.status).toBe('refunded');
    expect((await ticketOf(ticket.id))?.status).toBe('cancelled');
    const ledger = await expectBalanced(sessionId);
    expect(ledger.journals.escrow_refund?.rows).toBe(5);
    expect(ledger.balances.escrow ?? 0).toBe(0);
    expect(Object.values(ledger.balances).every((balance) => balance === 0)).toBe(true);
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session?.refundReference).toBe(`sbx_re_${sessionId.slice(4)}`);
    expect((await systemMessages(ticket.id)).at(-1)).toBe(PAYOUT_TEXT.systemRefunded);
    expect(await subjectsTo(buyerAccount.email)).toContain(PAYOUT_MAIL_SUBJECT.buyerRefunded);
    expect(await subjectsTo(seller.email)).toContain(PAYOUT_MAIL_SUBJECT.sellerCancelled);
    // Too late for the seller; never paid; the buyer cannot dispute a refunded sale.
    await expect(initiateTransfer(db(), ticket.id, seller.id, clock.now())).rejects.toBeInstanceOf(Conflict);
    expect((await ticketOf(ticket.id))?.transferStatus).toBe('not_started');
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await runner.runOnce();
    expect(await payoutRows(order.id)).toEqual([]);
    expect(await payoutFor(sellerClient, ticket.id)).toMatchObject({ status: 'refunded', dueAt: null });
    const report = await buyer.post(`/api/tickets/${ticket.id}/report-problem`, { reason: 'never came' });
    expect(report.status).toBe(409);
    expect(report.body.message).toBe(PAYOUT_TEXT.settled);
  });

  it('retries a deadline refund the provider refused, with the same idempotency key, and books it once', async () => {
    const { sessionId, order } = await buy();
    const sandbox = createPaymentProvider(
      harness.config,
      sandboxSessionStore(db(), clock),
      sandboxCardStore(db(), clock),
    );
    const keys: string[] = [];
    let refusals = 1;
    const flaky: PaymentProvider = Object.assign(Object.create(sandbox), {
      refund: async (request: RefundRequest) => {
        // Other tests' sales may reach their deadline in the same run; only this sale's refund is refused.
        if (request.sessionId === sessionId) {
          keys.push(request.idempotencyKey);
          if (refusals-- > 0) throw new Error('card network unavailable');
        }
        return sandbox.refund(request);
      },
    });
    const runner = testJobRunner(harness, clock, flaky);
    clock.set(DEADLINE);
    await runner.runOnce();
    expect((await orderOf(order.id))?.status).toBe('refunded');
    const failed = await jobOf(TRANSFER_DEADLINE_JOB, String(order.id));
    expect(failed).toMatchObject({ attempts: 1, doneAt: null });
    expect(failed?.lastError).toContain('card network unavailable');
    clock.advance(60_000);
    await runner.runOnce();
    expect((await jobOf(TRANSFER_DEADLINE_JOB, String(order.id)))?.doneAt).not.toBeNull();
    expect(keys).toEqual([`escrow-refund-${order.id}`, `escrow-refund-${order.id}`]);
    const ledger = await expectBalanced(sessionId);
    expect(ledger.journals.escrow_refund?.rows).toBe(5);
    expect(ledger.balances.escrow ?? 0).toBe(0);
  });

  it('completes a payout of zero cents without asking the provider for a transfer', async () => {
    const { ticket, sessionId, order } = await buy();
    // A refund at the provider took exactly the seller's share; support released the rest.
    await db().transaction(async (tx) => {
      await writeJournal(
        tx,
        sessionId,
        'provider_refund',
        partialProviderRefundRows(order, 0, order.sellerProceedsCents),
        order.id,
      );
      await tx
        .update(checkoutSessions)
        .set({ providerRefundedCents: order.sellerProceedsCents })
        .where(eq(checkoutSessions.id, sessionId));
    });
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    await completeTransfer(db(), ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    const sandbox = createPaymentProvider(
      harness.config,
      sandboxSessionStore(db(), clock),
      sandboxCardStore(db(), clock),
    );
    const transfers: TransferRequest[] = [];
    const needsAccount: PaymentProvider = Object.assign(Object.create(sandbox), {
      payoutsNeedAccount: true,
      createTransfer: async (request: TransferRequest) => {
        transfers.push(request);
        return sandbox.createTransfer(request);
      },
    });
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await testJobRunner(harness, clock, needsAccount).runOnce();
    expect(transfers.filter((request) => request.orderId === order.id)).toEqual([]);
    expect(await payoutRows(order.id)).toEqual([
      expect.objectContaining({
        status: 'paid',
        amountCents: 0,
        providerReference: null,
        failureReason: null,
      }),
    ]);
    expect((await orderOf(order.id))?.status).toBe('released');
    expect((await jobOf(PAYOUT_JOB, String(order.id)))?.doneAt).not.toBeNull();
    const ledger = await expectBalanced(sessionId);
    expect(ledger.balances.escrow ?? 0).toBe(0);
    expect(ledger.balances.seller_payable ?? 0).toBe(0);
    expect((await ledgerMismatches(db())).filter((found) => found.orderIds.includes(order.id))).toEqual([]);
  });

  it('holds a disputed sale: no automatic completion, no payout, rechecked daily', async () => {
    const { ticket, sessionId, order } = await buy();
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    const report = await buyer.post(`/api/tickets/${ticket.id}/report-problem`, {
      reason: '  The tickets are for the wrong date.  ',
    });
    expect(report.status, report.text).toBe(200);
    expect(report.body).toEqual({ message: PAYOUT_TEXT.reported });
    expect(await orderOf(order.id)).toMatchObject({
      disputedAt: clock.now(),
      disputeReason: 'The tickets are for the wrong date.',
    });
    expect((await systemMessages(ticket.id)).at(-1)).toBe(PAYOUT_TEXT.systemDisputed);
    // The outbox lists the newest first.
    expect((await subjectsTo(seller.email))[0]).toBe(PAYOUT_MAIL_SUBJECT.problemReported);
    const again = await buyer.post(`/api/tickets/${ticket.id}/report-problem`, { reason: 'still wrong' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PAYOUT_TEXT.alreadyReported);

    const runner = testJobRunner(harness, clock);
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await runner.runOnce();
    expect((await ticketOf(ticket.id))?.transferStatus).toBe('initiated');
    const held = await jobOf(AUTO_COMPLETE_JOB, String(order.id));
    expect(held).toMatchObject({ doneAt: null, lastError: PAYOUT_NOTE.disputed, attempts: 0 });
    expect(held?.runAt).toEqual(new Date(clock.now().getTime() + 24 * HOUR));
    expect(await payoutRows(order.id)).toEqual([]);
    expect((await payoutFor(sellerClient, ticket.id)).status).toBe('on_hold');
    expect((await ledgerOf(harness, sessionId)).balances.escrow).toBe(order.amountCents);
  });

  it('never pays a sale the buyer disputed, nor one refunded before its payout', async () => {
    const disputed = await buy();
    const refunded = await buy();
    for (const sale of [disputed, refunded])
      await initiateTransfer(db(), sale.ticket.id, seller.id, clock.now());
    await completeTransfer(db(), refunded.ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    const report = await buyer.post(`/api/tickets/${disputed.ticket.id}/report-problem`, {
      reason: 'The barcode was already used at the gate.',
    });
    expect(report.status, report.text).toBe(200);
    // Support refunded this one (the back-office issue will do it through a route).
    await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded.order.id));
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await testJobRunner(harness, clock).runOnce();
    expect(await payoutRows(disputed.order.id)).toEqual([]);
    expect(await payoutRows(refunded.order.id)).toEqual([]);
    expect((await jobOf(AUTO_COMPLETE_JOB, String(disputed.order.id)))?.doneAt).toBeNull();
    expect((await jobOf(PAYOUT_JOB, String(refunded.order.id)))?.doneAt).not.toBeNull();
    expect((await orderOf(disputed.order.id))?.status).toBe('in_escrow');
  });

  it('lets only the buyer report a problem, once, with a reason of at most 1000 characters', async () => {
    const { ticket, order } = await buy();
    const path = `/api/tickets/${ticket.id}/report-problem`;
    expect((await harness.client().post(path, { reason: 'x' })).status).toBe(401);
    const bySeller = await sellerClient.post(path, { reason: 'x' });
    expect(bySeller.status).toBe(403);
    expect(bySeller.body.message).toBe(PAYOUT_TEXT.notBuyer);
    expect((await stranger.post(path, { reason: 'x' })).status).toBe(403);
    expect((await buyer.post('/api/tickets/2147483000/report-problem', { reason: 'x' })).status).toBe(404);
    expect((await buyer.post('/api/tickets/abc/report-problem', { reason: 'x' })).status).toBe(400);
    const blank = await buyer.post(path, { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain(PAYOUT_TEXT.reportRequired);
    expect((await buyer.post(path, {})).status).toBe(400);
    expect((await buyer.post(path, { reason: 'x'.repeat(1_001) })).status).toBe(400);
    expect((await orderOf(order.id))?.disputedAt).toBeNull();
    const ok = await buyer.post(path, { reason: `${'x'.repeat(998)}\ny` });
    expect(ok.status, ok.text).toBe(200);
  });

  it('lists only the caller’s sales, paged, with totals; visitors get 401', async () => {
    const other = await createTestUser(db());
    const otherClient = await signedInClient(harness, other.id);
    const sales = [];
    for (let index = 0; index < 3; index += 1) sales.push(await buyListing(harness, buyer, other.id));
    expect((await harness.client().get('/api/payouts')).status).toBe(401);
    const first = await otherClient.get('/api/payouts?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      account: { required: false, connected: false },
      page: 1,
      pageSize: 2,
      total: 3,
    });
    expect(first.body.payouts.map((item: { orderId: number }) => item.orderId)).toEqual([
      sales[2]?.order.id,
      sales[1]?.order.id,
    ]);
    const second = await otherClient.get('/api/payouts?pageSize=2&page=2');
    expect(second.body.payouts.map((item: { orderId: number }) => item.orderId)).toEqual([
      sales[0]?.order.id,
    ]);
    const pending = sales.reduce((sum, sale) => sum + sale.order.sellerProceedsCents, 0);
    expect(first.body.summary).toEqual({
      pendingAmount: centsToDollars(pending),
      paidAmount: 0,
      nextPayoutAt: null,
      nextPayoutTimeZone: null,
    });
    // The buyer sells nothing; someone else's ticket filter finds nothing.
    expect((await buyer.get('/api/payouts')).body.total).toBe(0);
    expect((await buyer.get(`/api/payouts?ticketId=${sales[0]?.ticket.id}`)).body.payouts).toEqual([]);
    expect((await otherClient.get('/api/payouts?pageSize=101')).status).toBe(400);
    expect((await otherClient.get('/api/payouts?page=0')).status).toBe(400);
  });

  it('sandbox onboarding connects the seller at once and sends them back to the profile', async () => {
    const account = await createTestUser(db());
    const client = await signedInClient(harness, account.id);
    expect((await harness.client().post('/api/payouts/onboarding')).status).toBe(401);
    const response = await client.post('/api/payouts/onboarding');
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ url: `${harness.config.appUrl}/profile?payouts=connected` });
    expect((await client.get('/api/payouts')).body.account).toEqual({ required: false, connected: true });
    expect((await client.post('/api/payouts/onboarding')).status).toBe(200);
  });
});
