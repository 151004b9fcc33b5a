import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PAGE_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { listingPriceCents, saleBreakdown } from '../../../common/pricing.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import { artists, events, tickets, users } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { type CatalogEvent, upsertCatalog } from '../events/import.js';
import { insertListing, isoDay } from '../marketplace/testing.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../../dist/client');

const arena = {
  externalId: 'ep-venue-arena',
  name: 'Harbor Arena',
  city: 'Portland',
  timeZone: 'America/Los_Angeles',
};
const field = {
  externalId: 'ep-venue-field',
  name: 'Green Field',
  city: 'Austin',
  timeZone: 'America/Chicago',
};
const headliner = {
  externalId: 'ep-artist-ellie',
  name: 'Ellie Hart',
  imageUrl: 'https://img.example/ellie.jpg',
  genres: ['Pop'],
  infoUrl: null,
};
const opener = {
  externalId: 'ep-artist-opener',
  name: 'Quiet Openers',
  imageUrl: null,
  genres: [],
  infoUrl: null,
};

function show(key: string, name: string, date: string, daysCount = 1, venue = arena): CatalogEvent {
  return { externalId: `ep-${key}`, name, date, daysCount, venue, artists: [headliner, opener] };
}

describe.each(backends)('the event page on %s', (backend) => {
  let harness: TestApp;
  const ids = new Map<string, number>();
  let sellerId: number;
  const id = (key: string) => ids.get(key) ?? Number.NaN;
  const page = async (key: string, search = '') => {
    const response = await harness.client().get<EventPage>(`/api/events/${id(key)}${search}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    // The app as built (npm install builds it): the page is rendered by the client's own renderer.
    if (!existsSync(path.join(CLIENT_DIR, 'index.html')))
      throw new Error('Build the client first: npm install');
    harness = await startTestApp(backend, { CLIENT_DIST_DIR: CLIENT_DIR });
    const { db } = harness.database;
    await upsertCatalog(db, [
      show('tour-portland', 'Ellie Hart: Night Tour', isoDay(40)),
      show('tour-austin', 'Ellie Hart: Night Tour', isoDay(60), 1, field),
      show('festival', 'Harbor Days Festival', isoDay(20), 3),
      show('postponed', 'Moved Show', isoDay(50)),
      show('cancelled', 'Cancelled Show', isoDay(50)),
      show('past', 'Last Week Show', isoDay(-7)),
      show('many', 'Busy Show', isoDay(30)),
      show('hostile', 'Bad </script><script>alert(1)</script> "Show"', isoDay(30)),
    ]);
    for (const row of await db.select({ id: events.id, externalId: events.externalId }).from(events)) {
      if (row.externalId?.startsWith('ep-')) ids.set(row.externalId.slice(3), row.id);
    }
    await db
      .update(events)
      .set({ status: 'postponed', originalDate: isoDay(10) })
      .where(eq(events.id, id('postponed')));
    await db
      .update(events)
      .set({ status: 'cancelled' })
      .where(eq(events.id, id('cancelled')));
    const [seller] = await db
      .insert(users)
      .values({
        username: 'event-page-seller',
        email: 'event-page-seller@example.com',
        passwordHash: 'not-a-real-hash',
        firstName: 'Eve',
        lastName: 'Seller',
      })
      .returning({ id: users.id });
    sellerId = seller?.id ?? 0;
    const portland = {
      eventId: id('tour-portland'),
      eventName: 'Ellie Hart: Night Tour',
      eventDate: isoDay(40),
    };
    await insertListing(db, sellerId, {
      ...portland,
      section: 'Floor',
      quantity: 2,
      faceValueCents: 10_000,
      serviceFeeCents: 0,
      markup: 0,
    });
    await insertListing(db, sellerId, {
      ...portland,
      section: 'Floor',
      quantity: 4,
      faceValueCents: 10_000,
      serviceFeeCents: 1_000,
      markup: 10,
    });
    const paper = await insertListing(db, sellerId, {
      ...portland,
      section: '101',
      quantity: 2,
      faceValueCents: 8_000,
      serviceFeeCents: 0,
      markup: -20,
    });
    await db.update(tickets).set({ ticketType: 'paper' }).where(eq(tickets.id, paper.id));
    await insertListing(db, sellerId, { ...portland, section: '102', quantity: 2, sold: true });
    await insertListing(db, sellerId, {
      eventId: id('tour-austin'),
      eventName: 'Ellie Hart: Night Tour',
      eventDate: isoDay(60),
      section: 'Lawn',
    });
    for (let index = 0; index < 55; index += 1) {
      await insertListing(db, sellerId, {
        eventId: id('many'),
        eventName: 'Busy Show',
        eventDate: isoDay(30),
        faceValueCents: 5_000 + index * 10,
      });
    }
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('shows one show: its days, venue, city, lineup and state, and only its own listings', async () => {
    const body = await page('tour-portland');
    expect(body.event).toMatchObject({
      name: 'Ellie Hart: Night Tour',
      path: `/events/${id('tour-portland')}-ellie-hart-night-tour`,
      venue: 'Harbor Arena',
      city: 'Portland',
      timeZone: 'America/Los_Angeles',
      state: 'on_sale',
      lineup: [
        { name: 'Ellie Hart', image: 'https://img.example/ellie.jpg' },
        { name: 'Quiet Openers', image: null },
      ],
    });
    // The same name in Austin is another show with its own page.
    expect(body.listings.map((listing) => listing.section)).toEqual(['101', 'Floor', 'Floor']);
    expect(body.offers).toEqual({
      count: 3,
      lowPrice: body.listings[0]?.pricePerTicket,
      highPrice: body.listings[2]?.pricePerTicket,
      // Only the paper listing, 18% below (decision 0083).
      atOrBelowOriginal: 1,
    });
    expect(body.sections).toEqual(['101', 'Floor']);
    const austin = await page('tour-austin');
    expect(austin.listings.map((listing) => listing.section)).toEqual(['Lawn']);
  });

  it('orders listings by the all-in price per ticket and says how far each is from the original price', async () => {
    const { listings } = await page('tour-portland');
    const prices = listings.map((listing) => listing.pricePerTicket);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const atFace = listings.find((listing) => listing.quantity === 2 && listing.section === 'Floor');
    // $100 face, no fee, no markup: the buyer's 1.95% processing fee makes it 2% above.
    expect(atFace).toMatchObject({
      originalPricePerTicket: 100,
      pricePerTicket: 101.95,
      totalPrice: 203.9,
      priceComparison: { kind: 'above', percent: 2 },
    });
    // The original price is face value plus the original fee (decision 0073): $110.00, not $100.00. At +10%
    // the fan pays $123.36 a ticket, 12% above it (23% above face value alone).
    expect(listings.find((listing) => listing.quantity === 4)).toMatchObject({
      originalPricePerTicket: 110,
      pricePerTicket: 123.36,
      totalPrice: 493.44,
      priceComparison: { kind: 'above', percent: 12 },
    });
    expect(listings[0]).toMatchObject({
      section: '101',
      ticketType: 'paper',
      priceComparison: { kind: 'below', percent: 18 },
    });
    expect(listings[0]?.seller).toEqual({
      id: sellerId,
      username: 'event-page-seller',
      averageRating: null,
      totalReviews: 0,
      trust: { verified: false, completedSales: 0, professional: false },
    });
  });

  it('shows a listing held at checkout as held until its hold lapses', async () => {
    const { db } = harness.database;
    const held = await insertListing(db, sellerId, {
      eventId: id('festival'),
      eventName: 'Harbor Days Festival',
      eventDate: isoDay(20),
    });
    const holdUntil = (ms: number) =>
      db
        .update(tickets)
        .set({ currentViewerId: sellerId, lockExpiresAt: new Date(Date.now() + ms) })
        .where(eq(tickets.id, held.id));
    await holdUntil(60_000);
    expect((await page('festival')).listings.find((listing) => listing.id === held.id)?.held).toBe(true);
    await holdUntil(-1_000);
    expect((await page('festival')).listings.find((listing) => listing.id === held.id)?.held).toBe(false);
    await db.delete(tickets).where(eq(tickets.id, held.id));
  });

  it('tells a signed-in member which listings are theirs and which they hold; a visitor and others see neither', async () => {
    const { db } = harness.database;
    const fan = await createTestUser(db);
    const other = await createTestUser(db);
    const own = await insertListing(db, fan.id, { eventId: id('festival'), eventDate: isoDay(20) });
    const heldByFan = await insertListing(db, sellerId, { eventId: id('festival'), eventDate: isoDay(20) });
    const fanClient = await signedInClient(harness, fan.id);
    const otherClient = await signedInClient(harness, other.id);
    const lock = await fanClient.post(`/api/tickets/${heldByFan.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const seen = async (client: TestClient | null) => {
      const answer = await (client ?? harness.client()).get<EventPage>(`/api/events/${id('festival')}`);
      const of = (ticketId: number) => answer.body.listings.find((listing) => listing.id === ticketId);
      return [own.id, heldByFan.id].map((ticketId) => ({
        yours: of(ticketId)?.yours,
        held: of(ticketId)?.held,
      }));
    };
    expect(await seen(fanClient)).toEqual([
      { yours: 'listing', held: false },
      { yours: 'hold', held: true },
    ]);
    for (const client of [otherClient, null])
      expect(await seen(client)).toEqual([
        { yours: undefined, held: false },
        { yours: undefined, held: true },
      ]);
    await fanClient.post(`/api/tickets/${heldByFan.id}/unlock`);
    await db.delete(tickets).where(eq(tickets.id, own.id));
    await db.delete(tickets).where(eq(tickets.id, heldByFan.id));
  });

  it('answers requests that arrive together, each with its own show', async () => {
    const keys = ['tour-portland', 'tour-austin', 'many', 'festival', 'past'];
    const alone = await Promise.all(keys.map(async (key) => (await page(key)).event.id));
    const together = await Promise.all([...keys, ...keys].map((key) => page(key)));
    expect(together.map((body) => body.event.id)).toEqual([...alone, ...alone]);
    expect(together[2]?.listings).toHaveLength(50);
    expect(together[1]?.listings.map((listing) => listing.section)).toEqual(['Lawn']);
  });

  it('filters by quantity, section and delivery', async () => {
    expect((await page('tour-portland', '?quantity=4')).listings.map((l) => l.quantity)).toEqual([4]);
    // The listing of 4 sells 2 of them (no single ticket left), priced for the 2 the fan asked for.
    const pairs = (await page('tour-portland', '?quantity=2')).listings;
    const fromFour = pairs.find((listing) => listing.quantity === 4);
    const forTwo = saleBreakdown({
      perTicketCents: listingPriceCents(10_000, 1_000, 10),
      markupPercent: 10,
      quantity: 2,
    });
    expect(fromFour).toMatchObject({
      splitRule: 'no_single',
      buyingQuantity: 2,
      totalPrice: centsToDollars(forTwo.buyerPaysCents),
      pricePerTicket: centsToDollars(forTwo.buyerPaysPerTicketCents),
    });
    // Figures that add up: the same per-ticket price as for all 4, and per ticket × 2 is the total.
    expect(fromFour).toMatchObject({ pricePerTicket: 123.36, totalPrice: 246.72 });
    expect(pairs.map((listing) => listing.quantity).sort()).toEqual([2, 2, 4]);
    const floor = await page('tour-portland', '?section=Floor');
    expect(floor.listings.map((l) => l.section)).toEqual(['Floor', 'Floor']);
    expect(floor.matching).toBe(2);
    expect(floor.offers.count).toBe(3);
    expect((await page('tour-portland', '?delivery=paper')).listings.map((l) => l.section)).toEqual(['101']);
    expect((await page('tour-portland', '?quantity=3')).listings).toEqual([]);
  });

  it('pages 50 listings at a time by a cursor', async () => {
    const first = await page('many');
    expect(first.listings).toHaveLength(50);
    expect(first.matching).toBe(55);
    expect(first.nextCursor).not.toBeNull();
    const second = await page('many', `?cursor=${first.nextCursor}`);
    expect(second.listings).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.listings, ...second.listings].map((listing) => listing.id);
    expect(new Set(all).size).toBe(55);
  });

  it('tells a festival, a postponed, a cancelled and a past show apart', async () => {
    const festival = (await page('festival')).event;
    expect(festival).toMatchObject({
      daysCount: 3,
      date: isoDay(20),
      lastDate: isoDay(22),
      state: 'sold_out',
    });
    expect((await page('postponed')).event).toMatchObject({ state: 'postponed', originalDate: isoDay(10) });
    expect((await page('cancelled')).event.state).toBe('cancelled');
    expect((await page('past')).event.state).toBe('past');
  });

  it('answers a clear 4xx for an unknown event and bad filters, changing nothing', async () => {
    const client = harness.client();
    const unknown = await client.get('/api/events/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(EVENT_PAGE_TEXT.notFound);
    for (const [search, message] of [
      ['?quantity=9', EVENT_PAGE_TEXT.quantityInvalid],
      ['?quantity=abc', EVENT_PAGE_TEXT.quantityInvalid],
      ['?delivery=fax', EVENT_PAGE_TEXT.deliveryInvalid],
      ['?sort=cheapest', EVENT_PAGE_TEXT.sortInvalid],
      ['?cursor=not-a-cursor', EVENT_PAGE_TEXT.cursorInvalid],
    ] as const) {
      const response = await client.get(`/api/events/${id('tour-portland')}${search}`);
      expect(response.status, search).toBe(400);
      expect(response.body.message, search).toBe(message);
    }
  });

  describe('as HTML for people and link previews', () => {
    const jsonLdOf = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

    it('renders the page a visitor sees, with head tags and JSON-LD that match what it lists', async () => {
      const api = await page('tour-portland');
      const response = await fetch(`${harness.baseUrl}${api.event.path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      const canonical = `${harness.config.appUrl}${api.event.path}`;
      expect(html).toContain(
        '<title>Ellie Hart: Night Tour tickets · Harbor Arena, Portland · Encore</title>',
      );
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
      const preview = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
      expect(preview).toMatch(
        new RegExp(`^${harness.config.appUrl}/events/${api.event.id}/preview\\.png\\?v=[\\w-]{16}$`),
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      const ld = jsonLdOf(html);
      expect(ld).toMatchObject({
        '@type': 'MusicEvent',
        name: 'Ellie Hart: Night Tour',
        startDate: api.event.date,
        eventStatus: 'https://schema.org/EventScheduled',
        location: { '@type': 'Place', name: 'Harbor Arena', address: { addressLocality: 'Portland' } },
      });
      // The offer is what the page lists, in the same prices.
      const listed = [...html.matchAll(/data-testid="event-listing"/g)].length;
      expect(listed).toBe(api.listings.length);
      const prices = api.listings.map((listing) => listing.pricePerTicket);
      expect(ld.offers).toEqual({
        '@type': 'AggregateOffer',
        url: canonical,
        priceCurrency: 'USD',
        offerCount: listed,
        lowPrice: Math.min(...prices).toFixed(2),
        highPrice: Math.max(...prices).toFixed(2),
        availability: 'https://schema.org/InStock',
        // Each listing the page shows, with the comparison the page shows and what it compares with.
        offers: api.listings.map((listing) => ({
          '@type': 'Offer',
          url: `${harness.config.appUrl}/?ticket=${listing.id}`,
          price: listing.pricePerTicket.toFixed(2),
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          description: expect.any(String),
          priceSpecification: {
            '@type': 'PriceSpecification',
            name: 'Original price: face value plus the original fee',
            price: listing.originalPricePerTicket.toFixed(2),
            priceCurrency: 'USD',
          },
        })),
      });
      expect(ld.offers.offers.map((offer: { description: string }) => offer.description)).toEqual([
        '18% below the original price (face value $80.00 + $0.00 original fee)',
        '2% above the original price (face value $100.00 + $0.00 original fee)',
        '12% above the original price (face value $100.00 + $10.00 original fee)',
      ]);
      // The rows say the same, beside each price.
      expect(html).toContain('Face value $80.00 + $0.00 original fee');
      for (const price of prices) expect(html).toContain(`$${price.toFixed(2)}`);
      // The app takes the page over from the data it was rendered with.
      expect(html).toContain('id="encore-query-data"');
    });

    it('never puts a stored picture address of another scheme in og:image or the JSON-LD (issue 43 §12)', async () => {
      const { db } = harness.database;
      // A row written before the import kept only http(s) addresses.
      await db
        .update(artists)
        .set({ imageUrl: 'javascript:alert(document.cookie)' })
        .where(eq(artists.externalId, headliner.externalId));
      try {
        const api = await page('festival');
        const html = await (await fetch(`${harness.baseUrl}${api.event.path}`)).text();
        // The show's preview card is the only image left.
        expect(jsonLdOf(html).image).toEqual([
          expect.stringMatching(new RegExp(`^${harness.config.appUrl}/events/${api.event.id}/preview\\.png`)),
        ]);
        expect(html).not.toMatch(/content="javascript:|"image":\["javascript:/);
      } finally {
        await db
          .update(artists)
          .set({ imageUrl: headliner.imageUrl })
          .where(eq(artists.externalId, headliner.externalId));
      }
    });

    it("redirects an old or missing slug to the page's address, keeping the filters", async () => {
      const api = await page('tour-portland');
      for (const segment of [`${id('tour-portland')}`, `${id('tour-portland')}-old-name`]) {
        const response = await fetch(`${harness.baseUrl}/events/${segment}?quantity=2`, {
          redirect: 'manual',
        });
        expect(response.status).toBe(301);
        expect(response.headers.get('location')).toBe(`${api.event.path}?quantity=2`);
      }
    });

    it('answers 404 for an unknown event or an address that is not one', async () => {
      for (const segment of ['999999-nothing', 'not-an-id']) {
        expect((await fetch(`${harness.baseUrl}/events/${segment}`)).status).toBe(404);
      }
    });

    it('tells a cancelled show as cancelled, and escapes a hostile name everywhere', async () => {
      const cancelled = await page('cancelled');
      const html = await (await fetch(`${harness.baseUrl}${cancelled.event.path}`)).text();
      expect(jsonLdOf(html).eventStatus).toBe('https://schema.org/EventCancelled');
      const hostile = await page('hostile');
      const hostileHtml = await (await fetch(`${harness.baseUrl}${hostile.event.path}`)).text();
      expect(hostileHtml).not.toContain('<script>alert(1)');
      expect(jsonLdOf(hostileHtml).name).toBe('Bad </script><script>alert(1)</script> "Show"');
    });

    it('sends a signed-in member the app with the same head tags, for the app to render', async () => {
      const api = await page('tour-portland');
      const response = await fetch(`${harness.baseUrl}${api.event.path}`, {
        headers: { cookie: 'encore_session=anything' },
      });
      const html = await response.text();
      expect(html).toContain('<title>Ellie Hart: Night Tour tickets');
      expect(html).not.toContain('data-testid="event-listing"');
    });
  });
});
