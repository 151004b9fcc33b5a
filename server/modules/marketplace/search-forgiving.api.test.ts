import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_TEXT } from '../../../common/messages.js';
import { ticketListQuerySchema } from '../../../common/schemas/marketplace.js';
import { artists, eventArtists, events, venues } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { displayedCorrection, listMarketplaceTickets } from './service.js';
import { insertListing, isoDay } from './testing.js';

const NOW = new Date('2030-03-01T12:00:00Z');

interface Card {
  id: number;
  eventName: string;
  eventId: number | null;
}

/**
 * Decision 0059: a search that matches nothing as typed is asked again with its one-letter slips
 * corrected and offers the correction; the city and 'at or below face value' filters. Each answer through
 * GET /api/tickets (the listing index) is held to the same search in SQL alone.
 */
describe.each(backends)('marketplace typo tolerance and the city and face value filters on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(NOW);
  let seller: TestAccount;
  let member: TestClient;
  let visitor: TestClient;
  const ids: Record<string, number[]> = { portland: [], boston: [], manual: [], belowFace: [] };

  /** Every page of a search through HTTP, following nextCursor: the cards and each page's didYouMean. */
  async function throughHttp(client: TestClient, search: Record<string, string>) {
    const cards: Card[] = [];
    const offered: (string | null)[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams(search);
      if (cursor) params.set('cursor', cursor);
      const response = await client.get(`/api/tickets?${params}`);
      expect(response.status).toBe(200);
      cards.push(...response.body.tickets);
      offered.push(response.body.didYouMean);
      cursor = response.body.nextCursor;
    } while (cursor);
    return { ids: cards.map((card) => card.id), cards, offered };
  }

  /** The same pages in SQL alone (no listing index). */
  async function inSql(search: Record<string, string>) {
    const found: number[] = [];
    const offered: (string | null)[] = [];
    let cursor: string | undefined;
    do {
      const query = ticketListQuerySchema.parse(cursor ? { ...search, cursor } : search);
      const page = await listMarketplaceTickets(harness.database.db, query, clock.now());
      found.push(...page.tickets.map((ticket) => ticket.id));
      offered.push(page.didYouMean);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { ids: found, offered };
  }

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    seller = await createTestUser(db);
    member = await signedInClient(harness, (await createTestUser(db)).id);
    visitor = harness.client();
    const [portland] = await db.insert(venues).values({ name: 'Harbor Hall', city: 'Portland' }).returning();
    const [boston] = await db.insert(venues).values({ name: 'Fenway Park', city: 'Boston' }).returning();
    const [artist] = await db
      .insert(artists)
      .values({ name: 'Khruangbin', genres: ['funk'] })
      .returning();
    for (const [venue, key] of [
      [portland, 'portland'],
      [boston, 'boston'],
    ] as const) {
      const [event] = await db
        .insert(events)
        .values({ name: 'Khruangbin Live', date: isoDay(10, NOW), venueId: venue?.id ?? 0 })
        .returning();
      await db
        .insert(eventArtists)
        .values({ eventId: event?.id ?? 0, artistId: artist?.id ?? 0, position: 0 });
      for (let index = 0; index < 3; index += 1) {
        const listing = await insertListing(db, seller.id, {
          eventId: event?.id ?? null,
          eventName: 'Khruangbin Live',
          eventDate: isoDay(10 + index, NOW),
          venue: venue?.name ?? '',
          description: `Khruangbin at ${venue?.name}`,
          // One listing of each event is priced below its face value.
          markup: index === 0 ? -20 : 10,
        });
        ids[key]?.push(listing.id);
        if (index === 0) ids.belowFace?.push(listing.id);
      }
    }
    // A listing without a catalog event has no city the filter can know.
    const manual = await insertListing(db, seller.id, {
      eventName: 'Khruangbin Live',
      eventDate: isoDay(12, NOW),
      description: 'Khruangbin at a Portland garage',
      markup: -20,
    });
    ids.manual?.push(manual.id);
    ids.belowFace?.push(manual.id);
    await harness.app.listingSearch.ready();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('suggests for a one-letter slip what the corrected words would (issue 43)', async () => {
    const exact = await visitor.get('/api/search/suggestions?q=khruangbin%20live');
    expect(exact.body.length).toBeGreaterThan(0);
    for (const slip of ['khruangbn live', 'khraungbin', 'Khruangbin Lve']) {
      const suggested = await visitor.get(`/api/search/suggestions?q=${encodeURIComponent(slip)}`);
      expect(suggested.status).toBe(200);
      expect(
        suggested.body.map((suggestion: { text: string }) => suggestion.text),
        slip,
      ).toContain('Khruangbin Live');
    }
    expect((await visitor.get('/api/search/suggestions?q=qqqqzzzz')).body).toEqual([]);
  });

  it('suggests cities, slips forgiven', async () => {
    for (const typed of ['portl', 'Portlnd']) {
      const suggested = await visitor.get(`/api/search/suggestions?q=${typed}`);
      expect(suggested.body, typed).toContainEqual(
        expect.objectContaining({ text: 'Portland', kind: 'city', event: null }),
      );
    }
  });

  it('finds the listings of a one-letter slip, offers the correction, and pages through it', async () => {
    const exact = await throughHttp(member, { search: 'Khruangbin', sortBy: 'price_asc', limit: '50' });
    expect(exact.ids).toHaveLength(7);
    expect(exact.offered).toEqual([null]);
    for (const slip of ['Khruangbn', 'khraungbin', 'Khruangbiin']) {
      const search = { search: slip, sortBy: 'price_asc', limit: '2' };
      const found = await throughHttp(member, search);
      expect(found.ids.toSorted(), slip).toEqual(exact.ids.toSorted());
      expect(new Set(found.offered), slip).toEqual(new Set([slip[0] === 'K' ? 'Khruangbin' : 'khruangbin']));
      expect(await inSql(search)).toEqual({ ids: found.ids, offered: found.offered });
    }
    const visitorPage = await visitor.get('/api/tickets?search=Khruangbn%20Live');
    expect(visitorPage.body.didYouMean).toBe('Khruangbin Live');
    expect(visitorPage.body.tickets).toHaveLength(7);
    // A short word too, as in 'Ellie Hrt' (issue 33): a letter missing from 'Live'.
    const shortSlip = await throughHttp(member, {
      search: 'Khruangbin Lve',
      sortBy: 'price_asc',
      limit: '50',
    });
    expect(shortSlip.ids.toSorted()).toEqual(exact.ids.toSorted());
    expect(shortSlip.offered).toEqual(['Khruangbin Live']);
  });

  it('offers nothing when a search matches as typed, or when no correction matches either', async () => {
    const searches: Record<string, string>[] = [
      { search: 'Khruang' },
      { search: 'zzzzzzz' },
      { search: 'Khruangbn', city: 'Tokyo' },
    ];
    for (const search of searches) {
      const found = await throughHttp(member, search);
      expect(found.offered).toEqual([null]);
      expect(await inSql(search)).toEqual({ ids: found.ids, offered: found.offered });
    }
    // A word of under three letters is not corrected, as in concert search (decision 0040).
    expect(await throughHttp(member, { search: 'Zq' })).toMatchObject({ ids: [], offered: [null] });
  });

  it('filters by the event venue city, compared whole and without case or accents', async () => {
    for (const city of ['Portland', 'portland', ' PORTLAND ']) {
      const search = { search: 'khruangbin', city, sortBy: 'price_asc', limit: '2' };
      const found = await throughHttp(member, search);
      expect(found.ids.toSorted()).toEqual(ids.portland?.toSorted());
      expect((await inSql(search)).ids).toEqual(found.ids);
    }
    // Without a search the list is read in SQL; the same filter applies.
    const browse = await throughHttp(member, { city: 'Boston', limit: '50' });
    expect(browse.ids.toSorted()).toEqual(ids.boston?.toSorted());
    expect((await throughHttp(member, { city: 'Port', limit: '50' })).ids).toEqual([]);
  });

  it('filters to listings priced at or below face value, with a search and without', async () => {
    const searches: Record<string, string>[] = [
      { search: 'khruangbin', atOrBelowFace: 'true', sortBy: 'price_desc' },
      { atOrBelowFace: 'true', limit: '50' },
      { search: 'harbor', atOrBelowFace: 'true', city: 'portland', sortBy: 'date' },
    ];
    for (const search of searches) {
      const found = await throughHttp(member, search);
      expect((await inSql(search)).ids).toEqual(found.ids);
      const expected =
        search.city === undefined ? ids.belowFace : ids.belowFace?.filter((id) => ids.portland?.includes(id));
      expect(found.ids.toSorted()).toEqual(expected?.toSorted());
    }
    expect((await throughHttp(member, { atOrBelowFace: 'false', limit: '50' })).ids).toHaveLength(7);
  });

  it('refuses a city that is too long and an atOrBelowFace that is not true or false', async () => {
    const long = await member.get(`/api/tickets?city=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(MARKETPLACE_TEXT.cityTooLong);
    const bad = await member.get('/api/tickets?atOrBelowFace=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MARKETPLACE_TEXT.atOrBelowFaceInvalid);
  });
});

describe('displayedCorrection', () => {
  it('writes each corrected word in the case it was typed in', () => {
    expect(displayedCorrection('Ellie Hrat', 'ellie hart')).toBe('Ellie Hart');
    expect(displayedCorrection('KHRUANGBN live', 'khruangbin live')).toBe('KHRUANGBIN live');
    expect(displayedCorrection('beyonse', 'beyonce')).toBe('beyonce');
  });
});
