import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MONEY_MAIL_SUBJECT, MONEY_TEXT } from '../../../common/messages.js';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import type { PaymentProvider, RefundRequest } from '../../adapters/payments/payment-provider.js';
import { events, jobs, orders, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { escrowBalanceOfEvent, escrowBalanceOfOrder, ledgerIsBalanced } from '../ledger/balances.js';
import { insertListing } from '../marketplace/testing.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import { runPayout } from '../payouts/payout.js';
import { buyListing, testJobRunner } from '../payouts/testing.js';
import { ESCROW_REFUND_JOB } from '../refunds/service.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

const START = new Date('2030-03-01T12:00:00Z');
// Event on 2030-05-01 in the platform's zone, New York (EDT): automatic completion at midnight there on
// 2030-05-03, payout on 2030-05-04.
const AFTER_REPORT_WINDOW = new Date('2030-05-03T04:00:00Z');
const PAYOUT_DUE = new Date('2030-05-04T04:00:00Z');
const HOUR = 3_600_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(backends)('back office money on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  let seller: TestAccount;
  let buyerAccount: TestAccount;
  let admin: TestClient;
  let adminAccount: TestAccount;
  let buyer: TestClient;
  let rival: TestClient;
  let sellerClient: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    adminAccount = await createTestUser(db, { role: 'admin' });
    admin = await signedInClient(harness, adminAccount.id);
    buyer = await signedInClient(harness, buyerAccount.id);
    sellerClient = await signedInClient(harness, seller.id);
    rival = await signedInClient(harness, (await createTestUser(db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(() => {
    clock.set(START);
  });

  const db = () => harness.database.db;
  const orderOf = async (orderId: number) =>
    (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const ticketOf = async (ticketId: number) =>
    (await db().select().from(tickets).where(eq(tickets.id, ticketId)))[0];
  const subjectsTo = async (email: string) => (await harness.mailer.list(email)).map((mail) => mail.subject);
  const sandbox = () =>
    createPaymentProvider(harness.config, sandboxSessionStore(db(), clock), sandboxCardStore(db(), clock));
  const depsWith = (payments: PaymentProvider) => ({
    db: db(),
    payments,
    mailer: harness.mailer,
    clock,
    appUrl: harness.config.appUrl,
    log: quiet,
  });
  async function newEvent(date = '2030-05-01') {
    const suffix = Math.random().toString(36).slice(2);
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Hall ${suffix}`, city: 'Springfield' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Money Night ${suffix}`, date, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  /** A sandbox provider whose refunds are counted by idempotency key; `failing` keys are refused once. */
  function countingProvider(failing = new Set<string>()) {
    const inner = sandbox();
    const made: RefundRequest[] = [];
    const payments: PaymentProvider = Object.assign(Object.create(Object.getPrototypeOf(inner)), inner, {
      async refund(request: RefundRequest) {
        if (failing.delete(request.idempotencyKey)) throw new Error('provider unavailable');
        made.push(request);
        return inner.refund(request);
      },
    });
    return { payments, made };
  }

  it('refunds an order from escrow once for an admin only, with the ledger, e-mails and audit entry', async () => {
    const { order, sessionId } = await buyListing(harness, buyer, seller.id);
    const path = `/api/admin/transactions/${order.id}/refund`;
    const reason = 'The seller asked us to cancel the sale.';
    expect((await harness.client().post(path, { reason })).status).toBe(401);
    expect((await buyer.post(path, { reason })).status).toBe(403);
    expect((await admin.post(path, { reason: 'no' })).status).toBe(400);
    expect((await admin.post('/api/admin/transactions/2147483000/refund', { reason })).status).toBe(404);
    expect((await orderOf(order.id))?.status).toBe('in_escrow');

    const refunded = await admin.post(path, { reason });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({ orderId: order.id, status: 'refunded' });
    expect(refunded.body.refundedAmount).toBe(order.amountCents / 100);
    const again = await admin.post(path, { reason });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MONEY_TEXT.alreadyRefunded);

    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: 'refunded', refundCause: 'admin', refundReason: reason });
    expect(after?.refundReference).toBeTruthy();
    expect((await ticketOf(order.ticketId))?.status).toBe('cancelled');
    expect(await escrowBalanceOfOrder(db(), order.id)).toBe(0);
    expect(await ledgerIsBalanced(db())).toBe(true);
    expect(sessionId).toBeTruthy();
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ESCROW_REFUND_JOB), eq(jobs.key, String(order.id))));
    expect(job).toBeTruthy();
    // The job finds the refund made by the request and makes none.
    await testJobRunner(harness, clock).runOnce();
    expect(await subjectsTo(buyerAccount.email)).toContain(MONEY_MAIL_SUBJECT.buyerRefunded);
    expect(await subjectsTo(seller.email)).toContain(MONEY_MAIL_SUBJECT.sellerRefunded);
    const buyerMail = (await harness.mailer.list(buyerAccount.email)).find(
      (mail) => mail.subject === MONEY_MAIL_SUBJECT.buyerRefunded,
    );
    expect(buyerMail?.text).toContain(reason);

    expect((await buyer.get('/api/admin/audit-log')).status).toBe(403);
    expect((await harness.client().get('/api/admin/audit-log')).status).toBe(401);
    const log = await admin.get(
      `/api/admin/audit-log?action=order.refund&targetType=order&targetId=${order.id}`,
    );
    expect(log.status, log.text).toBe(200);
    expect(log.body.total).toBe(1);
    expect(log.body.entries[0]).toMatchObject({
      adminId: adminAccount.id,
      action: 'order.refund',
      targetType: 'order',
      targetId: String(order.id),
      before: { status: 'in_escrow' },
      after: { status: 'refunded', reason },
    });
  });

  it('refuses to refund an order already paid out', async () => {
    const { order, ticket } = await buyListing(harness, buyer, seller.id);
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    await completeTransfer(db(), ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await runPayout(depsWith(sandbox()), order.id);
    const response = await admin.post(`/api/admin/transactions/${order.id}/refund`, {
      reason: 'Too late now',
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(MONEY_TEXT.paidOut);
  });

  it('takes reports until confirmation and the window, and resolves each dispute once, both ways', async () => {
    const confirmed = await buyListing(harness, buyer, seller.id);
    await initiateTransfer(db(), confirmed.ticket.id, seller.id, clock.now());
    await completeTransfer(
      db(),
      confirmed.ticket.id,
      { kind: 'buyer', userId: buyerAccount.id },
      clock.now(),
    );
    const late = await buyer.post(`/api/tickets/${confirmed.ticket.id}/report-problem`, { reason: 'Fake' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MONEY_TEXT.reportAfterConfirmation);

    const toRefund = await buyListing(harness, buyer, seller.id);
    const toRelease = await buyListing(harness, buyer, seller.id);
    const afterWindow = await buyListing(harness, buyer, seller.id);
    await initiateTransfer(db(), toRelease.ticket.id, seller.id, clock.now());
    await initiateTransfer(db(), afterWindow.ticket.id, seller.id, clock.now());
    for (const sale of [toRefund, toRelease]) {
      const report = await buyer.post(`/api/tickets/${sale.ticket.id}/report-problem`, {
        reason: 'The tickets never arrived.',
      });
      expect(report.status, report.text).toBe(200);
    }
    expect((await buyer.get('/api/admin/disputes')).status).toBe(403);
    const list = await admin.get('/api/admin/disputes?pageSize=100');
    expect(list.status, list.text).toBe(200);
    const listed = list.body.disputes.find(
      (dispute: { orderId: number }) => dispute.orderId === toRelease.order.id,
    );
    // People are named by username, as on every other admin tab.
    expect(listed).toMatchObject({
      buyerName: buyerAccount.username,
      sellerName: seller.username,
      source: 'report',
      status: 'open',
      reason: 'The tickets never arrived.',
      transferStatus: 'initiated',
      barcode: { required: false, uploaded: false, downloaded: false },
    });
    expect(listed.thread.at(-1).isSystem).toBe(true);

    const refundPath = `/api/admin/disputes/${toRefund.order.id}/resolve`;
    const noTransfer = await admin.post(refundPath, { resolution: 'release', reason: 'Seller delivered' });
    expect(noTransfer.status).toBe(409);
    expect(noTransfer.body.message).toBe(MONEY_TEXT.releaseNotTransferred);
    const refund = await admin.post(refundPath, { resolution: 'refund', reason: 'Nothing was delivered' });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.body.dispute).toMatchObject({
      status: 'refunded',
      resolutionReason: 'Nothing was delivered',
    });
    expect((await admin.post(refundPath, { resolution: 'refund', reason: 'Again please' })).status).toBe(409);
    expect(await escrowBalanceOfOrder(db(), toRefund.order.id)).toBe(0);

    const releasePath = `/api/admin/disputes/${toRelease.order.id}/resolve`;
    const release = await admin.post(releasePath, {
      resolution: 'release',
      reason: 'The buyer used the tickets',
    });
    expect(release.status, release.text).toBe(200);
    expect(release.body.dispute.status).toBe('released');
    expect((await admin.post(releasePath, { resolution: 'refund', reason: 'Changed mind' })).status).toBe(
      409,
    );
    expect((await ticketOf(toRelease.ticket.id))?.transferComplete).toBe(true);
    expect(await subjectsTo(seller.email)).toContain(MONEY_MAIL_SUBJECT.disputeReleased);
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await testJobRunner(harness, clock).runOnce();
    expect((await orderOf(toRelease.order.id))?.status).toBe('released');

    clock.set(AFTER_REPORT_WINDOW);
    const closed = await buyer.post(`/api/tickets/${afterWindow.ticket.id}/report-problem`, {
      reason: 'Late',
    });
    expect(closed.status).toBe(409);
    const audit = await admin.get(`/api/admin/audit-log?action=dispute.resolve`);
    expect(audit.body.total).toBe(2);
    expect(await ledgerIsBalanced(db())).toBe(true);
  });

  it('cancels an event: every buyer not yet paid out is refunded exactly once, even across a failed runner', async () => {
    const event = await newEvent();
    const onEvent = { eventId: event.id, eventName: event.name, eventDate: event.date };
    const paidOut = await buyListing(harness, buyer, seller.id, onEvent);
    const transferred = await buyListing(harness, buyer, seller.id, onEvent);
    const sold = await buyListing(harness, buyer, seller.id, onEvent);
    for (const sale of [paidOut, transferred]) {
      await initiateTransfer(db(), sale.ticket.id, seller.id, clock.now());
      await completeTransfer(db(), sale.ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    }
    clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
    await runPayout(depsWith(sandbox()), paidOut.order.id);
    expect((await orderOf(paidOut.order.id))?.status).toBe('released');
    clock.set(new Date(START.getTime() + 2 * HOUR));
    const held = await insertListing(db(), seller.id, onEvent);
    expect((await rival.post(`/api/tickets/${held.id}/lock`)).status).toBe(200);
    const unsold = await insertListing(db(), seller.id, onEvent);

    const path = `/api/admin/events/${event.id}/cancel`;
    expect((await sellerClient.post(path, { reason: 'The venue flooded.' })).status).toBe(403);
    const cancelled = await admin.post(path, { reason: 'The venue flooded.' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.event).toMatchObject({
      status: 'cancelled',
      statusReason: 'The venue flooded.',
      activeListings: 0,
      refunds: { refunded: 0, total: 2 },
    });
    expect((await admin.post(path, { reason: 'Twice' })).body.message).toBe(MONEY_TEXT.eventCancelled);
    for (const listing of [held, unsold])
      expect(await ticketOf(listing.id)).toMatchObject({ status: 'cancelled', currentViewerId: null });
    expect(await escrowBalanceOfEvent(db(), event.id)).toBe(0);
    expect(await ledgerIsBalanced(db())).toBe(true);

    // The first runner's provider refuses one refund: it fails and waits; a second runner finishes it.
    const failing = new Set([`escrow-refund-${sold.order.id}`]);
    const first = countingProvider(failing);
    await testJobRunner(harness, clock, first.payments).runOnce();
    const progress = await admin.get(
      `/api/admin/events?status=cancelled&search=${encodeURIComponent(event.name)}`,
    );
    expect(progress.body.events[0].refunds).toEqual({ refunded: 1, total: 2 });
    clock.advance(10 * 60_000);
    const second = countingProvider();
    await testJobRunner(harness, clock, second.payments).runOnce();
    await testJobRunner(harness, clock, second.payments).runOnce();
    const keys = [...first.made, ...second.made].map((request) => request.idempotencyKey).sort();
    expect(keys).toEqual([`escrow-refund-${sold.order.id}`, `escrow-refund-${transferred.order.id}`].sort());
    for (const sale of [transferred, sold])
      expect(await orderOf(sale.order.id)).toMatchObject({
        status: 'refunded',
        refundCause: 'event_cancelled',
      });
    expect((await orderOf(paidOut.order.id))?.status).toBe('released');
    const done = await admin.get(`/api/admin/events?search=${encodeURIComponent(event.name)}`);
    expect(done.body.events[0].refunds).toEqual({ refunded: 2, total: 2 });
    expect(await escrowBalanceOfEvent(db(), event.id)).toBe(0);
    expect(await ledgerIsBalanced(db())).toBe(true);
    expect(await subjectsTo(buyerAccount.email)).toContain(MONEY_MAIL_SUBJECT.eventCancelledBuyer);
    const audit = await admin.get(`/api/admin/audit-log?targetType=event&targetId=${event.id}`);
    expect(audit.body.entries[0]).toMatchObject({ action: 'event.cancel', after: { status: 'cancelled' } });
  });

  it('postpones an event: dates move, and buyers may take a refund until the new date', async () => {
    const event = await newEvent();
    const onEvent = { eventId: event.id, eventName: event.name, eventDate: event.date };
    const keep = await buyListing(harness, buyer, seller.id, onEvent);
    const leave = await buyListing(harness, buyer, seller.id, onEvent);
    const listing = await insertListing(db(), seller.id, onEvent);
    const early = await buyer.post(`/api/tickets/${leave.ticket.id}/refund-request`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(MONEY_TEXT.refundRequestNotPostponed);

    const path = `/api/admin/events/${event.id}/postpone`;
    expect((await admin.post(path, { newDate: '2030-02-01' })).status).toBe(400);
    const postponed = await admin.post(path, { newDate: '2030-06-15' });
    expect(postponed.status, postponed.text).toBe(200);
    expect(postponed.body.event).toMatchObject({ status: 'postponed', date: '2030-06-15' });
    expect(postponed.body.message).toBe('Event postponed to Saturday, June 15, 2030');
    for (const id of [keep.ticket.id, listing.id]) expect((await ticketOf(id))?.eventDate).toBe('2030-06-15');
    const [deadline] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'transfer_deadline'), eq(jobs.key, String(keep.order.id))));
    expect(deadline?.runAt).toEqual(new Date('2030-06-14T04:00:00Z'));

    expect((await sellerClient.post(`/api/tickets/${leave.ticket.id}/refund-request`)).status).toBe(403);
    const refund = await buyer.post(`/api/tickets/${leave.ticket.id}/refund-request`);
    expect(refund.status, refund.text).toBe(200);
    expect(await orderOf(leave.order.id)).toMatchObject({
      status: 'refunded',
      refundCause: 'event_postponed',
    });
    expect((await buyer.post(`/api/tickets/${leave.ticket.id}/refund-request`)).status).toBe(409);
    clock.set(new Date('2030-06-15T04:00:00Z'));
    const tooLate = await buyer.post(`/api/tickets/${keep.ticket.id}/refund-request`);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe(MONEY_TEXT.refundRequestClosed);
    expect(await ledgerIsBalanced(db())).toBe(true);
    const audit = await admin.get(`/api/admin/audit-log?action=event.postpone&targetId=${event.id}`);
    expect(audit.body.entries[0]).toMatchObject({
      before: { date: '2030-05-01' },
      after: { date: '2030-06-15' },
    });
  });
});
