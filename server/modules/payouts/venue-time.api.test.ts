import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MONEY_MAIL_SUBJECT,
  MONEY_TEXT,
  PAYOUT_MAIL_SUBJECT,
  PAYOUT_TEXT,
} from '../../../common/messages.js';
import type { MyTicket } from '../../../common/schemas/my-tickets.js';
import { events, jobs, payouts, ticketMessages, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { AUTO_COMPLETE_JOB, PAYOUT_JOB, TRANSFER_DEADLINE_JOB } from '../sales/timeline.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';
import { buyListing, testJobRunner } from './testing.js';

/**
 * Issue 32 §5, decision 0056: event deadlines begin at the venue's local midnight and count from a multi-day
 * event's last day. Los Angeles is on PDT (UTC−7) through these dates, so its midnight is 07:00 UTC.
 */

const START = new Date('2030-03-01T12:00:00Z');
const LA = 'America/Los_Angeles';
/** A festival from Thursday May 1 to Sunday May 4, 2030 at a Los Angeles venue. */
const festival = { eventDate: '2030-05-01', daysCount: 4, timeZone: LA };

describe.each(backends)('event deadlines in the venue’s time on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(START);
  let seller: TestAccount;
  let sellerClient: TestClient;
  let buyerAccount: TestAccount;
  let buyer: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    // The platform's zone is not the venues': only a listing without a catalog venue takes it.
    harness = await startTestApp(backend, { PLATFORM_TIME_ZONE: 'America/Chicago' }, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    sellerClient = await signedInClient(harness, seller.id);
    buyer = await signedInClient(harness, buyerAccount.id);
    admin = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
  });
  afterAll(async () => {
    await harness.close();
  });
  beforeEach(() => {
    clock.set(START);
  });

  const db = () => harness.database.db;
  const at = (iso: string) => new Date(iso);
  const runAtOf = async (kind: string, orderId: number) =>
    (
      await db()
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.key, String(orderId))))
    )[0]?.runAt;
  const transferOf = async (ticketId: number) =>
    (await db().select({ status: tickets.transferStatus }).from(tickets).where(eq(tickets.id, ticketId)))[0]
      ?.status;
  const paidOrders = async (orderId: number) =>
    db().select({ status: payouts.status }).from(payouts).where(eq(payouts.orderId, orderId));
  const mailsTo = async (email: string, subject: string, eventName: string) =>
    (await harness.mailer.list(email)).filter(
      (mail) => mail.subject === subject && mail.text.includes(eventName),
    );
  /** A sale of a festival ticket, under a name of its own so its e-mails are told apart. */
  const festivalSale = () =>
    buyListing(harness, buyer, seller.id, {
      ...festival,
      eventName: `Desert Bloom ${Math.random().toString(36).slice(2)}`,
    });
  async function catalogEvent(name: string, date: string, daysCount: number, timeZone = LA) {
    const suffix = Math.random().toString(36).slice(2);
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Bowl ${suffix}`, city: 'Los Angeles', timeZone })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `${name} ${suffix}`, date, daysCount, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  async function myTicket(client: TestClient, ticketId: number): Promise<MyTicket | undefined> {
    const response = await client.get('/api/my-tickets?tab=pending&limit=50');
    expect(response.status, response.text).toBe(200);
    return response.body.tickets.find((ticket: MyTicket) => ticket.id === ticketId);
  }

  it('completes a 4-day festival and pays its seller only after its last day is over at the venue', async () => {
    const { ticket, order } = await festivalSale();
    // The transfer is due before the first day; completion and payout count from the last, May 4.
    expect(await runAtOf(TRANSFER_DEADLINE_JOB, order.id)).toEqual(at('2030-04-30T07:00:00Z'));
    expect(await runAtOf(AUTO_COMPLETE_JOB, order.id)).toEqual(at('2030-05-06T07:00:00Z'));
    const [note] = await db()
      .select({ content: ticketMessages.content })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticket.id));
    expect(note?.content).toBe(PAYOUT_TEXT.systemSold('Tuesday, April 30, 2030 at 12:00 AM PDT'));

    const runner = testJobRunner(harness, clock);
    clock.set(at('2030-04-29T07:00:00Z'));
    await runner.runOnce();
    const [reminder] = await mailsTo(seller.email, PAYOUT_MAIL_SUBJECT.transferReminder, ticket.eventName);
    expect(reminder?.text).toContain(`${ticket.eventName} on Wednesday, May 1, 2030`);
    expect(reminder?.text).toContain(
      'If the transfer is not initiated by Tuesday, April 30, 2030 at 12:00 AM PDT,',
    );
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());

    // Day 3 of the festival, and the morning of its last day: the sale is still the buyer's to check.
    for (const now of ['2030-05-03T07:00:00Z', '2030-05-04T07:00:00Z', '2030-05-06T06:59:00Z']) {
      clock.set(at(now));
      await runner.runOnce();
      expect(await transferOf(ticket.id), now).toBe('initiated');
    }
    clock.set(at('2030-05-06T07:00:00Z'));
    await runner.runOnce();
    expect(await transferOf(ticket.id)).toBe('completed');
    expect(await runAtOf(PAYOUT_JOB, order.id)).toEqual(at('2030-05-07T07:00:00Z'));
    const [completed] = await mailsTo(seller.email, PAYOUT_MAIL_SUBJECT.saleCompleted, ticket.eventName);
    expect(completed?.text).toContain('scheduled for Tuesday, May 7, 2030, three days after the event.');
    const listed = await sellerClient.get(`/api/payouts?ticketId=${ticket.id}`);
    expect(listed.body.payouts[0]).toMatchObject({
      status: 'scheduled',
      dueAt: '2030-05-07T07:00:00.000Z',
      timeZone: LA,
    });
    expect(listed.body.summary).toMatchObject({
      nextPayoutAt: '2030-05-07T07:00:00.000Z',
      nextPayoutTimeZone: LA,
    });

    clock.set(at('2030-05-07T06:59:00Z'));
    await runner.runOnce();
    expect(await paidOrders(order.id)).toEqual([]);
    clock.set(at('2030-05-07T07:00:00Z'));
    await runner.runOnce();
    expect(await paidOrders(order.id)).toEqual([{ status: 'paid' }]);
  });

  it('names as the next payout the earliest payout instant, whatever the venues’ zones and event lengths', async () => {
    const otherSeller = await createTestUser(db());
    const otherClient = await signedInClient(harness, otherSeller.id);
    // A festival that starts first but ends on May 2 in Los Angeles: paid May 5 at 07:00 UTC.
    const longer = { eventDate: '2030-04-29', daysCount: 4, timeZone: LA };
    // A show on May 1 in Honolulu (UTC−10): paid May 4 at 10:00 UTC, the earlier of the two.
    const honolulu = { eventDate: '2030-05-01', daysCount: 1, timeZone: 'Pacific/Honolulu' };
    for (const days of [longer, honolulu]) {
      const { ticket } = await buyListing(harness, buyer, otherSeller.id, days);
      await initiateTransfer(db(), ticket.id, otherSeller.id, clock.now());
      await completeTransfer(db(), ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    }
    const listed = await otherClient.get('/api/payouts');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.summary).toMatchObject({
      nextPayoutAt: '2030-05-04T10:00:00.000Z',
      nextPayoutTimeZone: 'Pacific/Honolulu',
    });
    expect(
      listed.body.payouts.map((item: { dueAt: string; timeZone: string }) => [item.dueAt, item.timeZone]),
    ).toEqual([
      ['2030-05-04T10:00:00.000Z', 'Pacific/Honolulu'],
      ['2030-05-05T07:00:00.000Z', LA],
    ]);
  });

  it('takes a report of a problem until the venue’s midnight a full day after the last day', async () => {
    const late = await festivalSale();
    const inTime = await festivalSale();
    for (const sale of [late, inTime]) await initiateTransfer(db(), sale.ticket.id, seller.id, clock.now());
    clock.set(at('2030-05-06T06:59:00Z'));
    const reported = await buyer.post(`/api/tickets/${inTime.ticket.id}/report-problem`, {
      reason: 'Day 4 would not scan.',
    });
    expect(reported.status, reported.text).toBe(200);
    clock.set(at('2030-05-06T07:00:00Z'));
    const refused = await buyer.post(`/api/tickets/${late.ticket.id}/report-problem`, {
      reason: 'Day 4 would not scan.',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MONEY_TEXT.reportWindowClosed);
  });

  it('never completes a sale early from an automatic completion scheduled before its venue’s time', async () => {
    const { ticket, order } = await festivalSale();
    await initiateTransfer(db(), ticket.id, seller.id, clock.now());
    // As a sale scheduled by UTC days would have it: 00:00 UTC two days after the first day.
    await db()
      .update(jobs)
      .set({ runAt: at('2030-05-03T00:00:00Z') })
      .where(and(eq(jobs.kind, AUTO_COMPLETE_JOB), eq(jobs.key, String(order.id))));
    clock.set(at('2030-05-03T00:00:00Z'));
    await testJobRunner(harness, clock).runOnce();
    expect(await transferOf(ticket.id)).toBe('initiated');
    expect(await runAtOf(AUTO_COMPLETE_JOB, order.id)).toEqual(at('2030-05-06T07:00:00Z'));
  });

  it('keeps the refund of a postponed event open until the new date begins at the venue, and says until when', async () => {
    const event = await catalogEvent('Canyon Lights', '2030-05-01', 1);
    const onEvent = { eventId: event.id, eventName: event.name, eventDate: event.date, timeZone: LA };
    const keep = await buyListing(harness, buyer, seller.id, onEvent);
    const leave = await buyListing(harness, buyer, seller.id, onEvent);
    const postponed = await admin.post(`/api/admin/events/${event.id}/postpone`, { newDate: '2030-06-10' });
    expect(postponed.status, postponed.text).toBe(200);
    expect(await runAtOf(TRANSFER_DEADLINE_JOB, keep.order.id)).toEqual(at('2030-06-09T07:00:00Z'));
    expect(await runAtOf(AUTO_COMPLETE_JOB, keep.order.id)).toEqual(at('2030-06-12T07:00:00Z'));
    const [mail] = await mailsTo(buyerAccount.email, MONEY_MAIL_SUBJECT.eventPostponed, event.name);
    expect(mail?.text).toContain(
      `${event.name} has moved from Wednesday, May 1, 2030 to Monday, June 10, 2030.`,
    );
    expect(mail?.text).toContain(
      'you can ask for a full refund in My Tickets until Monday, June 10, 2030 at 12:00 AM PDT:',
    );
    expect(await myTicket(buyer, keep.ticket.id)).toMatchObject({
      eventDate: '2030-06-10',
      timeZone: LA,
      refundRequestUntil: '2030-06-10T07:00:00.000Z',
    });

    // Evening of June 9 in Los Angeles, already June 10 in UTC: still in time.
    clock.set(at('2030-06-10T06:59:00Z'));
    const inTime = await buyer.post(`/api/tickets/${leave.ticket.id}/refund-request`);
    expect(inTime.status, inTime.text).toBe(200);
    clock.set(at('2030-06-10T07:00:00Z'));
    expect((await myTicket(buyer, keep.ticket.id))?.refundRequestUntil).toBeNull();
    const tooLate = await buyer.post(`/api/tickets/${keep.ticket.id}/refund-request`);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toBe(MONEY_TEXT.refundRequestClosed);
  });

  it('gives a listing its catalog venue’s zone, and one without a catalog event the platform’s', async () => {
    clock.set(new Date());
    const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const event = await catalogEvent('Harbor Nights', date, 1, 'America/Denver');
    const fields = validTicketFields(await uploadedImage(sellerClient));
    const inCatalog = await sendTicketForm(sellerClient, 'POST', '/api/tickets', {
      ...fields,
      eventId: String(event.id),
      eventName: event.name,
      eventDate: event.date,
    });
    expect(inCatalog.status, inCatalog.text).toBe(201);
    const elsewhere = await sendTicketForm(sellerClient, 'POST', '/api/tickets', {
      ...validTicketFields(await uploadedImage(sellerClient)),
      eventName: 'Backyard Session',
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    const zoneOf = async (id: number) =>
      (await db().select({ timeZone: tickets.timeZone }).from(tickets).where(eq(tickets.id, id)))[0]
        ?.timeZone;
    expect(await zoneOf(inCatalog.body.id)).toBe('America/Denver');
    expect(await zoneOf(elsewhere.body.id)).toBe('America/Chicago');
  });
});
