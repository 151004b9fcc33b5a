import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { artists, eventArtists, events, venues } from '../../db/schema/index.js';
import { backends, openTestDatabase } from '../../test/harness.js';
import { parseDiscoveryEvents, upsertCatalog } from './import.js';

// Database-backed, so it runs with the API tests on every backend.
const fixture: unknown = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'fixtures/discovery-events.json'), 'utf8'),
);

describe.each(backends)('upsertCatalog on %s', (backend) => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function counts() {
    const { db } = database;
    const [eventCount] = await db.select({ n: count() }).from(events);
    const [venueCount] = await db.select({ n: count() }).from(venues);
    const [artistCount] = await db.select({ n: count() }).from(artists);
    const [linkCount] = await db.select({ n: count() }).from(eventArtists);
    return {
      events: eventCount?.n,
      venues: venueCount?.n,
      artists: artistCount?.n,
      eventArtists: linkCount?.n,
    };
  }

  it('stores the recorded events, venues, artists and lineups, and a second run changes nothing', async () => {
    const { events: catalog } = parseDiscoveryEvents(fixture);
    const reported = await upsertCatalog(database.db, catalog);
    expect(reported).toEqual({ events: 6, venues: 5, artists: 6, eventArtists: 12 });
    const first = await counts();
    expect(first).toEqual({ events: 6, venues: 5, artists: 6, eventArtists: 12 });
    const before = await database.db.select().from(events).orderBy(events.id);

    await upsertCatalog(database.db, catalog);
    expect(await counts()).toEqual(first);
    expect(await database.db.select().from(events).orderBy(events.id)).toEqual(before);
  });

  it('stores each show’s local start and doors, and its venue’s address (decision 0093)', async () => {
    const [lanterns] = await database.db
      .select({ start: events.startTime, doors: events.doorsTime })
      .from(events)
      .where(eq(events.externalId, 'vvG1IZ9pKx3Lb7'));
    expect(lanterns).toEqual({ start: '19:30:00', doors: '18:30:00' });
    const [garden] = await database.db
      .select({ street: venues.streetAddress, postalCode: venues.postalCode, region: venues.region })
      .from(venues)
      .where(eq(venues.name, 'Madison Square Garden'));
    expect(garden).toEqual({ street: '7th Ave & 32nd Street', postalCode: '10001', region: 'NY' });
    // A start the clocks skip at the venue is stored as its clock reads it then: past the jump.
    const { events: catalog } = parseDiscoveryEvents(fixture);
    const first = catalog[0];
    if (!first) throw new Error('fixture has no events');
    await upsertCatalog(database.db, [
      { ...first, externalId: 'dst-gap', date: '2027-03-14', startTime: '02:30', doorsTime: '02:00' },
    ]);
    const [gap] = await database.db
      .select({ start: events.startTime, doors: events.doorsTime })
      .from(events)
      .where(eq(events.externalId, 'dst-gap'));
    expect(gap).toEqual({ start: '03:30:00', doors: '03:00:00' });
    await database.db.delete(events).where(eq(events.externalId, 'dst-gap'));
  });

  it('stores each venue’s zone, gives a new one without a zone the platform’s, and keeps a known one', async () => {
    const zones = Object.fromEntries(
      (await database.db.select({ name: venues.name, zone: venues.timeZone }).from(venues)).map((row) => [
        row.name,
        row.zone,
      ]),
    );
    expect(zones).toEqual({
      'Madison Square Garden': 'America/New_York',
      'Red Rocks Amphitheatre': 'America/Denver',
      'Greek Theatre': 'America/Los_Angeles',
      'Ryman Auditorium': 'America/Chicago',
      'Zilker Park': 'America/Chicago',
    });
    const { events: catalog } = parseDiscoveryEvents(fixture);
    const greek = catalog.find((event) => event.venue.name === 'Greek Theatre');
    if (!greek) throw new Error('fixture has no Greek Theatre event');
    const unknown = { externalId: 'venue-without-zone', name: 'Nowhere Barn', city: 'Elko', timeZone: null };
    await upsertCatalog(
      database.db,
      [
        { ...greek, venue: { ...greek.venue, timeZone: null } },
        { ...greek, externalId: 'event-at-the-barn', venue: unknown },
      ],
      'America/Phoenix',
    );
    const zoneOf = async (name: string) =>
      (await database.db.select({ zone: venues.timeZone }).from(venues).where(eq(venues.name, name)))[0]
        ?.zone;
    expect(await zoneOf('Greek Theatre')).toBe('America/Los_Angeles');
    expect(await zoneOf('Nowhere Barn')).toBe('America/Phoenix');
    await database.db.delete(events).where(eq(events.externalId, 'event-at-the-barn'));
    await database.db.delete(venues).where(eq(venues.externalId, 'venue-without-zone'));
  });

  it('keeps the widest 16:9 image, or the first one, for each artist', async () => {
    const images = Object.fromEntries(
      (await database.db.select({ name: artists.name, image: artists.imageUrl }).from(artists)).map((row) => [
        row.name,
        row.image,
      ]),
    );
    expect(images['The Paper Lanterns']).toBe(
      'https://s1.ticketm.net/dam/a/c2f/c2f_TABLET_LANDSCAPE_LARGE_16_9.jpg',
    );
    expect(images['Copper Creek Revival']).toBe(
      'https://s1.ticketm.net/dam/a/41b/41b_RETINA_LANDSCAPE_16_9.jpg',
    );
    expect(images['Juniper Vale']).toBe('https://s1.ticketm.net/dam/a/8aa/8aa_CUSTOM.jpg');
    expect(images['Wren & the Wildflowers']).toBeNull();
  });

  it('replaces a changed lineup and updates a renamed event in place', async () => {
    const { events: catalog } = parseDiscoveryEvents(fixture);
    const first = catalog[0];
    if (!first) throw new Error('fixture has no events');
    await upsertCatalog(database.db, [
      { ...first, name: 'The Paper Lanterns (Rescheduled)', artists: first.artists.slice(0, 1) },
    ]);
    const [stored] = await database.db.select().from(events).where(eq(events.externalId, first.externalId));
    expect(stored?.name).toBe('The Paper Lanterns (Rescheduled)');
    const links = await database.db
      .select()
      .from(eventArtists)
      .where(eq(eventArtists.eventId, stored?.id ?? 0));
    expect(links).toHaveLength(1);
    expect((await counts()).events).toBe(6);
  });
});
