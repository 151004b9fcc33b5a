import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { artists, eventArtists, eventSearch, events, venues } from '../../db/schema/index.js';
import { backends, openTestDatabase } from '../../test/harness.js';
import { type CatalogEvent, upsertCatalog } from './import.js';
import { searchConcerts } from './service.js';

// Decision 0018: event_search is kept current by triggers, whoever writes the catalog.
const NOW = new Date('2026-01-01T12:00:00Z');

/** The one event of these tests (one external id), as the importer would receive it. */
function concert(name: string, artistNames: string[]): CatalogEvent {
  return {
    externalId: 'doc-event',
    name,
    date: '2026-06-01',
    daysCount: 1,
    venue: { externalId: 'doc-venue', name: 'Cedar Hall', city: 'Tulsa' },
    artists: artistNames.map((artistName) => ({
      externalId: `doc-artist-${artistName}`,
      name: artistName,
      imageUrl: null,
      genres: [],
      infoUrl: null,
    })),
  };
}

describe.each(backends)('concert search documents on %s', (backend) => {
  let database: Database & { drop(): Promise<void> };
  const names = async (query: string) =>
    (await searchConcerts(database.db, query, { now: NOW })).map((row) => row.name);

  beforeAll(async () => {
    database = await openTestDatabase(backend);
    await upsertCatalog(database.db, [concert('Spring Social', ['Marble Owls', 'Tin Kites'])]);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('holds the lower-cased name, lineup in order, venue and city of an imported event', async () => {
    const [document] = await database.db.select().from(eventSearch);
    expect(document).toMatchObject({
      name: 'spring social',
      artists: 'marble owls\ntin kites',
      venue: 'cedar hall',
      city: 'tulsa',
      date: '2026-06-01',
      words: ['spring', 'social'],
    });
    expect(await names('tin kites')).toEqual(['Spring Social']);
  });

  it('follows a renamed artist, a renamed venue, an edited event and a changed lineup', async () => {
    const { db } = database;
    await db.update(artists).set({ name: 'Glass Owls' }).where(eq(artists.name, 'Marble Owls'));
    expect(await names('marble')).toEqual([]);
    expect(await names('glass owls')).toEqual(['Spring Social']);

    await db.update(venues).set({ city: 'Omaha' }).where(eq(venues.name, 'Cedar Hall'));
    expect(await names('omaha')).toEqual(['Spring Social']);
    expect(await names('tulsa')).toEqual([]);

    await db.update(events).set({ name: 'Summer Social: A-Side', date: '2026-07-01' });
    const [renamed] = await db.select({ words: eventSearch.words }).from(eventSearch);
    expect(renamed?.words).toEqual(['summer', 'social', 'a', 'side']);
    expect(await names('spring')).toEqual([]);
    const [moved] = await searchConcerts(db, 'summer social', { now: NOW });
    expect(moved?.date).toBe('2026-07-01');

    await upsertCatalog(db, [concert('Summer Social', ['Tin Kites'])]);
    expect(await names('glass owls')).toEqual([]);
    expect(await names('tin kites')).toEqual(['Summer Social']);
  });

  it("ends the document at its venue's midnight after the last day, following the days and the venue's zone", async () => {
    const { db } = database;
    const endsAt = async () => {
      const [document] = await db.select({ endsAt: eventSearch.endsAt }).from(eventSearch);
      return document?.endsAt.toISOString();
    };
    await db.update(venues).set({ timeZone: 'America/Los_Angeles' }).where(eq(venues.name, 'Cedar Hall'));
    expect(await endsAt()).toBe('2026-06-02T07:00:00.000Z');
    await db.update(events).set({ daysCount: 3 });
    expect(await endsAt()).toBe('2026-06-04T07:00:00.000Z');
    const at = async (instant: string) =>
      (await searchConcerts(db, 'summer social', { now: new Date(instant) })).map((row) => row.name);
    // Day 3, and 23:59 in Los Angeles on the last day; then a minute after midnight there.
    expect(await at('2026-06-03T12:00:00Z')).toEqual(['Summer Social']);
    expect(await at('2026-06-04T06:59:00Z')).toEqual(['Summer Social']);
    expect(await at('2026-06-04T07:01:00Z')).toEqual([]);
  });

  it('drops the document with its event', async () => {
    const { db } = database;
    await db.delete(eventArtists);
    await db.delete(events);
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(eventSearch);
    expect(left?.n).toBe(0);
  });
});
