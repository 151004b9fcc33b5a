import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXT, CHECKOUT_TEXT, TICKET_TEXT } from '../../common/messages.js';
import { centsToDollars } from '../../common/money.js';
import { saleBreakdown } from '../../common/pricing.js';
import { events, venues } from '../db/schema/index.js';
import { createTestUser, signedInClient, type TestAccount } from '../modules/auth/testing.js';
import { expireBids } from '../modules/bids/service.js';
import { bidBody, bidRow, insertSavedCard } from '../modules/bids/testing.js';
import { insertListing } from '../modules/marketplace/testing.js';
import {
  createListing,
  sendTicketForm,
  uploadedImage,
  validTicketFields,
} from '../modules/tickets/testing.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../test/harness.js';
import { ManualClock } from './clock.js';

/**
 * Issue 43 §1, decision 0071: a show is on sale until its venue's midnight after its last day, on every
 * path: the marketplace (SQL and the in-memory index), the event page, the price story, holds, payment,
 * listing, bids and their expiry, and price alerts.
 */

const ZONE = 'America/Los_Angeles';
/** A one-day show on May 1 in Los Angeles (PDT, UTC−7): on sale until 2030-05-02T07:00Z. */
const SHOW_DATE = '2030-05-01';
const SHOW_EVENING = new Date('2030-05-02T06:30:00Z'); // 11:30 PM in Los Angeles on the show's day
const SHOW_OVER = new Date('2030-05-02T07:01:00Z'); // 12:01 AM the next day
/** A 3-day festival from June 10 in Los Angeles: on sale until 2030-06-13T07:00Z. */
const FESTIVAL_DATE = '2030-06-10';
const FESTIVAL_DAY_TWO = new Date('2030-06-12T03:00:00Z'); // 8 PM on June 11, day 2
const FESTIVAL_OVER = new Date('2030-06-13T07:01:00Z');

interface Listed {
  id: number;
  listingPriceCents: number;
  markup: number;
  quantity: number;
}

describe.each(backends)('still on sale, in the venue’s time, on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let harness: TestApp;
  let seller: TestAccount;
  let sellerClient: TestClient;
  let sequence = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    seller = await createTestUser(db());
    sellerClient = await signedInClient(harness, seller.id);
  });
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;

  async function show(name: string, date: string, daysCount: number) {
    sequence += 1;
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Canyon Bowl ${sequence}`, city: 'Los Angeles', timeZone: ZONE })
      .returning();
    const [event] = await db()
      .insert(events)
      .values({ name: `${name} ${sequence}`, date, daysCount, venueId: venue?.id ?? 0 })
      .returning();
    if (!event) throw new Error('no event');
    const listing = await insertListing(db(), seller.id, {
      eventId: event.id,
      eventName: event.name,
      eventDate: date,
      daysCount,
      timeZone: ZONE,
    });
    return { event, listing };
  }
  async function buyer() {
    const account = await createTestUser(db());
    return { account, client: await signedInClient(harness, account.id) };
  }
  const amountOf = (listing: Listed) =>
    centsToDollars(
      saleBreakdown({
        perTicketCents: listing.listingPriceCents,
        markupPercent: listing.markup,
        quantity: listing.quantity,
      }).buyerPaysCents,
    );
  async function marketplaceIds(client: TestClient, search?: string): Promise<number[]> {
    await harness.app.listingSearch.ready();
    const query = search ? `?search=${encodeURIComponent(search)}&limit=50` : '?limit=50&sort=eventDate:asc';
    const answer = await client.get(`/api/tickets${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.tickets.map((ticket: { id: number }) => ticket.id);
  }
  async function eventPage(eventId: number) {
    const answer = await harness.client().get(`/api/events/${eventId}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as { event: { state: string }; listings: { id: number }[]; offers: { count: number } };
  }
  async function priceStoryCount(eventId: number): Promise<number> {
    const answer = await harness.client().get(`/api/events/${eventId}/price-story`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body.listingCount;
  }

  /** Everything a fan can do with the show's listing at `at`, which is on sale. */
  async function expectOnSale(
    event: { id: number; name: string },
    listing: Listed,
    date: string,
    daysCount: number,
  ) {
    const fan = await buyer();
    expect(await marketplaceIds(fan.client)).toContain(listing.id);
    expect(await marketplaceIds(fan.client, event.name)).toContain(listing.id);
    const page = await eventPage(event.id);
    expect(page.event.state).toBe('on_sale');
    expect(page.listings.map((each) => each.id)).toContain(listing.id);
    expect(await priceStoryCount(event.id)).toBeGreaterThan(0);
    const lock = await fan.client.post(`/api/tickets/${listing.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const payment = await fan.client.post(`/api/tickets/${listing.id}/payment`, {
      amount: amountOf(listing),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const listed = await createListing(sellerClient, {
      eventName: event.name,
      eventDate: date,
      isMultiDay: daysCount > 1 ? 'true' : 'false',
      daysCount: String(daysCount),
    });
    expect(listed.id).toBeGreaterThan(0);
    const card = await insertSavedCard(db(), fan.account.id);
    const bid = await fan.client.post(
      '/api/bids',
      bidBody(card, { eventId: event.id, eventName: event.name, eventDate: date, maxPrice: 1 }),
    );
    expect(bid.status, bid.text).toBe(200);
  }

  /** Everything refuses at `at`, when the show is over: the existing 'event is past' answers. */
  async function expectOver(event: { id: number; name: string }, listing: Listed, date: string) {
    const fan = await buyer();
    expect(await marketplaceIds(fan.client)).not.toContain(listing.id);
    expect(await marketplaceIds(fan.client, event.name)).not.toContain(listing.id);
    const page = await eventPage(event.id);
    expect(page.event.state).toBe('past');
    expect(page.listings).toEqual([]);
    expect(page.offers.count).toBe(0);
    expect(await priceStoryCount(event.id)).toBe(0);
    const lock = await fan.client.post(`/api/tickets/${listing.id}/lock`);
    expect(lock.status).toBe(409);
    expect(lock.body.message).toBe(CHECKOUT_TEXT.eventPast);
    const refused = await sendTicketForm(sellerClient, 'POST', '/api/tickets', {
      ...validTicketFields(await uploadedImage(sellerClient)),
      eventName: event.name,
      eventDate: date,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ eventDate: TICKET_TEXT.eventDatePast });
    const card = await insertSavedCard(db(), fan.account.id);
    const bid = await fan.client.post(
      '/api/bids',
      bidBody(card, { eventId: event.id, eventName: event.name, eventDate: date }),
    );
    expect(bid.status).toBe(400);
    expect(bid.body.message).toBe(BID_TEXT.eventDatePast);
  }

  it('sells a Los Angeles show until midnight there: at 11:30 PM everything works, at 12:01 AM everything refuses', async () => {
    const { event, listing } = await show('Night Owls', SHOW_DATE, 1);
    const early = await buyer();
    const card = await insertSavedCard(db(), early.account.id);
    const placed = await early.client.post(
      '/api/bids',
      bidBody(card, { eventId: event.id, eventName: event.name, eventDate: SHOW_DATE, maxPrice: 1 }),
    );
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body.bid.expiresAt).toBe('2030-05-02T07:00:00.000Z');

    clock.set(SHOW_EVENING);
    await expireBids(db(), clock.now());
    expect(await bidRow(db(), placed.body.bid.id)).toMatchObject({ isActive: true });
    await expectOnSale(event, listing, SHOW_DATE, 1);

    // A hold taken two minutes before midnight cannot be paid for one minute after it.
    const other = await show('Late Set', SHOW_DATE, 1);
    const late = await buyer();
    clock.set(new Date(SHOW_OVER.getTime() - 3 * 60_000));
    const lock = await late.client.post(`/api/tickets/${other.listing.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    clock.set(SHOW_OVER);
    const payment = await late.client.post(`/api/tickets/${other.listing.id}/payment`, {
      amount: amountOf(other.listing),
      version: lock.body.version,
    });
    expect(payment.status).toBe(409);
    expect(payment.body.message).toBe(CHECKOUT_TEXT.eventPast);

    await expectOver(other.event, other.listing, SHOW_DATE);
    await expireBids(db(), clock.now());
    expect(await bidRow(db(), placed.body.bid.id)).toMatchObject({
      isActive: false,
      endedReason: BID_TEXT.endedExpired,
    });
  });

  it('sells day 2 of a 3-day festival, and stops one minute after midnight following its last day', async () => {
    clock.set(new Date('2030-03-01T12:00:00Z'));
    const { event, listing } = await show('Desert Bloom Festival', FESTIVAL_DATE, 3);
    const second = await show('Desert Bloom Festival', FESTIVAL_DATE, 3);
    clock.set(FESTIVAL_DAY_TWO);
    await expectOnSale(event, listing, FESTIVAL_DATE, 3);
    clock.set(FESTIVAL_OVER);
    await expectOver(second.event, second.listing, FESTIVAL_DATE);
  });

  it('matches a price alert with a listing made on the show’s evening in Los Angeles', async () => {
    clock.set(new Date('2030-03-01T12:00:00Z'));
    const { event } = await show('Alert Evening', '2030-07-01', 1);
    const fan = await buyer();
    const alert = await fan.client.post('/api/price-alerts', {
      eventId: event.id,
      quantity: 2,
      maxPrice: 1000,
    });
    expect(alert.status, alert.text).toBe(200);
    clock.set(new Date('2030-07-02T06:30:00Z'));
    await createListing(sellerClient, { eventName: event.name, eventDate: '2030-07-01' });
    const { runner, mailRunner } = harness.app.priceAlertMatching;
    for (let round = 0; round < 5; round++)
      if ((await runner.runOnce()) + (await mailRunner.runOnce()) === 0) break;
    const listed = await fan.client.get('/api/price-alerts');
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.alerts.find((each: { id: number }) => each.id === alert.body.alert.id)).toMatchObject({
      status: 'matched',
    });
  });
});
