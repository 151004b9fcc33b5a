import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { events, tickets, users } from '../db/schema/index.js';
import { seedDemoData, seedDemoDataIfEmpty } from './demo.js';

/** What main.ts does before it listens: migrate, then seed an empty database. */
async function startUp(database: Database): Promise<boolean> {
  await database.migrate();
  return seedDemoDataIfEmpty(database.db);
}

async function counts(database: Database) {
  const [row] = await database.db
    .select({
      users: sql<number>`(select count(*)::int from ${users})`,
      events: sql<number>`(select count(*)::int from ${events})`,
      tickets: sql<number>`(select count(*)::int from ${tickets})`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

const serverUrl = process.env.TEST_DATABASE_URL;

/** Three full seeds (catalog, listings, sales through checkout) on a shared 2-core CI machine. */
const SEEDS_TIMEOUT_MS = 90_000;

describe('two instances starting at once', () => {
  it(
    'on one embedded database: the seeds take turns and seed once',
    async () => {
      // One process owns an embedded database, so only the seeds can overlap there (in one process).
      const database = await openPglite();
      try {
        await database.migrate();
        const seeded = await Promise.all([
          seedDemoDataIfEmpty(database.db),
          seedDemoDataIfEmpty(database.db),
        ]);
        expect(seeded.filter(Boolean)).toHaveLength(1);
        const once = await counts(database);
        expect(once?.users).toBe(4);
        await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
        expect(await counts(database)).toEqual(once);
      } finally {
        await database.close();
      }
    },
    SEEDS_TIMEOUT_MS,
  );

  it.runIf(serverUrl)(
    'on one fresh PostgreSQL database: both migrate and seed without crashing',
    async () => {
      const name = `encore_start_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl ?? '');
      url.pathname = `/${name}`;
      const instances = await Promise.all([openPostgres(url.toString()), openPostgres(url.toString())]);
      try {
        const seeded = await Promise.all(instances.map(startUp));
        expect(seeded.filter(Boolean)).toHaveLength(1);
        const [first, second] = instances as [Database, Database];
        const once = await counts(first);
        expect(once?.users).toBe(4);
        expect(once?.events).toBeGreaterThan(100);
        expect(once?.tickets).toBeGreaterThan(50);
        // `npm run db:seed` from two places at once is just as safe.
        await Promise.all([seedDemoData(first.db), seedDemoData(second.db)]);
        expect(await counts(second)).toEqual(once);
      } finally {
        await Promise.all(instances.map((instance) => instance.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    SEEDS_TIMEOUT_MS,
  );
});
