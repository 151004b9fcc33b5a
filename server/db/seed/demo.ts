import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { seedCatalog } from './catalog.js';
import { seedListings } from './listings.js';
import { seedDemoUsers } from './users.js';

/** Any constant works; it only has to be the same in every instance (migrations use 7_411_001). */
const SEED_LOCK_KEY = 7_411_002;

async function seedEverything(db: Db): Promise<void> {
  const demoUsers = await seedDemoUsers(db);
  await seedCatalog(db);
  await seedListings(db, demoUsers);
}

/**
 * Runs `work` in one transaction holding the seed's advisory lock, so instances that start together
 * seed one after the other: the second sees the first one's rows instead of colliding with them.
 */
function underSeedLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return work(tx);
  });
}

/**
 * Seeds demo accounts, the event catalog and listings. Every step upserts by a natural
 * key (username, external id) or checks before inserting, so running it twice changes nothing.
 */
export async function seedDemoData(db: Db): Promise<void> {
  await underSeedLock(db, seedEverything);
}

/** On start-up: only an empty database (no user at all) is seeded, by one instance at a time. */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  return underSeedLock(db, async (tx) => {
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyUser) return false;
    await seedEverything(tx);
    return true;
  });
}
