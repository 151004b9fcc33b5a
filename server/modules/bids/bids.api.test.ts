import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXT, PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { type Database, openPostgres } from '../../db/client.js';
import { bids, events, savedCards, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import {
  backends,
  openTestDatabase,
  startTestAppOn,
  type TestApp,
  type TestClient,
  type ThrowawayDatabase,
} from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { buyListing } from '../payouts/testing.js';
import { rateSeller } from '../reviews/testing.js';
import { bidBody, insertSavedCard } from './testing.js';

const LIMIT_MESSAGE = `${BID_TEXT.limitTitle}: ${BID_TEXT.limit}`;

describe.each(backends)('bids API on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let database: ThrowawayDatabase;
  let second: Database;
  let harness: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase(backend);
    second = database.url ? await openPostgres(database.url, { poolSize: 5 }) : database;
    harness = await startTestAppOn(database, {}, { clock });
    other = await startTestAppOn(second, {}, { clock });
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await harness?.close();
    if (second && second !== database) await second.close();
    await database?.drop();
  });
  const db = () => harness.database.db;

  async function member() {
    const user = await createTestUser(db());
    const card = await insertSavedCard(db(), user.id);
    return { user, card, client: await signedInClient(harness, user.id) };
  }

  it('refuses every invalid field with the spec’s message and stores nothing', async () => {
    const { user, card, client } = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ eventName: '' }, BID_TEXT.eventNameRequired],
      [{ eventDate: '' }, BID_TEXT.eventDateRequired],
      [{ eventDate: '2030-02-30' }, BID_TEXT.eventDateRequired],
      [{ eventDate: '2030-02-28' }, BID_TEXT.eventDatePast],
      [{ maxPrice: undefined }, BID_TEXT.maxPriceRequired],
      [{ maxPrice: 'ten' }, BID_TEXT.maxPriceNumber],
      [{ maxPrice: 0 }, BID_TEXT.maxPricePositive],
      [{ maxPrice: -5 }, BID_TEXT.maxPricePositive],
      [{ quantity: 'two' }, BID_TEXT.quantityNumber],
      [{ quantity: 1.5 }, BID_TEXT.quantityNumber],
      [{ quantity: 0 }, BID_TEXT.quantityPositive],
      [{ quantity: 9 }, BID_TEXT.quantityTooMany],
      [{ stripePaymentMethodId: '' }, BID_TEXT.paymentMethodRequired],
      [{ stripePaymentMethodId: 'sbx_pm_4242_unknown' }, PAYMENT_METHOD_TEXT.notFound],
      [{ eventId: 2_000_000 }, BID_TEXT.eventNotFound],
    ];
    for (const [overrides, message] of cases) {
      const response = await client.post('/api/bids', bidBody(card, overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.message, JSON.stringify(overrides)).toBe(message);
    }
    expect(await db().select().from(bids).where(eq(bids.userId, user.id))).toEqual([]);
  });

  it('keeps a card that pays for an active bid until the bid is cancelled (decision 0044)', async () => {
    const { card, client } = await member();
    const bid = (await client.post('/api/bids', bidBody(card, { eventName: 'Kept Card Night' }))).body.bid;
    const refused = await client.delete(`/api/payment-methods/${card}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PAYMENT_METHOD_TEXT.usedByActiveBid('Kept Card Night'));
    const [kept] = await db().select().from(savedCards).where(eq(savedCards.id, card));
    expect(kept?.removedAt).toBeNull();

    expect((await client.delete(`/api/bids/${bid.id}`)).status).toBe(200);
    expect((await client.delete(`/api/payment-methods/${card}`)).status).toBe(200);
    const afterwards = await client.post('/api/bids', bidBody(card));
    expect(afterwards.status).toBe(400);
    expect(afterwards.body.message).toBe(PAYMENT_METHOD_TEXT.notFound);
  });

  it('creates a bid that expires when its show stops being on sale, lists it newest first and cancels it once', async () => {
    const { card, client } = await member();
    const created = await client.post(
      '/api/bids',
      bidBody(card, { maxPrice: 250.5, section: '  ', venue: '', quantity: 3 }),
    );
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      ok: true,
      message: BID_TEXT.createSucceeded,
      bid: {
        eventName: 'Luna Ray Live',
        venue: null,
        section: null,
        maxPrice: 250.5,
        quantity: 3,
        priority: 0,
        isActive: true,
        matched: false,
        matchedTicketId: null,
        endedReason: null,
        // No catalog event of that name and date: midnight after it in the platform's zone (New York).
        expiresAt: '2030-05-02T04:00:00.000Z',
        paymentMethod: { id: card, brand: 'visa', last4: '4242' },
      },
    });
    clock.advance(1_000);
    const newer = await client.post('/api/bids', bidBody(card, { eventName: 'Second Show' }));
    expect(newer.status).toBe(200);
    const listed = await client.get('/api/bids');
    expect(listed.body.bids.map((bid: { id: number }) => bid.id)).toEqual([
      newer.body.bid.id,
      created.body.bid.id,
    ]);

    const cancelled = await client.delete(`/api/bids/${created.body.bid.id}`);
    expect(cancelled.body).toEqual({ ok: true, message: BID_TEXT.cancelled });
    const again = await client.delete(`/api/bids/${created.body.bid.id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BID_TEXT.notActive);
    const [row] = await db().select().from(bids).where(eq(bids.id, created.body.bid.id));
    expect(row).toMatchObject({ isActive: false, endedReason: BID_TEXT.endedCancelled });
  });

  it('takes the priority from the bidder’s real rating, never from the request (decision 0054)', async () => {
    const { user, card, client } = await member();
    const unrated = await client.post('/api/bids', bidBody(card, { priority: 10 }));
    expect(unrated.status, unrated.text).toBe(200);
    expect(unrated.body.bid.priority).toBe(0);
    await rateSeller(harness, clock, user.id, 5);
    await rateSeller(harness, clock, user.id, 4);
    const rated = await client.post('/api/bids', bidBody(card, { eventName: 'Rated Night', priority: 0 }));
    expect(rated.body.bid.priority).toBe(4.5);
    const listed = await client.get('/api/bids');
    expect(listed.body.bids.map((bid: { priority: number }) => bid.priority)).toEqual([4.5, 4.5]);
    // Any value is ignored, as an unknown field is.
    const odd = await client.post('/api/bids', bidBody(card, { priority: 'first!' }));
    expect(odd.status).toBe(409);
    expect(odd.body.message).toBe(LIMIT_MESSAGE);
  });

  it('refuses another member’s card and a removed card, and hides other members’ bids', async () => {
    const owner = await member();
    const stranger = await member();
    const theirs = await stranger.client.post('/api/bids', bidBody(owner.card));
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(PAYMENT_METHOD_TEXT.notFound);
    const mine = await owner.client.post('/api/bids', bidBody(owner.card));
    expect(mine.status).toBe(200);
    expect((await stranger.client.get('/api/bids')).body.bids).toEqual([]);
    const foreignCancel = await stranger.client.delete(`/api/bids/${mine.body.bid.id}`);
    expect(foreignCancel.status).toBe(404);
    expect(foreignCancel.body.message).toBe(BID_TEXT.notFound);
    await db().update(savedCards).set({ removedAt: clock.now() }).where(eq(savedCards.id, owner.card));
    const removed = await owner.client.post('/api/bids', bidBody(owner.card));
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe(PAYMENT_METHOD_TEXT.notFound);
  });

  it('allows 2 active bids per member, also against simultaneous creates on two instances', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => member()));
    const answers = await Promise.all(
      members.flatMap(({ user, card, client }) => [
        client.post('/api/bids', bidBody(card)),
        signedInClient(other, user.id).then((twin) => twin.post('/api/bids', bidBody(card))),
        client.post('/api/bids', bidBody(card, { eventName: 'Third' })),
      ]),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(12);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array.from({ length: 6 }, () => [409, LIMIT_MESSAGE]),
    );
    for (const { user } of members) {
      const active = await db().select().from(bids).where(eq(bids.userId, user.id));
      expect(active.filter((bid) => bid.isActive)).toHaveLength(2);
    }
    // A cancelled bid frees its place.
    const first = members[0];
    if (!first) throw new Error('no member');
    const [one] = await db().select().from(bids).where(eq(bids.userId, first.user.id));
    await first.client.delete(`/api/bids/${one?.id}`);
    expect((await first.client.post('/api/bids', bidBody(first.card))).status).toBe(200);
  });

  it('answers the average all-in price per ticket from listings, then from completed sales', async () => {
    const { client } = await member();
    const seller = await createTestUser(db());
    const name = `Average Night ${Date.now()}`;
    const none = await client.get(
      `/api/tickets/average-price?eventName=${encodeURIComponent(name)}&quantity=2`,
    );
    expect(none.body).toEqual({
      found: false,
      source: null,
      averagePrice: null,
      count: 0,
      message: BID_TEXT.averagePriceNone,
    });
    const listings = [
      await insertListing(db(), seller.id, {
        eventName: name,
        eventDate: '2030-05-01',
        faceValueCents: 8_000,
      }),
      await insertListing(db(), seller.id, {
        eventName: name,
        eventDate: '2030-05-01',
        faceValueCents: 12_000,
      }),
      await insertListing(db(), seller.id, { eventName: name, eventDate: '2030-05-01', quantity: 1 }),
    ];
    const perTicket = listings
      .slice(0, 2)
      .map((ticket) => ticket.buyerPaysPerTicketCents)
      .reduce((sum, cents) => sum + cents, 0);
    const fromListings = await client.get(
      `/api/tickets/average-price?eventName=${encodeURIComponent(name.toUpperCase())}&quantity=2`,
    );
    expect(fromListings.body).toEqual({
      found: true,
      source: 'listings',
      averagePrice: Math.round(perTicket / 2) / 100,
      count: 2,
      message: BID_TEXT.averagePriceListings,
    });

    const buyer = await createTestUser(db());
    const { price } = await buyListing(harness, await signedInClient(harness, buyer.id), seller.id, {
      eventName: name,
      faceValueCents: 20_000,
    });
    const historical = await client.get(
      `/api/tickets/average-price?eventName=${encodeURIComponent(name)}&quantity=2`,
    );
    expect(historical.body).toEqual({
      found: true,
      source: 'historical',
      averagePrice: Math.round(price.buyerPaysCents / 2) / 100,
      count: 1,
      message: BID_TEXT.averagePriceHistorical,
    });
    expect(price.buyerPaysCents).toBe(
      saleBreakdown({ perTicketCents: price.perTicketCents, markupPercent: 10, quantity: 2 }).buyerPaysCents,
    );
    // The static path does not shadow a listing's own page, nor the other way round.
    const details = await client.get(`/api/tickets/${listings[0]?.id}`);
    expect(details.status).toBe(200);
    const short = await client.get('/api/tickets/average-price?eventName=ab&quantity=2');
    expect(short.status).toBe(400);
  });

  it('averages the chosen event’s prices, not those of another event of the same name (decision 0054)', async () => {
    const { client } = await member();
    const seller = await createTestUser(db());
    const name = `Dakota Rhodes ${Date.now()}`;
    const venue = async (venueName: string, city: string) => {
      const [row] = await db().insert(venues).values({ name: venueName, city }).returning();
      return row?.id ?? 0;
    };
    const [chicago] = await db()
      .insert(events)
      .values({ name, date: '2030-11-30', venueId: await venue(`United Center ${name}`, 'Chicago') })
      .returning();
    const [dallas] = await db()
      .insert(events)
      .values({
        name,
        date: '2031-02-14',
        venueId: await venue(`American Airlines Center ${name}`, 'Dallas'),
      })
      .returning();
    if (!chicago || !dallas) throw new Error('no events');
    const dallasListing = await insertListing(db(), seller.id, {
      eventId: dallas.id,
      eventName: name,
      eventDate: dallas.date,
      faceValueCents: 7_000,
    });
    const ask = (query: Record<string, string>) =>
      client.get(
        `/api/tickets/average-price?${new URLSearchParams({ eventName: name, quantity: '2', ...query })}`,
      );
    const none = {
      found: false,
      source: null,
      averagePrice: null,
      count: 0,
      message: BID_TEXT.averagePriceNone,
    };
    expect((await ask({ eventId: String(chicago.id), eventDate: chicago.date })).body).toEqual(none);
    expect((await ask({ eventDate: chicago.date })).body).toEqual(none);
    // The spec's request names no event: every event of the name counts.
    expect((await ask({})).body).toMatchObject({ found: true, count: 1 });

    const chicagoListing = await insertListing(db(), seller.id, {
      eventId: chicago.id,
      eventName: name,
      eventDate: chicago.date,
      faceValueCents: 15_000,
    });
    const chosen = {
      found: true,
      source: 'listings',
      averagePrice: chicagoListing.buyerPaysPerTicketCents / 100,
      count: 1,
      message: BID_TEXT.averagePriceListings,
    };
    expect((await ask({ eventId: String(chicago.id), eventDate: chicago.date })).body).toEqual(chosen);
    expect((await ask({ eventDate: chicago.date })).body).toEqual(chosen);
    expect((await ask({ eventId: String(dallas.id) })).body).toMatchObject({
      count: 1,
      averagePrice: dallasListing.buyerPaysPerTicketCents / 100,
    });

    // Sales count for their own event only, too.
    const buyer = await createTestUser(db());
    await buyListing(harness, await signedInClient(harness, buyer.id), seller.id, {
      eventId: dallas.id,
      eventName: name,
      eventDate: dallas.date,
    });
    expect((await ask({ eventId: String(chicago.id) })).body).toEqual(chosen);
    expect((await ask({ eventId: String(dallas.id) })).body).toMatchObject({
      source: 'historical',
      count: 1,
    });
    expect((await ask({ eventId: 'first' })).status).toBe(400);
    expect((await ask({ eventDate: '2030-02-30' })).status).toBe(400);
  });

  it('answers 401 to a visitor on every bid route', async () => {
    const visitor: TestClient = harness.client();
    const calls = [
      visitor.post('/api/bids', bidBody('sbx_pm_4242_x')),
      visitor.get('/api/bids'),
      visitor.delete('/api/bids/1'),
      visitor.get('/api/tickets/average-price?eventName=Luna&quantity=1'),
      visitor.get('/api/bids/payments/bid_x'),
      visitor.post('/api/bids/payments/bid_x/complete'),
      visitor.post('/api/sandbox/bid-payments/bid_x/authenticate', { approve: true }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status, answer.text).toBe(401);
  });
});
