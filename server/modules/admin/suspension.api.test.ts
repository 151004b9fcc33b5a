import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, MONEY_MAIL_SUBJECT, SERVER_MESSAGE, SUSPENSION_TEXT } from '../../../common/messages.js';
import {
  adminAuditLog,
  bids,
  events,
  orders,
  priceAlerts,
  sessions,
  suspensionPauses,
  tickets,
  venues,
} from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { bidBody, insertSavedCard } from '../bids/testing.js';
import { openLive } from '../live/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buyListing, testJobRunner } from '../payouts/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

const EVENT_DATE = '2030-05-01';
const REASON = 'Sold the same seats twice on another site.';

describe.each(backends)('suspending a member on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  type Party = TestAccount & { client: TestClient };
  let admin: Party;
  const db = () => harness.database.db;
  const party = async (role: 'user' | 'admin' = 'user'): Promise<Party> => {
    const account = await createTestUser(db(), { role });
    return { ...account, client: await signedInClient(harness, account.id) };
  };
  const ticketOf = async (id: number) => {
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    if (!row) throw new Error(`no ticket ${id}`);
    return row;
  };
  const mailsTo = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];
  const lastAudit = async (targetId: number) =>
    (
      await db()
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'user.suspension'), eq(adminAuditLog.targetId, String(targetId))))
        .orderBy(desc(adminAuditLog.id))
    )[0];
  const runJobs = async () => {
    const runner = testJobRunner(harness, clock);
    for (let round = 0; round < 5; round++) if ((await runner.runOnce()) === 0) return;
  };
  const setSuspended = (who: Party, suspended: boolean, reason = REASON) =>
    admin.client.put(`/api/admin/users/${who.id}/suspension`, { suspended, reason });
  const marketIds = async (search: string) =>
    (
      (await harness.client().get(`/api/tickets?search=${encodeURIComponent(search)}`)).body.tickets as {
        id: number;
      }[]
    ).map((card) => card.id);

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    admin = await party('admin');
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('stops everything at once: sessions and streams, listings, holds, bids, alerts, untransferred sales', async () => {
    const seller = await party();
    const eventName = `Suspension Night ${backend}`;
    const onSale = await insertListing(db(), seller.id, { eventName, eventDate: EVENT_DATE });
    const heldByBuyer = await insertListing(db(), seller.id, { eventName, eventDate: EVENT_DATE });
    const withPart = await insertListing(db(), seller.id, {
      eventName,
      eventDate: EVENT_DATE,
      quantity: 4,
      seats: '1, 2, 3, 4',
      splitRule: 'any',
    });
    const buyer = await party();
    expect((await buyer.client.post(`/api/tickets/${heldByBuyer.id}/lock`)).status).toBe(200);
    const partHolder = await party();
    const part = await partHolder.client.post(`/api/tickets/${withPart.id}/lock`, { quantity: 2 });
    expect(part.status, part.text).toBe(200);
    const partId = part.body.ticketId as number;
    expect(partId).not.toBe(withPart.id);
    // The seller's own hold on someone else's listing.
    const other = await party();
    const othersListing = await insertListing(db(), other.id, { eventDate: EVENT_DATE });
    expect((await seller.client.post(`/api/tickets/${othersListing.id}/lock`)).status).toBe(200);
    // A sale paid and not transferred, and one transferred (the buyer has their ticket).
    const waitingBuyer = await party();
    const waiting = await buyListing(harness, waitingBuyer.client, seller.id, { eventDate: EVENT_DATE });
    const doneBuyer = await party();
    const done = await buyListing(harness, doneBuyer.client, seller.id, { eventDate: EVENT_DATE });
    await initiateTransfer(db(), done.ticket.id, seller.id, clock.now());
    await completeTransfer(db(), done.ticket.id, { kind: 'buyer', userId: doneBuyer.id }, clock.now());
    // A bid and a price alert.
    const card = await insertSavedCard(db(), seller.id);
    const bid = await seller.client.post('/api/bids', bidBody(card, { eventDate: EVENT_DATE }));
    expect(bid.status, bid.text).toBe(200);
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Suspension Hall ${backend}`, city: 'Portland', timeZone: 'America/Los_Angeles' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Suspension Fest ${backend}`, date: EVENT_DATE, venueId: venue?.id ?? 0 })
      .returning();
    const alert = await seller.client.post('/api/price-alerts', {
      eventId: event?.id,
      quantity: 2,
      maxPrice: 200,
    });
    expect(alert.status, alert.text).toBe(200);
    const alertId = alert.body.alert.id as number;
    const live = await openLive(seller.client);
    expect(live.status).toBe(200);
    expect(await marketIds(eventName)).toEqual(
      expect.arrayContaining([onSale.id, heldByBuyer.id, withPart.id]),
    );

    const answer = await setSuspended(seller, true);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(SUSPENSION_TEXT.userSuspended(seller.username, 1));
    expect(answer.body.user.suspended).toBe(true);

    // Signed out everywhere, the stream ended, and sign-in says why with where support is.
    expect(await db().select().from(sessions).where(eq(sessions.userId, seller.id))).toEqual([]);
    expect(await live.ended()).toBe('end');
    const login = await harness.client().post('/api/login', seller);
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      message: SERVER_MESSAGE.accountSuspended,
      supportEmail: harness.config.supportEmail,
    });
    // Listings off sale (the part with its listing), every hold ended.
    for (const id of [onSale.id, heldByBuyer.id, withPart.id, partId]) {
      const row = await ticketOf(id);
      expect(row.status, `listing ${id}`).toBe('pending');
      expect(row.currentViewerId, `listing ${id}`).toBeNull();
    }
    expect(await marketIds(eventName)).toEqual([]);
    expect((await ticketOf(othersListing.id)).currentViewerId).toBeNull();
    // A buyer holding a part cannot pay for it.
    const pay = await partHolder.client.post(`/api/tickets/${partId}/payment`, {
      amount: 1,
      version: part.body.version,
    });
    expect(pay.status).toBe(409);
    // Bids and alerts paused.
    const [bidRow] = await db().select().from(bids).where(eq(bids.id, bid.body.bid.id));
    expect(bidRow).toMatchObject({ isActive: false, endedReason: SUSPENSION_TEXT.bidPaused });
    const [alertRow] = await db().select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alertRow).toMatchObject({ status: 'ended', endedReason: 'account_suspended' });
    // The untransferred sale is refunded, both sides told; the transferred one stands.
    const [refunded] = await db().select().from(orders).where(eq(orders.id, waiting.order.id));
    expect(refunded).toMatchObject({
      status: 'refunded',
      refundCause: 'admin',
      refundReason: SUSPENSION_TEXT.sellerSuspendedRefund,
    });
    expect(refunded?.refundReference).not.toBeNull();
    const [kept] = await db().select().from(orders).where(eq(orders.id, done.order.id));
    expect(kept?.status).toBe('in_escrow');
    const buyerMails = await mailsTo(waitingBuyer.email);
    expect(buyerMails.map((mail) => mail.subject)).toContain(MONEY_MAIL_SUBJECT.buyerRefunded);
    expect(buyerMails.find((mail) => mail.subject === MONEY_MAIL_SUBJECT.buyerRefunded)?.text).toContain(
      SUSPENSION_TEXT.sellerSuspendedRefund,
    );
    // The member is e-mailed the reason and where to write.
    await runJobs();
    const suspendedMail = (await mailsTo(seller.email)).find(
      (mail) => mail.subject === SUSPENSION_TEXT.suspendedSubject,
    );
    expect(suspendedMail?.text).toBe(
      SUSPENSION_TEXT.suspendedMail('Test', REASON, harness.config.supportEmail).join('\n\n'),
    );
    expect(await lastAudit(seller.id)).toMatchObject({
      adminId: admin.id,
      before: { suspended: false },
      after: {
        suspended: true,
        reason: REASON,
        endedSessions: 1,
        listingsPaused: 4,
        bidsPaused: 1,
        alertsPaused: 1,
        refundedOrders: [waiting.order.id],
      },
    });

    // An admin cannot put one listing back on sale while its seller is suspended.
    const relist = await admin.client.put(`/api/admin/tickets/${onSale.id}`, {
      status: 'available',
      reason: 'Looks fine to me.',
    });
    expect(relist.status).toBe(409);
    expect(relist.body.message).toBe(SUSPENSION_TEXT.sellerSuspended);
    // One the admin withdraws meanwhile stays withdrawn after the reinstatement.
    const withdrawn = await admin.client.put(`/api/admin/tickets/${heldByBuyer.id}`, {
      status: 'cancelled',
      reason: 'Counterfeit tickets.',
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);

    const back = await setSuspended(seller, false, 'The seller showed the original order.');
    expect(back.status, back.text).toBe(200);
    expect(back.body.message).toBe(ADMIN_TEXT.userReinstated(seller.username));
    expect((await ticketOf(onSale.id)).status).toBe('available');
    expect((await ticketOf(heldByBuyer.id)).status).toBe('cancelled');
    // The part went back into its listing as the listing came back.
    const whole = await ticketOf(withPart.id);
    expect(whole).toMatchObject({ status: 'available', quantity: 4 });
    expect(await marketIds(eventName)).toEqual(expect.arrayContaining([onSale.id, withPart.id]));
    const [bidBack] = await db().select().from(bids).where(eq(bids.id, bid.body.bid.id));
    expect(bidBack).toMatchObject({ isActive: true, endedReason: null });
    const [alertBack] = await db().select().from(priceAlerts).where(eq(priceAlerts.id, alertId));
    expect(alertBack).toMatchObject({ status: 'active', endedReason: null });
    expect(await db().select().from(suspensionPauses).where(eq(suspensionPauses.userId, seller.id))).toEqual(
      [],
    );
    await runJobs();
    const reinstatedMail = (await mailsTo(seller.email)).find(
      (mail) => mail.subject === SUSPENSION_TEXT.reinstatedSubject,
    );
    expect(reinstatedMail?.text).toBe(
      SUSPENSION_TEXT.reinstatedMail('Test', harness.config.appUrl).join('\n\n'),
    );
    expect(await lastAudit(seller.id)).toMatchObject({
      before: { suspended: true },
      after: {
        suspended: false,
        reason: 'The seller showed the original order.',
        listingsRestored: 3,
        bidsRestored: 1,
        alertsRestored: 1,
      },
    });
    expect((await harness.client().post('/api/login', seller)).status).not.toBe(403);
  });

  it('restores only what is still valid: an expired bid and a cancelled event’s alert stay ended', async () => {
    const member = await party();
    const card = await insertSavedCard(db(), member.id);
    const bid = await member.client.post('/api/bids', bidBody(card, { eventDate: EVENT_DATE }));
    expect(bid.status, bid.text).toBe(200);
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Valid Hall ${backend}`, city: 'Portland', timeZone: 'America/Los_Angeles' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `Valid Fest ${backend}`, date: EVENT_DATE, venueId: venue?.id ?? 0 })
      .returning();
    const alert = await member.client.post('/api/price-alerts', {
      eventId: event?.id,
      quantity: 1,
      maxPrice: 100,
    });
    expect(alert.status, alert.text).toBe(200);
    expect((await setSuspended(member, true)).status).toBe(200);
    await db().update(bids).set({ expiresAt: clock.now() }).where(eq(bids.id, bid.body.bid.id));
    await db()
      .update(events)
      .set({ status: 'cancelled' })
      .where(eq(events.id, event?.id ?? 0));
    expect((await setSuspended(member, false)).status).toBe(200);
    const [bidRow] = await db().select().from(bids).where(eq(bids.id, bid.body.bid.id));
    expect(bidRow?.isActive).toBe(false);
    const [alertRow] = await db().select().from(priceAlerts).where(eq(priceAlerts.id, alert.body.alert.id));
    expect(alertRow?.status).toBe('ended');
    expect(await lastAudit(member.id)).toMatchObject({
      after: { listingsRestored: 0, bidsRestored: 0, alertsRestored: 0 },
    });
  });

  it('needs a reason, and says nothing changed when the member already is in that state', async () => {
    const member = await party();
    for (const body of [{ suspended: true }, { suspended: true, reason: ' ' }]) {
      const refused = await admin.client.put(`/api/admin/users/${member.id}/suspension`, body);
      expect(refused.status).toBe(400);
    }
    expect((await setSuspended(member, false)).status).toBe(200);
    expect(await lastAudit(member.id)).toBeUndefined();
  });
});
