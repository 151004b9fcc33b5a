import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { artists, eventArtists, events, tickets, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { LIST_SHARED_MS, SUGGESTIONS_SHARED_MS } from './routes.js';
import { listingsVersion, SEARCH_CANDIDATES } from './service.js';
import { insertListing } from './testing.js';

const PUBLIC_KEYS = [
  'barcodeChecked',
  'buyerPays',
  'buyerPaysPerTicket',
  'buyingQuantity',
  'daysCount',
  'description',
  'eventDate',
  'eventName',
  // What the original price is made of, beside the price (decision 0083).
  'faceValue',
  'id',
  'isMultiDay',
  'listingPrice',
  'markup',
  'priceComparison',
  'quantity',
  'row',
  'seats',
  'section',
  'serviceFee',
  'sold',
  'splitRule',
  'totalPrice',
  'venue',
];

describe.each(backends)('marketplace API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let member: TestClient;
  let visitor: TestClient;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db, { username: `maya${Date.now().toString(36)}` });
    const buyer = await createTestUser(db);
    member = await signedInClient(harness, buyer.id);
    visitor = harness.client();
    const [venue] = await db.insert(venues).values({ name: 'Moda Center', city: 'Portland' }).returning();
    const [event] = await db
      .insert(events)
      .values({ name: 'Luna Ray Live', date: '2030-04-10', venueId: venue?.id ?? 0 })
      .returning();
    ids.lunaEvent = event?.id ?? 0;
    const [artist] = await db
      .insert(artists)
      .values({
        name: 'Luna Ray',
        imageUrl: 'https://img.example/luna.jpg',
        genres: ['pop'],
        infoUrl: 'https://artists.example/luna',
      })
      .returning();
    const [supportAct] = await db
      .insert(artists)
      .values({ name: 'Marble Owls', genres: ['folk'] })
      .returning();
    await db.insert(eventArtists).values([
      { eventId: event?.id ?? 0, artistId: artist?.id ?? 0, position: 0 },
      { eventId: event?.id ?? 0, artistId: supportAct?.id ?? 0, position: 1 },
    ]);
    const make = async (key: string, overrides: Parameters<typeof insertListing>[2]) => {
      ids[key] = (await insertListing(db, seller.id, overrides)).id;
    };
    // All-in per ticket: cheap 10.40 (10.20 + fee), mid, dear; dates spread; sections differ.
    await make('luna', {
      eventName: 'Luna Ray Live',
      eventId: event?.id ?? null,
      eventDate: '2030-04-10',
      venue: 'Moda Center',
      description: 'Luna Ray Live at Moda Center, Portland',
      section: 'B',
      faceValueCents: 5_000,
      serviceFeeCents: 0,
      markup: 20,
      quantity: 1,
    });
    await make('cheap', {
      eventName: 'Garage Night',
      eventDate: '2030-03-05',
      section: 'C',
      faceValueCents: 1_020,
      serviceFeeCents: 0,
      markup: 0,
      quantity: 1,
    });
    await make('dear', {
      eventName: 'Opera Gala',
      eventDate: '2030-06-01',
      section: 'A',
      faceValueCents: 30_000,
      serviceFeeCents: 2_000,
      markup: 50,
      quantity: 4,
    });
    await make('mid', {
      eventName: 'Garage Night',
      eventDate: '2030-03-05',
      section: 'A',
      faceValueCents: 4_000,
      serviceFeeCents: 500,
      markup: -10,
      quantity: 2,
    });
    await make('sold', { eventName: 'Sold Out Show', eventDate: '2030-05-01', sold: true });
    await make('past', { eventName: 'Last Year', eventDate: '2030-02-01' });
    await make('cancelled', { eventName: 'Removed Show', eventDate: '2030-05-02', status: 'cancelled' });
  });
  afterAll(async () => {
    await harness.close();
  });

  const list = (client: TestClient, query = '') => client.get(`/api/tickets${query ? `?${query}` : ''}`);
  const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((ticket) => ticket.id);
  const named = (...keys: string[]) => keys.map((key) => ids[key]);

  it('shows upcoming unsold listings by date; includeAll adds sold and past ones (never removed ones)', async () => {
    const page = await list(member);
    expect(page.status, page.text).toBe(200);
    expect(page.body.audience).toBe('member');
    expect(idsOf(page.body)).toEqual(named('cheap', 'mid', 'luna', 'dear'));
    expect(page.body.nextCursor).toBeNull();
    const all = await list(member, 'includeAll=true');
    expect(idsOf(all.body)).toEqual(named('past', 'cheap', 'mid', 'luna', 'sold', 'dear'));
    expect(all.body.tickets.find((ticket: { id: number }) => ticket.id === ids.sold).sold).toBe(true);
  });

  it('gives visitors the public card only, and signed-in users the full card with seller, artist and lock', async () => {
    const page = await list(visitor);
    expect(page.body.audience).toBe('visitor');
    for (const ticket of page.body.tickets) expect(Object.keys(ticket).sort()).toEqual(PUBLIC_KEYS);
    const luna = (await list(member)).body.tickets.find((ticket: { id: number }) => ticket.id === ids.luna);
    const price = saleBreakdown({ perTicketCents: 6_000, markupPercent: 20, quantity: 1 });
    expect(luna).toMatchObject({
      eventName: 'Luna Ray Live',
      listingPrice: 60,
      totalPrice: 60,
      buyerPays: centsToDollars(price.buyerPaysCents),
      buyerPaysPerTicket: centsToDollars(price.buyerPaysPerTicketCents),
      sellerId: seller.id,
      seller: { id: seller.id, username: seller.username, rating: null, totalReviews: 0 },
      artist: {
        name: 'Luna Ray',
        image: 'https://img.example/luna.jpg',
        genres: ['pop'],
        url: 'https://artists.example/luna',
      },
      isBeingEdited: false,
      lockExpiresAt: null,
      currentViewerId: null,
      transferStatus: 'not_started',
    });
    expect(luna).not.toHaveProperty('cloudinaryUrl');
  });

  it('sorts by sortBy and by up to 4 advanced criteria, ties broken by id', async () => {
    expect(idsOf((await list(member, 'sortBy=price_asc')).body)).toEqual(
      named('cheap', 'mid', 'luna', 'dear'),
    );
    expect(idsOf((await list(member, 'sortBy=price_desc')).body)).toEqual(
      named('dear', 'luna', 'mid', 'cheap'),
    );
    expect(idsOf((await list(member, 'sortBy=section')).body)).toEqual(named('dear', 'mid', 'luna', 'cheap'));
    const criteria = encodeURIComponent(
      JSON.stringify([
        { field: 'eventDate', direction: 'asc' },
        { field: 'section', direction: 'desc' },
      ]),
    );
    expect(idsOf((await list(member, `sortCriteria=${criteria}`)).body)).toEqual(
      named('cheap', 'mid', 'luna', 'dear'),
    );
    const byMarkup = encodeURIComponent(JSON.stringify([{ field: 'markup', direction: 'desc' }]));
    expect(idsOf((await list(member, `sortBy=price_asc&sortCriteria=${byMarkup}`)).body)).toEqual(
      named('dear', 'luna', 'cheap', 'mid'),
    );
  });

  it('filters by search (event, venue, artist), all-in price per ticket and dates', async () => {
    expect(idsOf((await list(member, 'search=garage')).body)).toEqual(named('cheap', 'mid'));
    expect(idsOf((await list(member, 'search=moda%20center')).body)).toEqual(named('luna'));
    expect(idsOf((await list(member, 'search=LUNA%20RAY')).body)).toEqual(named('luna'));
    // Found through the lineup alone: the support act is in neither the event's name nor its description.
    expect(idsOf((await list(visitor, 'search=marble%20owl')).body)).toEqual(named('luna'));
    expect(idsOf((await list(member, 'search=100%25')).body)).toEqual([]);
    const cheap = saleBreakdown({ perTicketCents: 1_020, markupPercent: 0, quantity: 1 });
    const min = centsToDollars(cheap.buyerPaysPerTicketCents).toFixed(2);
    expect(idsOf((await list(member, `maxPrice=${min}`)).body)).toEqual(named('cheap'));
    expect(idsOf((await list(member, `minPrice=${min}&maxPrice=${min}`)).body)).toEqual(named('cheap'));
    expect(idsOf((await list(member, 'minPrice=70')).body)).toEqual(named('dear'));
    expect(idsOf((await list(member, 'startDate=2030-04-01&endDate=2030-04-30')).body)).toEqual(
      named('luna'),
    );
    expect(idsOf((await list(member, 'endDate=2030-03-05')).body)).toEqual(named('cheap', 'mid'));
  });

  it('filters by the number of tickets a listing sells under its split rule, for visitors too', async () => {
    // 'dear' has 4 under the default rule (no single ticket left): it sells 1, 2 or 4, never 3.
    expect(idsOf((await list(member, 'quantity=2')).body)).toEqual(named('mid', 'dear'));
    expect(idsOf((await list(visitor, 'quantity=4')).body)).toEqual(named('dear'));
    expect(idsOf((await list(member, 'quantity=3')).body)).toEqual([]);
  });

  it('publishes sortBy as an enum in the OpenAPI document', async () => {
    const document = await visitor.get('/api/openapi.json');
    const sortBy = document.body.paths['/api/tickets'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'sortBy',
    );
    expect(sortBy.schema.enum).toEqual(['date', 'price_asc', 'price_desc', 'section', 'vs_original']);
  });

  it('pages by cursor through the whole list in order, without repeats', async () => {
    for (const sort of ['sortBy=date', 'sortBy=price_desc', 'sortBy=section', 'includeAll=true']) {
      const everything = idsOf((await list(member, sort)).body);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `${sort}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page = await list(member, query);
        expect(page.status, page.text).toBe(200);
        seen.push(...idsOf(page.body));
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(everything);
    }
    const first = await list(member, 'sortBy=price_asc&limit=1');
    const mismatched = await list(member, `sortBy=section&cursor=${first.body.nextCursor}`);
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.message).toBe(MARKETPLACE_TEXT.cursorInvalid);
  });

  it.each([
    ['sortBy=cheapest', MARKETPLACE_TEXT.sortByInvalid],
    ['sortCriteria=not-json', MARKETPLACE_TEXT.sortCriteriaInvalid],
    ['sortCriteria=%7B%7D', MARKETPLACE_TEXT.sortCriteriaInvalid],
    [
      `sortCriteria=${encodeURIComponent('[{"field":"seller","direction":"asc"}]')}`,
      MARKETPLACE_TEXT.sortCriteriaInvalid,
    ],
    [
      `sortCriteria=${encodeURIComponent('[{"field":"price","direction":"up"}]')}`,
      MARKETPLACE_TEXT.sortCriteriaInvalid,
    ],
    [
      `sortCriteria=${encodeURIComponent(JSON.stringify(Array(5).fill({ field: 'price', direction: 'asc' })))}`,
      MARKETPLACE_TEXT.sortCriteriaTooMany,
    ],
    ['minPrice=-1', MARKETPLACE_TEXT.minPriceInvalid],
    ['minPrice=ten', MARKETPLACE_TEXT.minPriceInvalid],
    ['maxPrice=1.234', MARKETPLACE_TEXT.maxPriceInvalid],
    ['maxPrice=1e9', MARKETPLACE_TEXT.maxPriceInvalid],
    ['minPrice=20&maxPrice=10', MARKETPLACE_TEXT.priceRangeInvalid],
    ['startDate=2030-02-30', MARKETPLACE_TEXT.startDateInvalid],
    ['endDate=tomorrow', MARKETPLACE_TEXT.endDateInvalid],
    ['startDate=2030-05-01&endDate=2030-04-01', MARKETPLACE_TEXT.dateRangeInvalid],
    ['includeAll=yes', MARKETPLACE_TEXT.includeAllInvalid],
    ['quantity=0', MARKETPLACE_TEXT.quantityInvalid],
    ['quantity=1.5', MARKETPLACE_TEXT.quantityInvalid],
    ['quantity=101', MARKETPLACE_TEXT.quantityInvalid],
    ['limit=0', MARKETPLACE_TEXT.limitInvalid],
    ['limit=101', MARKETPLACE_TEXT.limitInvalid],
    ['limit=ten', MARKETPLACE_TEXT.limitInvalid],
    ['cursor=garbage', MARKETPLACE_TEXT.cursorInvalid],
    [`search=${'a'.repeat(101)}`, MARKETPLACE_TEXT.searchTooLong],
  ])('answers %s with 400 and a clear message', async (query, message) => {
    for (const client of [member, visitor]) {
      const answer = await list(client, query);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    }
  });

  it('stores the all-in price per ticket exactly as common/pricing.ts computes it', async () => {
    const samples = fc.sample(
      fc.record({
        faceValueCents: fc.integer({ min: 0, max: 10_000_000 }),
        serviceFeeCents: fc.integer({ min: 0, max: 1_000_000 }),
        markup: fc.integer({ min: -100, max: 50 }),
        quantity: fc.integer({ min: 1, max: 100 }),
      }),
      { numRuns: 60, seed: 8 },
    );
    const inserted = [];
    for (const sample of samples)
      inserted.push(await insertListing(harness.database.db, seller.id, { ...sample, status: 'cancelled' }));
    const rows = await harness.database.db
      .select()
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          inserted.map((row) => row.id),
        ),
      );
    for (const row of rows) {
      const sale = saleBreakdown({
        perTicketCents: row.listingPriceCents,
        markupPercent: row.markup,
        quantity: row.quantity,
      });
      expect(row.buyerPaysPerTicketCents).toBe(sale.buyerPaysPerTicketCents);
    }
  });

  it('suggests at most 5 names from 2 characters, exact before prefix before word, artist before event before venue', async () => {
    expect((await member.get('/api/search/suggestions?q=l')).body).toEqual([]);
    const luna = await member.get('/api/search/suggestions?q=luna%20ray');
    expect(luna.body).toEqual([
      { text: 'Luna Ray', kind: 'artist', match: 'exact', event: null },
      {
        text: 'Luna Ray Live',
        kind: 'event',
        match: 'prefix',
        event: { id: ids.lunaEvent, date: '2030-04-10', daysCount: 1, venue: 'Moda Center' },
      },
    ]);
    const center = await visitor.get('/api/search/suggestions?q=center');
    expect(center.body).toEqual([{ text: 'Moda Center', kind: 'venue', match: 'word', event: null }]);
    const ga = await member.get('/api/search/suggestions?q=ga');
    expect(ga.body).toEqual([
      { text: 'Garage Night', kind: 'event', match: 'prefix', event: null },
      { text: 'Opera Gala', kind: 'event', match: 'word', event: null },
    ]);
    const long = await member.get(`/api/search/suggestions?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(MARKETPLACE_TEXT.suggestionQueryInvalid);
    const db = harness.database.db;
    for (let index = 0; index < 7; index++)
      await insertListing(db, seller.id, { eventName: `Zeta Fest ${index}`, eventDate: '2030-07-01' });
    expect((await member.get('/api/search/suggestions?q=zeta')).body).toHaveLength(5);
  });

  it('suggests each show of a tour on its own, with its date and venue, never one per name', async () => {
    const db = harness.database.db;
    const [fenway] = await db.insert(venues).values({ name: 'Fenway Park', city: 'Boston' }).returning();
    const [fox] = await db.insert(venues).values({ name: 'Fox Theatre', city: 'Atlanta' }).returning();
    const tour = 'DJ Solstice: Longest Night Tour';
    const shows = await db
      .insert(events)
      .values([
        { name: tour, date: '2030-12-14', venueId: fenway?.id ?? 0 },
        { name: tour, date: '2031-04-21', venueId: fox?.id ?? 0, daysCount: 2 },
      ])
      .returning();
    // A hand-entered listing of the same name is no catalog event: a suggestion of its own, for its text.
    await insertListing(db, seller.id, { eventName: tour, eventDate: '2030-12-20' });
    expect((await visitor.get('/api/search/suggestions?q=dj%20sols')).body).toEqual([
      {
        text: tour,
        kind: 'event',
        match: 'prefix',
        event: { id: shows[0]?.id, date: '2030-12-14', daysCount: 1, venue: 'Fenway Park' },
      },
      {
        text: tour,
        kind: 'event',
        match: 'prefix',
        event: { id: shows[1]?.id, date: '2031-04-21', daysCount: 2, venue: 'Fox Theatre' },
      },
      { text: tour, kind: 'event', match: 'prefix', event: null },
    ]);
    expect(
      (await visitor.get('/api/search/suggestions?q=longest')).body.map(
        (suggestion: { event: { id: number } | null }) => suggestion.event?.id ?? null,
      ),
    ).toEqual([shows[0]?.id, shows[1]?.id, null]);
  });

  it('answers from names that start with the query when they fill the 5, before any later-word match', async () => {
    const db = harness.database.db;
    const [hall] = await db.insert(venues).values({ name: 'Kilo Hall', city: 'Eugene' }).returning();
    await db.insert(artists).values({ name: 'Kilo Band', genres: [] });
    for (const eventName of ['Kilo Nights 2', 'Kilo Nights 1', 'Big Kilo Party', 'Kilo Nights 3'])
      await insertListing(db, seller.id, { eventName, eventDate: '2030-07-02', venue: hall?.name });
    expect((await visitor.get('/api/search/suggestions?q=kilo')).body).toEqual([
      { text: 'Kilo Band', kind: 'artist', match: 'prefix', event: null },
      { text: 'Kilo Nights 1', kind: 'event', match: 'prefix', event: null },
      { text: 'Kilo Nights 2', kind: 'event', match: 'prefix', event: null },
      { text: 'Kilo Nights 3', kind: 'event', match: 'prefix', event: null },
      { text: 'Kilo Hall', kind: 'venue', match: 'prefix', event: null },
    ]);
    expect((await visitor.get('/api/search/suggestions?q=kilo%20n')).body).toEqual([
      { text: 'Kilo Nights 1', kind: 'event', match: 'prefix', event: null },
      { text: 'Kilo Nights 2', kind: 'event', match: 'prefix', event: null },
      { text: 'Kilo Nights 3', kind: 'event', match: 'prefix', event: null },
    ]);
    expect((await visitor.get('/api/search/suggestions?q=kilo%20p')).body).toEqual([
      { text: 'Big Kilo Party', kind: 'event', match: 'word', event: null },
    ]);
  });

  it("lists a user's reviews (none yet) and refuses a bad id with 'Invalid user ID provided'", async () => {
    const reviews = await member.get(`/api/users/${seller.id}/reviews`);
    expect(reviews.status).toBe(200);
    expect(reviews.body).toEqual([]);
    for (const bad of ['abc', '0', '-3', '2147483648']) {
      const answer = await member.get(`/api/users/${bad}/reviews`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message).toBe(MARKETPLACE_TEXT.invalidUserId);
    }
    // An unknown id answers as a member without reviews does: lookups don't tell who exists (decision 0032).
    const unknown = await member.get('/api/users/99999999/reviews');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual([]);
    expect((await visitor.get(`/api/users/${seller.id}/reviews`)).status).toBe(401);
    const [row] = await harness.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ids.luna ?? 0));
    expect(row?.sold).toBe(false);
  });

  it('pages a search with more matches than it sorts as candidates by walking the sort order', async () => {
    const db = harness.database.db;
    const [venue] = await db.insert(venues).values({ name: 'Tour Barn', city: 'Salem' }).returning();
    const [artist] = await db.insert(artists).values({ name: 'Prolific Quartet', genres: [] }).returning();
    const [stop] = await db
      .insert(events)
      .values({ name: 'Tour Stop', date: '2030-05-01', venueId: venue?.id ?? 0 })
      .returning();
    await db.insert(eventArtists).values({ eventId: stop?.id ?? 0, artistId: artist?.id ?? 0, position: 0 });
    // Priced from the most expensive down, so that the cheapest are the last inserted.
    const inserted = await db.execute(sql`
      insert into ${tickets} (seller_id, event_id, event_name, event_date, description, venue, section, row,
        seats, face_value_cents, service_fee_cents, listing_price_cents)
      select ${seller.id}, ${stop?.id ?? 0}, 'Tour Stop', '2030-05-01', 'Tour Stop at Tour Barn, Salem',
        'Tour Barn', 'A', '1', '1', 100000 - i, 100, 100100 - i
      from generate_series(1, ${SEARCH_CANDIDATES + 5}) as i
      returning id`);
    const stops = (inserted as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    try {
      const cheapest = stops.slice(-3).reverse();
      const page = await list(visitor, 'search=PROLIFIC%20qu%C3%A1rtet&sortBy=price_asc&limit=3');
      expect(idsOf(page.body)).toEqual(cheapest);
      const next = await list(
        visitor,
        `search=prolific&sortBy=price_asc&limit=3&cursor=${page.body.nextCursor}`,
      );
      expect(idsOf(next.body)).toEqual(stops.slice(-6, -3).reverse());
    } finally {
      await db.delete(tickets).where(inArray(tickets.id, stops));
    }
  });

  it('shares one suggestion answer per typed query for 5 s, then shows a new listing', async () => {
    const ask = async () => (await visitor.get('/api/search/suggestions?q=Omega%20N')).body;
    const burst = await Promise.all(Array.from({ length: 20 }, ask));
    for (const answer of burst) expect(answer).toEqual([]);
    await insertListing(harness.database.db, seller.id, {
      eventName: 'Omega Nights',
      eventDate: '2030-08-01',
    });
    expect(await ask()).toEqual([]);
    clock.advance(SUGGESTIONS_SHARED_MS);
    expect(await ask()).toEqual([{ text: 'Omega Nights', kind: 'event', match: 'prefix', event: null }]);
  });

  it('sends answers of 1 KB or more compressed to clients that accept it, the same JSON as plain', async () => {
    const raw = (url: string, encoding: string) =>
      fetch(`${harness.baseUrl}${url}`, { headers: { 'accept-encoding': encoding } });
    // The whole list is over 1 KB; five suggestions are not, and go plain whatever the client accepts.
    const cases = [
      { url: '/api/tickets?includeAll=true', compressed: true },
      { url: '/api/search/suggestions?q=lu', compressed: false },
    ];
    for (const { url, compressed } of cases) {
      const plain = await raw(url, 'identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await plain.json();
      for (const encoding of ['br', 'gzip']) {
        const answer = await raw(url, `${encoding}, deflate`);
        expect(answer.headers.get('content-encoding')).toBe(compressed ? encoding : null);
        expect(await answer.json()).toEqual(body);
      }
    }
  });

  it('shares a page until a listing changes; other changes show within 5 s', async () => {
    const db = harness.database.db;
    const lunaCard = async () =>
      (await list(member, 'search=luna')).body.tickets.find(
        (ticket: { id: number }) => ticket.id === ids.luna,
      );
    expect((await lunaCard()).artist.url).toBe('https://artists.example/luna');

    await db
      .update(artists)
      .set({ infoUrl: 'https://artists.example/luna-ray' })
      .where(eq(artists.name, 'Luna Ray'));
    expect((await lunaCard()).artist.url).toBe('https://artists.example/luna');

    const before = await listingsVersion(db);
    await db.update(tickets).set({ section: 'Nowhere' }).where(eq(tickets.id, -1));
    expect(await listingsVersion(db)).toBe(before);

    await db
      .update(tickets)
      .set({ section: 'Balcony' })
      .where(eq(tickets.id, ids.luna ?? 0));
    expect(await listingsVersion(db)).not.toBe(before);
    expect(await lunaCard()).toMatchObject({
      section: 'Balcony',
      artist: { url: 'https://artists.example/luna-ray' },
    });

    await db
      .update(artists)
      .set({ infoUrl: 'https://artists.example/luna' })
      .where(eq(artists.name, 'Luna Ray'));
    expect((await lunaCard()).artist.url).toBe('https://artists.example/luna-ray');
    clock.advance(LIST_SHARED_MS);
    expect((await lunaCard()).artist.url).toBe('https://artists.example/luna');
  });
});
