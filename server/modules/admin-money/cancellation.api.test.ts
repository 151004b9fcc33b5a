import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, MONEY_MAIL_SUBJECT, TICKET_TEXT } from '../../../common/messages.js';
import type { MyTicket } from '../../../common/schemas/my-tickets.js';
import { formatCalendarDate, localMidnight } from '../../../common/venue-time.js';
import { events, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing, isoDay } from '../marketplace/testing.js';
import { buyListing, testJobRunner } from '../payouts/testing.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';

/** What a cancelled or postponed event leaves behind (decision 0042). */

const SHARED_ANSWERS_MS = 6_000;

describe.each(backends)('cancelled and postponed events on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock();
  let admin: TestClient;
  let sellerAccount: TestAccount;
  let otherSellerAccount: TestAccount;
  let buyerAccount: TestAccount;
  let seller: TestClient;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    admin = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
    sellerAccount = await createTestUser(db);
    otherSellerAccount = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    seller = await signedInClient(harness, sellerAccount.id);
    buyer = await signedInClient(harness, buyerAccount.id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  async function newEvent(name: string, date = isoDay(40, clock.now())) {
    const [venue] = await db()
      .insert(venues)
      .values({ name: `${name} Hall`, city: 'Springfield' })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name, date, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    return event;
  }
  const uniqueName = (prefix: string) =>
    `${prefix} ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  /** What each search offers for `name`, read after the shared answers of an earlier read expired. */
  async function searchesFor(name: string) {
    clock.advance(SHARED_ANSWERS_MS);
    const query = encodeURIComponent(name);
    const concerts = await harness.client().get(`/api/concerts/search?query=${query}`);
    const suggestions = await harness.client().get(`/api/search/suggestions?q=${query}`);
    const marketplace = await buyer.get(`/api/tickets?search=${query}`);
    for (const answer of [concerts, suggestions, marketplace]) expect(answer.status, answer.text).toBe(200);
    return {
      concerts: concerts.body.map((event: { id: number }) => event.id),
      suggestions: suggestions.body.map((suggestion: { text: string }) => suggestion.text),
      listings: marketplace.body.tickets.map((ticket: { id: number }) => ticket.id),
    };
  }
  const outboxOf = async (email: string) =>
    (await harness.client().get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).body as {
      subject: string;
      text: string;
    }[];
  async function cardOf(client: TestClient, tab: string, ticketId: number): Promise<MyTicket | undefined> {
    const answer = await client.get(`/api/my-tickets?tab=${tab}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.tickets.find((ticket: MyTicket) => ticket.id === ticketId);
  }

  it('takes a cancelled event out of search, suggestions, the marketplace and listing, and e-mails its sellers', async () => {
    const event = await newEvent(uniqueName('Zephyr Gala'));
    const onEvent = { eventId: event.id, eventName: event.name, eventDate: event.date };
    const listings = [
      await insertListing(db(), sellerAccount.id, onEvent),
      await insertListing(db(), sellerAccount.id, onEvent),
    ];
    const otherListing = await insertListing(db(), otherSellerAccount.id, onEvent);
    const sale = await buyListing(harness, buyer, sellerAccount.id, onEvent);
    const listingForm = {
      ...validTicketFields(await uploadedImage(seller)),
      eventName: event.name,
      eventDate: event.date,
    };

    const before = await searchesFor(event.name);
    expect(before.concerts).toContain(event.id);
    expect(before.suggestions).toContain(event.name);
    expect(before.listings).toEqual(
      expect.arrayContaining([...listings, otherListing].map((listing) => listing.id)),
    );

    const reason = 'The headliner fell ill.';
    const cancelled = await admin.post(`/api/admin/events/${event.id}/cancel`, { reason });
    expect(cancelled.status, cancelled.text).toBe(200);
    const runner = testJobRunner(harness, clock);
    await runner.runOnce();
    await runner.runOnce();

    const after = await searchesFor(event.name);
    expect(after.concerts).not.toContain(event.id);
    expect(after.suggestions).not.toContain(event.name);
    expect(after.listings).toEqual([]);
    const refused = await sendTicketForm(seller, 'POST', '/api/tickets', listingForm);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.message).toBe(TICKET_TEXT.eventCancelled);
    const byId = await sendTicketForm(seller, 'POST', '/api/tickets', {
      ...listingForm,
      eventName: 'Renamed by hand',
      eventId: String(event.id),
    });
    expect(byId.status, byId.text).toBe(400);
    const relisted = await admin.put(`/api/admin/tickets/${listings[0]?.id}`, {
      status: 'available',
      reason: 'Checked by support.',
    });
    expect(relisted.status, relisted.text).toBe(409);
    expect(relisted.body.message).toBe(ADMIN_TEXT.cancelledEventListing);

    // One e-mail per seller, counting their withdrawn listings; the seller of the sale also hears of its refund.
    const sellerMails = await outboxOf(sellerAccount.email);
    const withdrawn = sellerMails.filter((mail) => mail.subject === MONEY_MAIL_SUBJECT.listingsWithdrawn);
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]?.text).toContain(
      `${event.name} on ${formatCalendarDate(event.date)} was cancelled, so we withdrew your 2 listings for it`,
    );
    expect(withdrawn[0]?.text).toContain(`Reason: ${reason}`);
    expect(sellerMails.map((mail) => mail.subject)).toContain(MONEY_MAIL_SUBJECT.eventCancelledSeller);
    const otherMails = await outboxOf(otherSellerAccount.email);
    expect(otherMails.map((mail) => mail.subject)).toEqual([MONEY_MAIL_SUBJECT.listingsWithdrawn]);
    expect(otherMails[0]?.text).toContain('so we withdrew your listing for it');
    const buyerSubjects = (await outboxOf(buyerAccount.email)).map((mail) => mail.subject);
    expect(buyerSubjects).toContain(MONEY_MAIL_SUBJECT.eventCancelledBuyer);
    expect(buyerSubjects).not.toContain(MONEY_MAIL_SUBJECT.listingsWithdrawn);

    expect(await cardOf(buyer, 'bought', sale.ticket.id)).toMatchObject({
      refunded: true,
      refundCause: 'event_cancelled',
      refundRequestUntil: null,
    });
    expect(await cardOf(seller, 'sold', sale.ticket.id)).toMatchObject({ refundCause: 'event_cancelled' });
    // The withdrawn listings say why on My Tickets (issue 34).
    expect(await cardOf(seller, 'listings', listings[0]?.id ?? 0)).toMatchObject({
      listingState: 'event_cancelled',
    });
  });

  it('keeps a postponed event in search and tells its buyer until when a refund may be asked, then why it was refunded', async () => {
    const event = await newEvent(uniqueName('Nimbus Nights'));
    const onEvent = { eventId: event.id, eventName: event.name, eventDate: event.date };
    const keep = await buyListing(harness, buyer, sellerAccount.id, onEvent);
    const leave = await buyListing(harness, buyer, sellerAccount.id, onEvent);
    const bySupport = await buyListing(harness, buyer, sellerAccount.id, onEvent);
    expect(await cardOf(buyer, 'pending', keep.ticket.id)).toMatchObject({
      refundCause: null,
      refundRequestUntil: null,
    });

    const newDate = isoDay(60, clock.now());
    const postponed = await admin.post(`/api/admin/events/${event.id}/postpone`, { newDate });
    expect(postponed.status, postponed.text).toBe(200);
    expect((await searchesFor(event.name)).concerts).toContain(event.id);
    // Until the new date begins at the venue: its midnight in the platform's zone, New York.
    const until = localMidnight(newDate, 'America/New_York');
    expect(await cardOf(buyer, 'pending', keep.ticket.id)).toMatchObject({
      refundRequestUntil: until.toISOString(),
      timeZone: 'America/New_York',
    });
    expect(await cardOf(seller, 'pending', keep.ticket.id)).toMatchObject({ refundRequestUntil: null });

    const requested = await buyer.post(`/api/tickets/${leave.ticket.id}/refund-request`);
    expect(requested.status, requested.text).toBe(200);
    expect(await cardOf(buyer, 'bought', leave.ticket.id)).toMatchObject({
      refunded: true,
      refundCause: 'event_postponed',
      refundRequestUntil: null,
    });
    const refunded = await admin.post(`/api/admin/transactions/${bySupport.order.id}/refund`, {
      reason: 'The buyer wrote to support.',
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(await cardOf(buyer, 'bought', bySupport.ticket.id)).toMatchObject({
      refunded: true,
      refundCause: 'admin',
      refundRequestUntil: null,
    });

    clock.set(until);
    expect(await cardOf(buyer, 'pending', keep.ticket.id)).toMatchObject({ refundRequestUntil: null });
  });
});
