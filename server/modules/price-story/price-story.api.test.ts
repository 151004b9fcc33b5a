import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { PRICE_STORY_MAX_POINTS } from '../../../common/schemas/price-story.js';
import { PRICE_STORY_TEXT } from '../../../common/texts/price-story.js';
import { events, fanQueueShows, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing, type ListingOverrides } from '../marketplace/testing.js';
import { buyListing } from '../payouts/testing.js';

// 04:00 on March 1 in Los Angeles, where the shows' venues are.
const START = new Date('2030-03-01T12:00:00Z');

describe.each(backends)('price story API on %s', (backend) => {
  const clock = new ManualClock(START);
  let harness: TestApp;
  let sellerId: number;
  let admin: TestClient;
  let venueId: number;
  let made = 0;
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    sellerId = (await createTestUser(db)).id;
    admin = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
    const [venue] = await db
      .insert(venues)
      .values({ name: 'Hollywood Bowl', city: 'Los Angeles', timeZone: 'America/Los_Angeles' })
      .returning();
    venueId = venue?.id ?? 0;
  });
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;

  async function show() {
    made += 1;
    const [event] = await db()
      .insert(events)
      .values({ name: `Price Story Night ${made}`, date: '2030-05-01', venueId })
      .returning();
    return event?.id ?? 0;
  }

  /** A listing for the shows' date unless told otherwise. */
  async function list(overrides: ListingOverrides) {
    return insertListing(db(), sellerId, { eventDate: '2030-05-01', ...overrides });
  }

  async function buyer() {
    return signedInClient(harness, (await createTestUser(db())).id);
  }

  it('answers 404 with a clear message for an unknown event, and 400 for an id that is none', async () => {
    const unknown = await harness.client().get('/api/events/2000000/price-story');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(PRICE_STORY_TEXT.eventNotFound);
    const invalid = await harness.client().get('/api/events/forty-two/price-story');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(INPUT_TEXT.invalidId);
  });

  it('tells a visitor that nothing is listed for a show without listings', async () => {
    const eventId = await show();
    const response = await harness.client().get(`/api/events/${eventId}/price-story`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      eventId,
      timeZone: 'America/Los_Angeles',
      listingCount: 0,
      points: [],
      soldDays: [],
      sentence: PRICE_STORY_TEXT.noListings,
      throughFanQueueTickets: 0,
    });
  });

  it('counts the tickets that went through the show’s Fan Queue, and only that show’s', async () => {
    const eventId = await show();
    const other = await show();
    // The counters fulfilment keeps as a queue offer is bought (fan-queue/offer-ends.ts).
    await db()
      .insert(fanQueueShows)
      .values([
        { eventId, waiting: 4, throughQueueTickets: 3 },
        { eventId: other, waiting: 0, throughQueueTickets: 8 },
      ]);
    const response = await harness.client().get(`/api/events/${eventId}/price-story`);
    expect(response.status).toBe(200);
    expect(response.body.throughFanQueueTickets).toBe(3);
  });

  it('plots the listings on sale, cheapest first, and words them from the same rows', async () => {
    const eventId = await show();
    const listed = [];
    // All-in against the original price: −18.4%, −8.2%, +2.0%, +12.1%, +22.3% (markup, then the 1.95% card
    // fee). The +2.0% is $90 face value and a $10 original fee (decision 0073): +13.3% against face value alone.
    for (const markup of [20, -10, 0, -20, 10])
      listed.push(
        await list(
          markup === 0
            ? { eventId, markup, serviceFeeCents: 1_000, faceValueCents: 9_000 }
            : { eventId, markup, serviceFeeCents: 0, faceValueCents: 10_000 },
        ),
      );
    listed.push(await list({ eventId, faceValueCents: 0, serviceFeeCents: 0 }));
    // Not on sale, or not this show's: none of them is counted.
    await list({ eventId, sold: true });
    await list({ eventId, status: 'cancelled' });
    await list({ eventId, status: 'pending' });
    await list({ eventId, eventDate: '2030-02-01' });
    await list({ eventId: await show() });

    const response = await harness.client().get(`/api/events/${eventId}/price-story`);
    expect(response.status).toBe(200);
    const cheapestFirst = [...listed].sort(
      (a, b) => a.buyerPaysPerTicketCents - b.buyerPaysPerTicketCents || a.id - b.id,
    );
    expect(response.body.listingCount).toBe(6);
    expect(response.body.points).toEqual(
      cheapestFirst.map((ticket) => ({
        listingId: ticket.id,
        perTicketAllIn: centsToDollars(ticket.buyerPaysPerTicketCents),
        originalPricePerTicket: centsToDollars(ticket.faceValueCents + ticket.serviceFeeCents),
      })),
    );
    // Quartiles by nearest rank of five: the 2nd (−8.2%) and the 4th (+12.1%).
    expect(response.body.sentence).toBe(
      'Most listings are between 8% below and 12% above the original price; 2 are at or below it; 1 more lists no original price.',
    );
    expect(response.body.soldDays).toEqual([]);
  });

  it('sends the cheapest listings only, past the cap, and words them all', async () => {
    const eventId = await show();
    const dearer = 300;
    const rows = Array.from({ length: PRICE_STORY_MAX_POINTS + dearer }, (_, index) => ({
      sellerId,
      eventId,
      eventName: 'Crowded Night',
      eventDate: '2030-05-01',
      description: 'Crowded Night at the Hollywood Bowl',
      section: '101',
      row: 'A',
      seats: String(index),
      quantity: 1,
      faceValueCents: 10_000,
      serviceFeeCents: 0,
      markup: 0,
      // $100.00 to $104.99, then 300 at $200: the dearest are left out of the points, not of the sentence.
      listingPriceCents: index < PRICE_STORY_MAX_POINTS ? 10_000 + index : 20_000,
    }));
    await db().insert(tickets).values(rows);
    const response = await harness.client().get(`/api/events/${eventId}/price-story`);
    expect(response.body.listingCount).toBe(PRICE_STORY_MAX_POINTS + dearer);
    expect(response.body.points).toHaveLength(PRICE_STORY_MAX_POINTS);
    const prices = response.body.points.map((point: { perTicketAllIn: number }) => point.perTicketAllIn);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.max(...prices)).toBeLessThan(110);
    // Of 800, the 200th ($101.99, +3.97% all-in) and the 600th ($200, +103.9%); the 500 points alone would
    // have said 3–6%.
    expect(response.body.sentence).toBe(
      'Most listings are 4–104% above the original price; none is at or below it.',
    );
  });

  it('gives the median sold price per venue day, leaving out refunded sales and days past the window', async () => {
    const eventId = await show();
    const sell = async (at: string, markup: number) => {
      clock.set(new Date(at));
      return buyListing(harness, await buyer(), sellerId, { eventId, markup, quantity: 2 });
    };
    // Four months before: outside the 90 days.
    await sell('2029-11-01T20:00:00Z', 50);
    // March 1 in Los Angeles: 04:00, 09:00 and 22:00 there (the last is March 2 in UTC).
    const first = [await sell('2030-03-01T12:00:00Z', 0), await sell('2030-03-01T17:00:00Z', 30)];
    first.push(await sell('2030-03-02T06:00:00Z', 10));
    // March 3: two sales stand, one is refunded from escrow.
    const third = [await sell('2030-03-03T20:00:00Z', 0), await sell('2030-03-03T21:00:00Z', 20)];
    const refunded = await sell('2030-03-03T22:00:00Z', 50);
    const refund = await admin.post(`/api/admin/transactions/${refunded.order.id}/refund`, {
      reason: 'The seller never sent the ticket',
    });
    expect(refund.status, refund.text).toBe(200);
    // A sale of another show the same day.
    await buyListing(harness, await buyer(), sellerId, { eventId: await show(), markup: 40 });

    const perTicket = (sale: (typeof first)[number]) => sale.order.amountCents / sale.order.quantity;
    const [a, b, c] = first.map(perTicket).sort((x, y) => x - y);
    const [d, e] = third.map(perTicket);
    const response = await harness.client().get(`/api/events/${eventId}/price-story`);
    expect(response.status).toBe(200);
    expect(response.body.soldDays).toEqual([
      { day: '2030-03-01', sales: 3, medianPerTicketAllIn: centsToDollars(b as number) },
      {
        day: '2030-03-03',
        sales: 2,
        medianPerTicketAllIn: centsToDollars(Math.round(((d as number) + (e as number)) / 2)),
      },
    ]);
    expect(a).toBeLessThan(b as number);
    expect(b).toBeLessThan(c as number);
    // Sold listings are no longer on sale.
    expect(response.body.points).toEqual([]);
    expect(response.body.sentence).toBe(PRICE_STORY_TEXT.noListings);
    clock.set(START);
  });
});
