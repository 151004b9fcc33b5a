import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TEXT } from '../../../common/messages.js';
import { allInPerTicketCents } from '../../../common/pricing.js';
import { events, tickets, users } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { type CatalogArtist, type CatalogEvent, type CatalogVenue, upsertCatalog } from './import.js';
import { searchConcerts } from './service.js';

const DAY_MS = 86_400_000;
/** A date relative to today (UTC), as the search compares dates. */
function inDays(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
}

function artist(key: string, name: string, genres: string[] = []): CatalogArtist {
  return { externalId: `test-artist-${key}`, name, imageUrl: null, genres, infoUrl: null };
}
function venue(key: string, name: string, city: string): CatalogVenue {
  return { externalId: `test-venue-${key}`, name, city };
}

const trio = { ...artist('trio', 'Blue Moon Trio', ['Jazz']), imageUrl: 'https://img.example/trio.jpg' };
const copper = artist('copper', 'Copper Creek Revival', ['Country', 'Alternative Country']);
const juniper = {
  ...artist('juniper', 'Juniper Vale', ['Pop', 'Pop Rock']),
  infoUrl: 'https://www.example.com/juniper-vale',
  imageUrl: 'https://img.example/juniper.jpg',
};
const juniperBand = artist('juniper-band', 'Juniper', ['Folk']);
const opener = artist('opener', 'Quiet Openers');
const PAINTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#7c3aed"/></svg>';
/** Generated art, stored as the demo seed stores it: a data: URL the answers must not carry. */
const painter = {
  ...artist('painter', 'Gallery Painters'),
  imageUrl: `data:image/svg+xml,${encodeURIComponent(PAINTED_SVG)}`,
};

const hall = venue('hall', 'Harbor Hall', 'Portland');
const ballroom = venue('ballroom', 'Blue Moon Ballroom', 'Austin');
const ryman = venue('ryman', 'Ryman Auditorium', 'Nashville');
const loft = venue('loft', 'Gallery Loft', 'Santa Fe');

function event(key: string, name: string, date: string, at: CatalogVenue, lineup: CatalogArtist[] = []) {
  return { externalId: `test-event-${key}`, name, date, daysCount: 1, venue: at, artists: lineup };
}

/** Every ranking tier for the query 'blue moon', with dates set against the tier order. */
const catalog: CatalogEvent[] = [
  event('exact', 'Blue Moon', inDays(60), hall),
  // Two days back: yesterday's show is still on sale until its venue's midnight (decision 0071), which is
  // hours after UTC's in American zones.
  event('exact-past', 'Blue Moon', inDays(-2), hall),
  event('artist', 'Summer Nights', inDays(50), hall, [opener, trio]),
  event('prefix-late', 'Blue Moon Rising', inDays(40), hall),
  event('prefix-early', 'Blue Moon Rising', inDays(35), ryman),
  event('prefix-today', 'Blue Moon Matinee', inDays(0), hall),
  event('word', 'Once in a Blue Moon', inDays(30), hall),
  event('first-word', 'Blue Jays Jamboree', inDays(20), ballroom),
  event('venue-only', 'Jazz Brunch', inDays(10), ballroom),
  event('unrelated', 'Harvest Moon Social', inDays(5), hall),
  event('copper-tour', 'Copper Creek Revival: Long Way Home Tour', inDays(15), ryman, [copper]),
  event('copper-jazz', 'Copper Kettle Jazz', inDays(16), ryman),
  event('juniper', 'Juniper Vale - The Glasshouse Tour', inDays(25), hall, [juniper]),
  event('festival', 'Riverside Sessions', inDays(45), ryman, [juniperBand, copper]),
  event('gallery', 'Gallery Night', inDays(70), loft, [painter]),
  // Characters outside the Basic Multilingual Plane: two UTF-16 units each, one character to the database.
  event('emoji', 'Fan 🎸🎸ab cd Show', inDays(80), hall),
  // Only the fallback finds this one for '🎸🎸ab cd': the words are apart.
  event('emoji-apart', '🎸🎸ab Night cd', inDays(85), hall),
];

describe.each(backends)('event catalog on %s', (backend) => {
  let harness: TestApp;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    harness = await startTestApp(backend);
    const { db } = harness.database;
    await upsertCatalog(db, catalog);
    for (const row of await db.select({ id: events.id, externalId: events.externalId }).from(events)) {
      if (row.externalId) ids.set(row.externalId.replace('test-event-', ''), row.id);
    }
    const [seller] = await db
      .insert(users)
      .values({
        username: 'catalog-seller',
        email: 'catalog-seller@example.com',
        passwordHash: 'not-a-real-hash',
        firstName: 'Cat',
        lastName: 'Seller',
      })
      .returning({ id: users.id });
    if (!seller) throw new Error('seller not stored');
    const listing = (
      eventKey: string,
      faceValueCents: number,
      sold: boolean,
      status: 'available' | 'cancelled' | 'pending' = 'available',
    ) => {
      const eventId = ids.get(eventKey);
      if (eventId === undefined) throw new Error(`no id for ${eventKey}`);
      return {
        sellerId: seller.id,
        eventId,
        eventName: 'listing',
        eventDate: inDays(15),
        description: 'listing at venue, city',
        section: 'A',
        row: '1',
        seats: '1',
        faceValueCents,
        serviceFeeCents: 500,
        listingPriceCents: faceValueCents + 500,
        sold,
        status,
      };
    };
    await db.insert(tickets).values([
      listing('copper-tour', 12_050, false),
      listing('copper-tour', 8_525, false),
      listing('copper-tour', 4_000, true),
      listing('copper-jazz', 3_000, true),
      // Withdrawn by its seller and under review: neither is on sale, so neither is counted or priced.
      listing('copper-tour', 2_000, false, 'cancelled'),
      listing('copper-tour', 2_500, false, 'pending'),
    ]);
  });

  afterAll(async () => {
    await harness?.close();
  });

  async function search(query: string) {
    const response = await harness.client().get(`/api/concerts/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return response.body as {
      id: number;
      name: string;
      date: string;
      venue: string;
      city: string;
      minPrice: number | null;
      minFaceValue: number | null;
      listingCount: number;
      artists: { name: string; image: string | null }[];
      image: string | null;
    }[];
  }

  it('ranks exact name, artist, prefix, whole word, first word, then the rest, each by date', async () => {
    const results = await search('BLUE moon');
    expect(results.map((row) => [row.name, row.date])).toEqual([
      ['Blue Moon', inDays(60)],
      ['Summer Nights', inDays(50)],
      ['Blue Moon Matinee', inDays(0)],
      ['Blue Moon Rising', inDays(35)],
      ['Blue Moon Rising', inDays(40)],
      ['Once in a Blue Moon', inDays(30)],
      ['Blue Jays Jamboree', inDays(20)],
      ['Jazz Brunch', inDays(10)],
    ]);
  });

  it('answers the result fields the listing form uses', async () => {
    const [summer] = await search('blue moon trio');
    expect(summer).toEqual({
      id: ids.get('artist'),
      name: 'Summer Nights',
      date: inDays(50),
      daysCount: 1,
      venue: 'Harbor Hall',
      city: 'Portland',
      minPrice: null,
      minFaceValue: null,
      listingCount: 0,
      image: 'https://img.example/trio.jpg',
      artists: [
        { name: 'Quiet Openers', image: null },
        { name: 'Blue Moon Trio', image: 'https://img.example/trio.jpg' },
      ],
    });
  });

  it('leaves out events dated before today', async () => {
    const results = await search('Blue Moon');
    expect(results.filter((row) => row.name === 'Blue Moon').map((row) => row.date)).toEqual([inDays(60)]);
  });

  it('matches venue names and cities', async () => {
    expect((await search('nashville')).map((row) => row.name)).toEqual([
      'Copper Creek Revival: Long Way Home Tour',
      'Copper Kettle Jazz',
      'Blue Moon Rising',
      'Riverside Sessions',
    ]);
    expect((await search('Ballroom')).map((row) => row.name)).toEqual(['Jazz Brunch', 'Blue Jays Jamboree']);
  });

  it('treats LIKE wildcards in the query as plain text', async () => {
    expect(await search('%%%')).toEqual([]);
    expect(await search('b_ue moon')).toEqual([]);
  });

  it('retries several words with the first word, keeping events whose name or artists hold every word', async () => {
    // 'copper long way' is in no name as typed; 'copper' finds both Copper events and the festival.
    expect((await search('copper long way')).map((row) => row.name)).toEqual([
      'Copper Creek Revival: Long Way Home Tour',
    ]);
    // Words may come from the lineup: the festival's artists are Juniper and Copper Creek Revival.
    expect((await search('juniper revival')).map((row) => row.name)).toEqual(['Riverside Sessions']);
    // A word found only in the city does not count for the fallback.
    expect(await search('copper nashville')).toEqual([]);
    // The other words are plain text there too, never LIKE wildcards.
    expect(await search('copper l_ng way')).toEqual([]);
    // A first word under 3 characters is not retried.
    expect(await search('xx copper')).toEqual([]);
  });

  it('ranks alike whether a tier finds its events among the soonest documents, shared matches or the whole table', async () => {
    const { db } = harness.database;
    const queries = [
      'BLUE moon',
      'blue moon trio',
      'nashville',
      'Ballroom',
      'copper long way',
      'juniper revival',
      // Phrases across punctuation and inside words: the whole-table query's word and joined-name indexes.
      'revival: long way',
      'ale - the glass',
      'oon ris',
      'in a blue',
      'moon',
      // A window of three characters either side of the space starts inside the first guitar's two units.
      '🎸🎸ab cd',
    ];
    for (const query of queries)
      for (const limit of [2, 20]) {
        const everything = await searchConcerts(db, query, { limit, nearestDocuments: 1_000 });
        expect(everything.length, query).toBeGreaterThan(0);
        // Shared matches read whole, or more of them than may be shared (the tier then asks the table).
        for (const nearestDocuments of [1, 3, 7])
          for (const sharedCandidates of [1_000, 2, 0])
            expect(
              await searchConcerts(db, query, { limit, nearestDocuments, sharedCandidates }),
              `${query} ${nearestDocuments} ${sharedCandidates}`,
            ).toEqual(everything);
      }
  });

  it('gives "from" as the lowest all-in price per ticket, and counts, of the listings on sale only', async () => {
    const results = await search('copper');
    const tour = results.find((row) => row.name === 'Copper Creek Revival: Long Way Home Tour');
    const kettle = results.find((row) => row.name === 'Copper Kettle Jazz');
    // The cheapest on sale is listed at $90.25 ($85.25 face value and a $5.00 fee): $92.01 all-in.
    expect(allInPerTicketCents(9_025)).toBe(9_201);
    expect(tour).toMatchObject({ minPrice: 92.01, minFaceValue: 85.25, listingCount: 2 });
    expect(kettle).toMatchObject({ minPrice: null, minFaceValue: null, listingCount: 0 });
  });

  it('answers 400 with a clear message under 3 characters, after trimming', async () => {
    const client = harness.client();
    for (const path of [
      '/api/concerts/search?query=ab',
      '/api/concerts/search?query=%20%20ab%20%20',
      '/api/concerts/search',
    ]) {
      const response = await client.get(path);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(CATALOG_TEXT.searchTooShort);
    }
  });

  it('documents both routes in the OpenAPI document', async () => {
    const response = await harness.client().get('/api/openapi.json');
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/concerts/search', '/api/artists/info']),
    );
  });

  it('keeps concert search answers out of caches', async () => {
    const response = await harness.client().get('/api/concerts/search?query=copper');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  describe('artist images', () => {
    async function galleryImage() {
      const [result] = await search('gallery night');
      expect(result?.name).toBe('Gallery Night');
      const url = result?.image ?? '';
      expect(result?.artists.map((row) => row.image)).toEqual([url]);
      return url;
    }

    it('answers generated art as a versioned URL, not inline data', async () => {
      const url = await galleryImage();
      expect(url).toMatch(/^\/api\/artists\/\d+\/image\?v=[0-9a-f]{16}$/);
      const info = await harness.client().get('/api/artists/info?name=Gallery%20Painters');
      expect(info.body[0].image).toBe(url);
      // Imported images are URLs already and stay as they were.
      expect((await search('Summer Nights'))[0]?.artists.map((row) => row.image)).toEqual([
        null,
        'https://img.example/trio.jpg',
      ]);
    });

    it('serves the image at that URL, cacheable for a year, and 304 for its ETag', async () => {
      const url = await galleryImage();
      const response = await harness.client().get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.text).toBe(PAINTED_SVG);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = response.headers.get('etag') ?? '';
      expect(etag).toBe(`"${new URL(url, 'http://x').searchParams.get('v')}"`);
      const again = await harness.client().request('GET', url, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    });

    it('asks browsers to revalidate when the URL names another version', async () => {
      const url = await galleryImage();
      const stale = await harness.client().get(url.replace(/v=.*$/, 'v=0000000000000000'));
      expect(stale.status).toBe(200);
      expect(stale.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    });

    it('answers 404 for an artist without stored art and 400 for a bad id', async () => {
      const [trioRow] = (await search('Summer Nights'))[0]?.artists ?? [];
      expect(trioRow?.image).toBeNull();
      const missing = await harness.client().get('/api/artists/999999/image');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(CATALOG_TEXT.artistImageNotFound);
      expect(missing.headers.get('cache-control')).toBe('no-store');
      expect((await harness.client().get('/api/artists/abc/image')).status).toBe(400);
    });
  });

  describe('artist info', () => {
    async function info(name: string) {
      const response = await harness.client().get(`/api/artists/info?name=${encodeURIComponent(name)}`);
      expect(response.status).toBe(200);
      return response;
    }

    it("cuts the name at ' at ' and answers the exact artist first", async () => {
      const response = await info('Juniper Vale at Harbor Hall');
      expect(response.body[0]).toEqual({
        name: 'Juniper Vale',
        url: 'https://www.example.com/juniper-vale',
        image: 'https://img.example/juniper.jpg',
        genres: ['Pop', 'Pop Rock'],
      });
      // 'Juniper' is similar, so it follows the exact match.
      expect(response.body.map((entry: { name: string }) => entry.name)).toEqual(['Juniper Vale', 'Juniper']);
    });

    it("cuts the name at ' @ ', case-insensitively", async () => {
      expect((await info('JUNIPER @ Ryman')).body[0].name).toBe('Juniper');
      expect((await info('juniper vale AT the hall')).body[0].name).toBe('Juniper Vale');
    });

    it('finds a misspelt artist by trigram similarity', async () => {
      expect((await info('Copper Creek Revivel')).body[0].name).toBe('Copper Creek Revival');
    });

    it('answers the lineup of an event sent by its name', async () => {
      expect((await info('Summer Nights')).body.map((entry: { name: string }) => entry.name)).toEqual([
        'Quiet Openers',
        'Blue Moon Trio',
      ]);
    });

    it('answers an empty list when nothing matches', async () => {
      expect((await info('Zzyzx Qwv')).body).toEqual([]);
      // Uncut, 'Qqq at Juniper Vale' would be similar to Juniper Vale.
      expect((await info('Qqq at Juniper Vale')).body).toEqual([]);
    });

    it('may be cached for an hour', async () => {
      expect((await info('Juniper Vale')).headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('answers 400 without a name', async () => {
      const response = await harness.client().get('/api/artists/info?name=%20');
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(CATALOG_TEXT.artistNameRequired);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });
  });
});
