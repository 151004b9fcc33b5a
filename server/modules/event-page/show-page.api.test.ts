import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PAGE_TEXT } from '../../../common/messages.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import type { MyTicketsPage } from '../../../common/schemas/my-tickets.js';
import type { TicketDetails } from '../../../common/schemas/tickets.js';
import { events, users } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { signedInClient } from '../auth/testing.js';
import { type CatalogEvent, type CatalogVenue, upsertCatalog } from '../events/import.js';
import { insertListing, isoDay } from '../marketplace/testing.js';

// Decision 0093: a show's time and address, its JSON-LD, the orders of its listings and its other shows.
const CLIENT_DIR = path.resolve(import.meta.dirname, '../../../dist/client');

const hall: CatalogVenue = {
  externalId: 'sp-hall',
  name: 'Lakeside Hall',
  city: 'Boston',
  timeZone: 'America/New_York',
  country: 'US',
  region: 'MA',
  streetAddress: '1 Harbor Way',
  postalCode: '02110',
};
const club: CatalogVenue = {
  externalId: 'sp-club',
  name: 'Cellar Club',
  city: 'Denver',
  timeZone: 'America/Denver',
  country: 'US',
  region: 'CO',
};
const nova = { externalId: 'sp-nova', name: 'Nova Reyes', imageUrl: null, genres: [], infoUrl: null };
const quiet = { externalId: 'sp-quiet', name: 'Quiet Openers', imageUrl: null, genres: [], infoUrl: null };

function show(key: string, date: string, more: Partial<CatalogEvent> = {}): CatalogEvent {
  return {
    externalId: `sp-${key}`,
    name: `Nova Reyes: ${key}`,
    date,
    daysCount: 1,
    venue: club,
    artists: [nova, quiet],
    startTime: '20:00',
    doorsTime: '19:00',
    ...more,
  };
}

describe.each(backends)('a show’s page on %s (decision 0093)', (backend) => {
  let harness: TestApp;
  let sellerId = 0;
  const listingIds: number[] = [];
  const ids = new Map<string, number>();
  const id = (key: string) => ids.get(key) ?? Number.NaN;
  const page = async (key: string, search = '') => {
    const response = await harness.client().get<EventPage>(`/api/events/${id(key)}${search}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    if (!existsSync(path.join(CLIENT_DIR, 'index.html')))
      throw new Error('Build the client first: npm install');
    harness = await startTestApp(backend, { CLIENT_DIST_DIR: CLIENT_DIR });
    const { db } = harness.database;
    await upsertCatalog(db, [
      show('main', '2030-05-01', { venue: hall }),
      // The headliner's other shows: seven ahead (six are linked), one cancelled, one past, one as a guest.
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => show(`tour-${n}`, `2030-05-${String(n + 1).padStart(2, '0')}`)),
      show('tour-cancelled', '2030-04-20'),
      show('tour-past', isoDay(-3)),
      show('guest', '2030-04-25', { name: 'Quiet Openers live', artists: [quiet, nova] }),
      // The venue's other shows: a later and an earlier one, none cancelled, and one whose time is not known.
      show('hall-later', '2030-06-01', { name: 'Hall Night', venue: hall, artists: [quiet] }),
      show('hall-untimed', '2030-04-10', {
        name: 'Hall Matinee',
        venue: hall,
        artists: [quiet],
        startTime: null,
        doorsTime: null,
      }),
      show('hall-cancelled', '2030-04-11', { name: 'Hall Cancelled', venue: hall, artists: [quiet] }),
      show('winter', '2030-12-01', { venue: hall, doorsTime: null }),
    ]);
    for (const row of await db.select({ id: events.id, externalId: events.externalId }).from(events)) {
      if (row.externalId?.startsWith('sp-')) ids.set(row.externalId.slice(3), row.id);
    }
    for (const key of ['tour-cancelled', 'hall-cancelled', 'winter'])
      await db
        .update(events)
        .set({ status: 'cancelled' })
        .where(eq(events.id, id(key)));
    const [seller] = await db
      .insert(users)
      .values({
        username: 'show-page-seller',
        email: 'show-page-seller@example.com',
        passwordHash: 'not-a-real-hash',
        firstName: 'Sam',
        lastName: 'Seller',
      })
      .returning({ id: users.id });
    const listed = { eventId: id('main'), eventName: 'Nova Reyes: main', eventDate: '2030-05-01', markup: 0 };
    // Prices 100 to 150, sections B, A, C in turn, quantities 1 to 4: 55 listings, more than a page.
    sellerId = seller?.id ?? 0;
    for (let index = 0; index < 55; index += 1) {
      const listing = await insertListing(db, sellerId, {
        ...listed,
        faceValueCents: 10_000 + index * 100,
        serviceFeeCents: 0,
        section: ['B', 'A', 'C'][index % 3],
        quantity: 1 + (index % 4),
      });
      listingIds.push(listing.id);
    }
    const winter = await insertListing(db, sellerId, {
      ...listed,
      eventId: id('winter'),
      eventDate: '2030-12-01',
    });
    const outside = await insertListing(db, sellerId, { eventDate: '2030-05-03' });
    listingIds.push(winter.id, outside.id);
  }, 120_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('says when the show starts and its doors open, and where its venue is', async () => {
    const { event } = await page('main');
    expect(event).toMatchObject({
      startTime: '20:00',
      doorsTime: '19:00',
      venue: 'Lakeside Hall',
      address: {
        streetAddress: '1 Harbor Way',
        city: 'Boston',
        region: 'MA',
        postalCode: '02110',
        country: 'US',
      },
    });
    expect((await page('hall-untimed')).event).toMatchObject({ startTime: null, doorsTime: null });
  });

  it('says the show’s time on the ticket’s dialog and on My Tickets, in the venue’s zone', async () => {
    const seller = await signedInClient(harness, sellerId);
    const [main, winter, outside] = [listingIds[0], listingIds.at(-2), listingIds.at(-1)];
    const dialogTime = async (ticketId: number | undefined) => {
      const details = await seller.get<TicketDetails>(`/api/tickets/${ticketId}`);
      expect(details.status).toBe(200);
      return details.body.showTime;
    };
    expect(await dialogTime(main)).toBe('8:00 PM EDT (doors 7:00 PM)');
    expect(await dialogTime(winter)).toBe('8:00 PM EST');
    expect(await dialogTime(outside)).toBeNull();
    const mine: MyTicketsPage['tickets'] = [];
    let cursor: string | null = null;
    do {
      const next: { status: number; body: MyTicketsPage } = await seller.get<MyTicketsPage>(
        `/api/my-tickets?tab=listings&limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(next.status).toBe(200);
      mine.push(...next.body.tickets);
      cursor = next.body.nextCursor;
    } while (cursor !== null);
    const timeOf = (ticketId: number | undefined) => mine.find((ticket) => ticket.id === ticketId)?.showTime;
    expect(timeOf(main)).toBe('8:00 PM EDT (doors 7:00 PM)');
    expect(timeOf(winter)).toBe('8:00 PM EST');
    expect(timeOf(outside)).toBeNull();
  });

  it('links the headliner’s next six shows and the venue’s other shows, soonest first', async () => {
    const { moreShows } = await page('main');
    expect(moreShows.headliner).toBe('Nova Reyes');
    expect(moreShows.tour.map((other) => other.name)).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `Nova Reyes: tour-${n}`),
    );
    expect(moreShows.tour[0]).toEqual({
      id: id('tour-1'),
      name: 'Nova Reyes: tour-1',
      path: `/events/${id('tour-1')}-nova-reyes-tour-1`,
      date: '2030-05-02',
      daysCount: 1,
      startTime: '20:00',
      venue: 'Cellar Club',
      city: 'Denver',
      timeZone: 'America/Denver',
    });
    expect(moreShows.venue.map((other) => [other.name, other.startTime])).toEqual([
      ['Hall Matinee', null],
      ['Hall Night', '20:00'],
    ]);
    // A past show's page still leads to what comes next.
    expect((await page('tour-past')).moreShows.tour).toHaveLength(6);
  });

  it('orders the listings by price either way, by section and by quantity, and pages each order', async () => {
    const prices = (listings: EventPage['listings']) => listings.map((listing) => listing.pricePerTicket);
    const cheapest = await page('main');
    const dearest = await page('main', '?sort=price_desc');
    expect(prices(dearest.listings)).toEqual([...prices(dearest.listings)].sort((a, b) => b - a));
    expect(dearest.listings[0]?.pricePerTicket).toBe(cheapest.offers.highPrice);
    for (const [sort, key] of [
      ['section', (listing: EventPage['listings'][number]) => [listing.section, listing.pricePerTicket]],
      ['quantity', (listing: EventPage['listings'][number]) => [-listing.quantity, listing.pricePerTicket]],
      ['price_desc', (listing: EventPage['listings'][number]) => [-listing.pricePerTicket]],
    ] as const) {
      const first = await page('main', `?sort=${sort}`);
      expect(first.listings).toHaveLength(50);
      expect(first.nextCursor).not.toBeNull();
      const rest = await page('main', `?sort=${sort}&cursor=${first.nextCursor}`);
      expect(rest.nextCursor).toBeNull();
      const all = [...first.listings, ...rest.listings];
      expect(new Set(all.map((listing) => listing.id)).size).toBe(55);
      const keys = all.map(key);
      const sorted = [...keys].sort((a, b) => {
        for (let index = 0; index < a.length; index += 1) {
          const [x, y] = [a[index] ?? 0, b[index] ?? 0];
          if (x !== y) return x < y ? -1 : 1;
        }
        return 0;
      });
      expect(keys).toEqual(sorted);
    }
    const bySection = await page('main', '?sort=section');
    expect(bySection.listings[0]).toMatchObject({ section: 'A' });
    const byQuantity = await page('main', '?sort=quantity');
    expect(byQuantity.listings[0]).toMatchObject({ quantity: 4 });
  });

  it('refuses an unknown order and a cursor of another order, changing nothing', async () => {
    const bad = await harness.client().get(`/api/events/${id('main')}?sort=date`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(EVENT_PAGE_TEXT.sortInvalid);
    const byPrice = await page('main');
    const mixed = await harness
      .client()
      .get(`/api/events/${id('main')}?sort=section&cursor=${byPrice.nextCursor}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(EVENT_PAGE_TEXT.cursorInvalid);
  });

  describe('in the visitor’s HTML', () => {
    const htmlOf = async (key: string) => {
      const { event } = await page(key);
      const response = await fetch(`${harness.baseUrl}${event.path}`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const jsonLdOf = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

    it('gives the JSON-LD the start and doors with the venue’s offset, its full address and a description', async () => {
      const ld = jsonLdOf(await htmlOf('main'));
      expect(ld.startDate).toBe('2030-05-01T20:00:00-04:00');
      expect(ld.doorTime).toBe('2030-05-01T19:00:00-04:00');
      expect(ld.endDate).toBe('2030-05-01');
      expect(ld.location).toEqual({
        '@type': 'Place',
        name: 'Lakeside Hall',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Harbor Way',
          addressLocality: 'Boston',
          addressRegion: 'MA',
          postalCode: '02110',
          addressCountry: 'US',
        },
      });
      expect(ld.description).toBe(
        'Nova Reyes: main at Lakeside Hall, Boston, on Wednesday, May 1, 2030 at 8:00 PM EDT (doors 7:00 PM). Lineup: Nova Reyes, Quiet Openers.',
      );
      expect(ld.offers).toMatchObject({ '@type': 'AggregateOffer', offerCount: 55 });
    });

    it('keeps the date alone when the time is unknown, and offers nothing for a cancelled show', async () => {
      const untimed = jsonLdOf(await htmlOf('hall-untimed'));
      expect(untimed.startDate).toBe('2030-04-10');
      expect(untimed).not.toHaveProperty('doorTime');
      expect(untimed.description).toBe(
        'Hall Matinee at Lakeside Hall, Boston, on Wednesday, April 10, 2030. Lineup: Quiet Openers.',
      );
      const cancelled = jsonLdOf(await htmlOf('winter'));
      expect(cancelled.eventStatus).toBe('https://schema.org/EventCancelled');
      expect(cancelled.startDate).toBe('2030-12-01T20:00:00-05:00');
      expect(cancelled).not.toHaveProperty('offers');
      expect(cancelled).not.toHaveProperty('doorTime');
    });

    it('renders the time, the address with its map link, the orders and the other shows', async () => {
      const html = await htmlOf('main');
      expect(html).toContain('8:00 PM EDT (doors 7:00 PM)');
      expect(html).toContain('1 Harbor Way, Boston, MA 02110');
      expect(html).toContain(
        'href="https://www.openstreetmap.org/search?query=Lakeside%20Hall%2C%201%20Harbor%20Way%2C%20Boston%2C%20MA%2002110%2C%20US" target="_blank" rel="noopener noreferrer"',
      );
      for (const label of ['Highest price first', 'Section (A–Z)', 'Most tickets first'])
        expect(html).toContain(`>${label}</option>`);
      expect(html).toContain('More Nova Reyes dates');
      expect(html).toContain('More at Lakeside Hall');
      expect(html).toContain(`href="/events/${id('tour-1')}-nova-reyes-tour-1"`);
      expect(html).toContain(`href="/events/${id('hall-later')}-hall-night"`);
      expect(await htmlOf('hall-untimed')).toContain('Time to be announced');
    });

    it('says the time in the description a search result or a link preview shows', async () => {
      const description = (html: string) =>
        /<meta name="description" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
      expect(description(await htmlOf('main'))).toMatch(
        /^Wednesday, May 1, 2030, 8:00 PM EDT \(doors 7:00 PM\), at Lakeside Hall, Boston\. /,
      );
      expect(description(await htmlOf('hall-untimed'))).toMatch(
        /^Wednesday, April 10, 2030 at Lakeside Hall, Boston\. /,
      );
    });
  });
});
