import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../db/schema/index.js';
import { searchFold } from '../../lib/search-fold.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { type CatalogArtist, type CatalogEvent, type CatalogVenue, upsertCatalog } from './import.js';
import { searchConcerts } from './service.js';

/** Decision 0040: accents fold both ways and one-letter slips still find the name, below exact matches. */

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const artist = (key: string, name: string): CatalogArtist => ({
  externalId: `match-artist-${key}`,
  name,
  imageUrl: null,
  genres: [],
  infoUrl: null,
});
const venue = (key: string, name: string, city: string): CatalogVenue => ({
  externalId: `match-venue-${key}`,
  name,
  city,
});
const event = (key: string, name: string, days: number, at: CatalogVenue, lineup: CatalogArtist[]) => ({
  externalId: `match-event-${key}`,
  name,
  date: inDays(days),
  daysCount: 1,
  venue: at,
  artists: lineup,
});

const beyonce = artist('beyonce', 'Beyoncé');
const sigurRos = artist('sigur-ros', 'Sigur Rós');
const khruangbin = artist('khruangbin', 'Khruangbin');
const tameImpala = artist('tame-impala', 'Tame Impala');
const opener = artist('opener', 'Quiet Openers');
const forum = venue('forum', 'Kia Forum', 'Inglewood');
const harpa = venue('harpa', 'Harpa', 'Reykjavík');

const catalog: CatalogEvent[] = [
  event('renaissance', 'Renaissance World Tour', 10, forum, [beyonce]),
  event('heima', 'Heima Live', 20, harpa, [sigurRos]),
  event('tribute', 'Sigur Ros Tribute Night', 30, forum, [opener]),
  event('khruangbin', 'A LA SALA Tour', 40, forum, [khruangbin, opener]),
  event('impala', 'Currents Live', 50, forum, [tameImpala]),
  // 'impla' inside a word: an exact match of the query 'impla', dated after Tame Impala's show.
  event('reimpla', 'Reimpla Nights', 60, forum, [opener]),
];

describe.each(backends)('forgiving search matching on %s', (backend) => {
  let harness: TestApp;

  beforeAll(async () => {
    harness = await startTestApp(backend);
    await upsertCatalog(harness.database.db, catalog);
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function names(query: string): Promise<string[]> {
    const response = await harness.client().get(`/api/concerts/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return (response.body as { name: string }[]).map((result) => result.name);
  }

  it('folds the database the same way as the server folds a query', async () => {
    const samples = [
      'Beyoncé',
      'SIGUR RÓS',
      'Björk',
      'Øyvind Łódź',
      'Straße',
      'Æther Œuvre',
      'Þór',
      'Ça İstanbul',
    ];
    for (const sample of samples) {
      const result = (await harness.database.db.execute(
        sql`select search_fold(${sample}) as folded`,
      )) as unknown as {
        rows: { folded: string }[];
      };
      expect(result.rows[0]?.folded, sample).toBe(searchFold(sample));
    }
    expect(searchFold('Sigur Rós')).toBe('sigur ros');
  });

  it('finds accented names without the accents, and plain names with them', async () => {
    expect(await names('beyonce')).toEqual(['Renaissance World Tour']);
    expect(await names('BEYONCÉ')).toEqual(['Renaissance World Tour']);
    expect(await names('sigur ros')).toEqual(['Heima Live', 'Sigur Ros Tribute Night']);
    expect(await names('sigur rós')).toEqual(['Heima Live', 'Sigur Ros Tribute Night']);
    expect(await names('reykjavik')).toEqual(['Heima Live']);
  });

  it('finds a name through a one-letter slip in a word of five letters or more', async () => {
    // A letter missing, one extra, one changed, two swapped.
    for (const slip of ['khruangbn', 'khruangbiin', 'khruangbon', 'khraungbin'])
      expect(await names(slip), slip).toEqual(['A LA SALA Tour']);
    expect(await names('tame impla')).toEqual(['Currents Live']);
    expect(await names('Tame Impalaa')).toEqual(['Currents Live']);
  });

  it('ranks a slip below every exact match, even a later one', async () => {
    expect(await names('impla')).toEqual(['Reimpla Nights', 'Currents Live']);
  });

  it('forgives a slip in a word of three letters or more (issue 33), and nothing two letters off', async () => {
    expect(await names('tamr impala')).toEqual(await names('tame impala'));
    expect(await names('tamr impala')).not.toEqual([]);
    expect(await names('tame impxxa')).toEqual([]);
    expect(await names('khruangbxx')).toEqual([]);
  });

  it('finds the same through the soonest documents, the whole table and the artists or venues', async () => {
    for (const query of ['beyonce', 'khruangbn', 'impla', 'reykjavik', 'tame impla']) {
      const everywhere = await searchConcerts(harness.database.db, query);
      for (const nearestDocuments of [1, 3])
        for (const sharedCandidates of [1_000, 0])
          expect(
            await searchConcerts(harness.database.db, query, { nearestDocuments, sharedCandidates }),
            `${query} ${nearestDocuments} ${sharedCandidates}`,
          ).toEqual(everywhere);
    }
  });

  it('folds the marketplace search and the suggestions the same way', async () => {
    const db = harness.database.db;
    const seller = await createTestUser(db, { username: `folder${Date.now().toString(36)}` });
    const member = await signedInClient(harness, seller.id);
    const [renaissance] = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.externalId, 'match-event-renaissance'));
    const listing = await insertListing(db, seller.id, {
      eventName: 'Björk Orchestral',
      eventDate: inDays(15),
    });
    const lineupListing = await insertListing(db, seller.id, {
      eventName: 'Renaissance World Tour',
      eventId: renaissance?.id ?? null,
      eventDate: inDays(10),
    });
    const search = async (query: string) =>
      (
        (await member.get(`/api/tickets?search=${encodeURIComponent(query)}`)).body as {
          tickets: { id: number }[];
        }
      ).tickets.map((ticket) => ticket.id);
    expect(await search('bjork')).toEqual([listing.id]);
    expect(await search('BJÖRK orch')).toEqual([listing.id]);
    // Through the lineup of the listing's catalog event, accents folded there too.
    expect(await search('beyonce')).toEqual([lineupListing.id]);
    const suggestions = async (q: string) =>
      (
        (await harness.client().get(`/api/search/suggestions?q=${encodeURIComponent(q)}`)).body as {
          text: string;
        }[]
      ).map((suggestion) => suggestion.text);
    expect(await suggestions('beyon')).toEqual(['Beyoncé']);
    expect(await suggestions('bjö')).toEqual(['Björk Orchestral']);
    expect(await suggestions('ros')).toContain('Sigur Rós');
  });
});
