import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { saleEndsAt } from '../../../common/on-sale.js';
import { events } from '../../db/schema/index.js';
import { ManualClock, utcDate } from '../../lib/clock.js';
import { searchDocumentOnSaleSql } from '../../lib/on-sale-sql.js';
import { REMOVALS_KEPT_MS } from '../../lib/synced-index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { concertCardsReader } from './concert-cards.js';
import { ConcertIndex } from './concert-index.js';
import { ConcertSearch, concertSearchVersionReader } from './concert-search.js';
import type { CatalogArtist, CatalogEvent, CatalogVenue } from './import.js';
import { upsertCatalog } from './import.js';
import { searchConcerts } from './service.js';

/** Decision 0049: concert search through the in-memory index gives the SQL's pages, and follows changes. */

const NOW = new Date('2030-03-01T12:00:00Z');
const DAY_MS = 86_400_000;
const day = (offset: number) => utcDate(new Date(NOW.getTime() + offset * DAY_MS));

/** A small seeded generator (mulberry32), so every run draws the same catalog and queries. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

const WORDS = ['Neon', 'Velvet', 'Harbor', 'Beyoncé', 'Sigur', 'Rós', 'Tame', 'Impala', 'Copper', 'River'];
const MORE_WORDS = ['Night', 'Tour', 'Live', 'AC/DC', 'Björk', 'Khruangbin', 'the', 'Lights', 'Neonics'];
const CITIES = ['Reykjavík', 'New York', 'Chicago', 'Neon City', 'Harborview'];
const ZONES = ['America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Atlantic/Reykjavik'];
const random = seeded(23);

const artists: CatalogArtist[] = Array.from({ length: 40 }, (_, index) => ({
  externalId: `index-artist-${index}`,
  name: `${random.pick(WORDS)} ${random.pick([...WORDS, ...MORE_WORDS])}${index % 7 === 0 ? ' Trio' : ''}`,
  imageUrl: null,
  genres: [],
  infoUrl: null,
}));
// Artist names must be unique: the generator repeats some, so those get their index.
for (const [index, artist] of artists.entries())
  if (artists.findIndex((other) => other.name === artist.name) !== index) artist.name += ` ${index}`;
const venues: CatalogVenue[] = Array.from({ length: 12 }, (_, index) => ({
  externalId: `index-venue-${index}`,
  name: `${random.pick(['Grand', 'Velvet', 'Harbor', 'Union'])} ${random.pick(['Hall', 'Arena', 'Ballroom'])} ${index}`,
  city: random.pick(CITIES),
  timeZone: ZONES[index % ZONES.length],
}));
const catalog: CatalogEvent[] = Array.from({ length: 260 }, (_, index) => {
  const headliner = random.pick(artists);
  const lineup = random.next() < 0.3 ? [headliner, random.pick(artists)] : [headliner];
  const name = random.pick([
    `${headliner.name}: ${random.pick(MORE_WORDS)} ${random.pick(WORDS)} Tour`,
    `An Evening with ${headliner.name}`,
    `${headliner.name} Live`,
    `${random.pick(MORE_WORDS)} ${random.pick(WORDS)}`,
    headliner.name,
  ]);
  return {
    externalId: `index-event-${index}`,
    name,
    date: day(Math.floor(random.next() * 220) - 20),
    // Some festivals, whose later days are on sale after their first.
    daysCount: index % 6 === 0 ? 3 : 1,
    venue: random.pick(venues),
    artists: lineup,
  };
});

/** Queries drawn from the catalog as the benchmark draws them (decision 0040), and a few that find nothing. */
function drawnQueries(): string[] {
  const words = catalog.flatMap((event) => event.name.split(/\s+/));
  const queries = new Set<string>([
    'zzqx',
    'the',
    'neo',
    'rós',
    'ros',
    'harbor neon',
    'live neon',
    'tour velvet',
  ]);
  for (let count = 0; count < 70; count += 1) {
    const event = random.pick(catalog);
    const artist = random.pick(artists).name;
    const word = random.pick(words);
    const cut = (text: string) => text.slice(0, 3 + Math.floor(random.next() * (text.length - 2)));
    const slip = (text: string) => {
      const at = 1 + Math.floor(random.next() * (text.length - 2));
      return text.slice(0, at) + text.slice(at + 1);
    };
    queries.add(event.name);
    queries.add(artist.toLowerCase());
    queries.add(cut(event.name));
    if (word.length >= 3) queries.add(word);
    if (artist.length >= 6) queries.add(slip(artist));
    queries.add(`${artist.split(' ').reverse().join(' ')}`);
    queries.add(event.venue.city);
    queries.add(event.venue.name.split(' ')[0] as string);
  }
  return [...queries].filter((query) => query.trim().length >= 3);
}

describe.each(backends)('concert search through the in-memory index on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    await upsertCatalog(harness.database.db, catalog);
    await harness.app.concertSearch.ready();
  });

  afterAll(async () => {
    await harness?.close();
  });

  const indexedBy = (index: ConcertIndex) => ({ index, readCard: concertCardsReader(harness.database.db) });

  async function currentIndex(): Promise<ConcertIndex> {
    const index = await harness.app.concertSearch.current(
      await concertSearchVersionReader(harness.database.db)(),
    );
    expect(index).toBeInstanceOf(ConcertIndex);
    return index as ConcertIndex;
  }

  async function results(query: string): Promise<{ id: number; name: string }[]> {
    // Past the 5 seconds a page is shared for (decision 0021): every search is answered anew.
    clock.advance(6_000);
    const response = await harness.client().get(`/api/concerts/search?query=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return response.body;
  }

  const names = async (query: string) => (await results(query)).map((result) => result.name);

  /** The documents the load reads, in the same order, on sale at the clock's instant. */
  async function onSaleDocuments(): Promise<Parameters<ConcertIndex['upsert']>[0][]> {
    const { rows } = (await harness.database.db.execute(
      sql`select event_id as "eventId", date::text as date, name, artists, venue, city,
        (extract(epoch from ends_at) * 1000)::float8 as "endsAt"
        from event_search s where ${searchDocumentOnSaleSql(clock.now())} order by s.date, s.event_id`,
    )) as unknown as { rows: Parameters<ConcertIndex['upsert']>[0][] };
    return rows.map((row) => ({ ...row, endsAt: Number(row.endsAt) }));
  }

  it('gives the SQL search’s page for every drawn query, past events left out', async () => {
    const db = harness.database.db;
    const index = await currentIndex();
    const search = vi.spyOn(index, 'search');
    let found = 0;
    for (const query of drawnQueries()) {
      // Noon in UTC, the evening before in the west (07:30 UTC), and three months on.
      for (const now of [
        NOW,
        new Date(NOW.getTime() + 19.5 * 3_600_000),
        new Date(NOW.getTime() + 90 * DAY_MS),
      ]) {
        const expected = await searchConcerts(db, query, { now });
        expect(
          await searchConcerts(db, query, { now, indexed: indexedBy(index) }),
          `${query} at ${now.toISOString()}`,
        ).toEqual(expected);
        if (expected.length > 0) found += 1;
      }
    }
    expect(found).toBeGreaterThan(100);
    expect(search).toHaveBeenCalled();
    search.mockRestore();
  });

  it('takes every path of the index on the same catalog when its limits are small', async () => {
    const db = harness.database.db;
    const small = new ConcertIndex({ checkTextsUpTo: 3, sortDocumentsUpTo: 4 });
    const full = await currentIndex();
    for (const row of await onSaleDocuments()) small.upsert(row);
    small.seal();
    const now = new Date(NOW.getTime() + 3 * DAY_MS);
    for (const query of drawnQueries().slice(0, 120)) {
      expect(await searchConcerts(db, query, { now, indexed: indexedBy(small) }), query).toEqual(
        await searchConcerts(db, query, { now, indexed: indexedBy(full) }),
      );
    }
  });

  it('shows a new event, a renamed artist and a moved event, and drops a cancelled one, on the next search', async () => {
    const db = harness.database.db;
    const fresh: CatalogEvent = {
      externalId: 'index-event-fresh',
      name: 'Zephyr Quokka Live',
      date: day(4),
      daysCount: 1,
      venue: venues[0] as CatalogVenue,
      artists: [
        { externalId: 'index-artist-fresh', name: 'Zephyr Band', imageUrl: null, genres: [], infoUrl: null },
      ],
    };
    await upsertCatalog(db, [fresh]);
    expect(await names('zephyr quokka')).toEqual(['Zephyr Quokka Live']);

    const renamed = { ...(fresh.artists[0] as CatalogArtist), name: 'Quokka Tribute' };
    await upsertCatalog(db, [{ ...fresh, artists: [renamed] }]);
    expect(await names('quokka tribute')).toEqual(['Zephyr Quokka Live']);

    await upsertCatalog(db, [{ ...fresh, artists: [renamed], date: day(-3) }]);
    expect(await names('zephyr quokka')).toEqual([]);
    await upsertCatalog(db, [{ ...fresh, artists: [renamed], date: day(5) }]);
    expect(await names('zephyr quokka')).toEqual(['Zephyr Quokka Live']);

    await db.update(events).set({ status: 'cancelled' }).where(eq(events.externalId, fresh.externalId));
    expect(await names('zephyr quokka')).toEqual([]);
    const index = await currentIndex();
    expect(
      await searchConcerts(db, 'zephyr quokka', { now: clock.now(), indexed: indexedBy(index) }),
    ).toEqual([]);
  });

  it("stops showing events once they are no longer on sale, at their venue's midnight after their last day", async () => {
    const soonest = [...catalog]
      .filter((event) => event.date >= day(0))
      .sort((a, b) => a.date.localeCompare(b.date))[0] as CatalogEvent;
    const [stored] = await harness.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.externalId, soonest.externalId));
    const ends = saleEndsAt({
      eventDate: soonest.date,
      daysCount: soonest.daysCount,
      timeZone: soonest.venue.timeZone as string,
    }).getTime();
    const idsAt = async (instant: number) => {
      clock.set(new Date(instant));
      const response = await harness
        .client()
        .get(`/api/concerts/search?query=${encodeURIComponent(soonest.name)}`);
      return (response.body as { id: number }[]).map((result) => result.id);
    };
    expect(await idsAt(ends - 60_000)).toContain(stored?.id);
    expect(await idsAt(ends + 60_000)).not.toContain(stored?.id);
    clock.set(NOW);
  });

  it("finds a show at 23:30 in Los Angeles on its day and a festival on its second day, not a minute after the venue's midnight", async () => {
    const db = harness.database.db;
    const show: CatalogEvent = {
      externalId: 'index-event-evening',
      name: 'Quasar Evening Show',
      date: '2030-03-01',
      daysCount: 1,
      venue: {
        externalId: 'index-venue-la',
        name: 'Sunset Bowl',
        city: 'Los Angeles',
        timeZone: 'America/Los_Angeles',
      },
      artists: [],
    };
    const festival: CatalogEvent = {
      externalId: 'index-event-festival',
      name: 'Quasar Festival',
      date: '2030-03-01',
      daysCount: 3,
      venue: {
        externalId: 'index-venue-ny',
        name: 'Pier Green',
        city: 'New York',
        timeZone: 'America/New_York',
      },
      artists: [],
    };
    await upsertCatalog(db, [show, festival]);
    const found = async (instant: string) => {
      const now = new Date(instant);
      clock.set(now);
      const response = await harness.client().get('/api/concerts/search?query=quasar');
      expect(response.status).toBe(200);
      const viaIndex = (response.body as { name: string }[]).map((result) => result.name).sort();
      // The SQL finds the same, and so does the index as it is now.
      const viaSql = (await searchConcerts(db, 'quasar', { now })).map((result) => result.name).sort();
      const index = await currentIndex();
      const viaHeldIndex = (await searchConcerts(db, 'quasar', { now, indexed: indexedBy(index) }))
        .map((result) => result.name)
        .sort();
      expect(viaSql).toEqual(viaIndex);
      expect(viaHeldIndex).toEqual(viaIndex);
      return viaIndex;
    };
    try {
      // 23:30 on 1 March in Los Angeles (PST, UTC−8): 07:30 UTC on 2 March, day 2 of the festival in New York.
      expect(await found('2030-03-02T07:30:00Z')).toEqual(['Quasar Evening Show', 'Quasar Festival']);
      // One minute after midnight in Los Angeles: the show is over, the festival on its second day.
      expect(await found('2030-03-02T08:01:00Z')).toEqual(['Quasar Festival']);
      // The festival's last day (3 March) ends at midnight in New York (EST, UTC−5): 05:00 UTC on 4 March.
      expect(await found('2030-03-04T04:59:00Z')).toEqual(['Quasar Festival']);
      expect(await found('2030-03-04T05:01:00Z')).toEqual([]);
    } finally {
      clock.set(NOW);
    }
  });

  it('loads anew once it has not read changes for longer than removals are kept, and answers again', async () => {
    const db = harness.database.db;
    let monotonic = 0;
    const search = new ConcertSearch({ db, clock, log: harness.app.log, monotonicMs: () => monotonic });
    const readVersion = concertSearchVersionReader(db);
    try {
      await search.ready();
      const version = await readVersion();
      expect(await search.current(version)).toBeInstanceOf(ConcertIndex);
      // The database out of reach for longer than removals are kept: the held index cannot be trusted.
      monotonic += REMOVALS_KEPT_MS + 1;
      expect(await search.current(version)).toBeNull();
      let index: ConcertIndex | null = null;
      for (let attempt = 0; attempt < 200 && !index; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        index = await search.current(version);
      }
      expect(index).toBeInstanceOf(ConcertIndex);
      expect(search.stats()).toMatchObject({ ready: true, version });
    } finally {
      await search.close();
    }
  });

  it('applies a bulk change in pages, in place, and then holds what a fresh load reads', async () => {
    const db = harness.database.db;
    // Five changed rows make a bulk change here, read seven rows a page.
    const search = new ConcertSearch({ db, clock, log: harness.app.log, maxChangedRows: 5, bulkPageRows: 7 });
    const readVersion = concertSearchVersionReader(db);
    const loadedDocuments = async () => {
      const fresh = new ConcertIndex();
      for (const row of await onSaleDocuments()) fresh.upsert(row);
      fresh.seal();
      return fresh.documents();
    };
    try {
      await search.ready();
      expect(search.stats()).toEqual({
        label: 'concert search index',
        ready: true,
        documents: (await loadedDocuments()).length,
        version: await readVersion(),
        lastFullLoadSeconds: expect.any(Number),
      });
      // Thirty events renamed and moved (some into the past), and five cancelled.
      await upsertCatalog(
        db,
        catalog.slice(0, 30).map((event, position) => ({
          ...event,
          name: `${event.name} Reprise ${position}`,
          date: day(((position * 11) % 90) - 10),
        })),
      );
      for (const event of catalog.slice(30, 35))
        await db.update(events).set({ status: 'cancelled' }).where(eq(events.externalId, event.externalId));
      const version = await readVersion();
      // Searches answer in SQL while the pages are read.
      expect(await search.current(version)).toBeNull();
      let index: ConcertIndex | null = null;
      for (let attempt = 0; attempt < 200 && !index; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        index = await search.current(version);
      }
      expect(index).toBeInstanceOf(ConcertIndex);
      expect(index?.documents()).toEqual(await loadedDocuments());
      expect(search.stats()).toMatchObject({ ready: true, documents: index?.size, version });
    } finally {
      await search.close();
    }
  });
});
