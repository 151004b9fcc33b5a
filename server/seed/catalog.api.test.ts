import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { artists, eventArtists, events, venues } from '../db/schema/index.js';
import { searchConcerts } from '../modules/events/service.js';
import { backends, openTestDatabase } from '../test/harness.js';
import { seedCatalog } from './catalog.js';

// Database-backed, so it runs with the API tests on every backend.
describe.each(backends)('seedCatalog on %s', (backend) => {
  let database: Database & { drop(): Promise<void> };

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.drop();
  });

  async function counts() {
    const { db } = database;
    const rows = await Promise.all(
      [events, venues, artists, eventArtists].map((table) => db.select({ n: count() }).from(table)),
    );
    return rows.map(([row]) => row?.n);
  }

  it('seeds a searchable catalog and changes nothing when run again', async () => {
    await seedCatalog(database.db);
    const first = await counts();
    expect(first[0]).toBeGreaterThanOrEqual(150);
    expect(first.slice(1, 3)).toEqual([34, 40]);
    await seedCatalog(database.db);
    expect(await counts()).toEqual(first);
    const found = await searchConcerts(database.db, 'Juniper Vale');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]?.artists.map((artist) => artist.name)).toContain('Juniper Vale');
  });
});
