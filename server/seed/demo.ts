import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { seedCatalog } from './catalog.js';
import { seedListings } from './listings.js';
import { seedSales } from './sales.js';
import { seedGivenUpJob } from './system.js';
import { seedDemoUsers } from './users.js';

/** Any constant works; it only has to be the same in every instance (migrations use 7_411_001). */
const SEED_LOCK_KEY = 7_411_002;

/** Where the demo sales' e-mails point when the caller does not say (the default APP_URL). */
const DEFAULT_APP_URL = 'http://localhost:3000';

async function seedEverything(db: Db, appUrl: string): Promise<void> {
  const demoUsers = await seedDemoUsers(db);
  await seedCatalog(db);
  await seedListings(db, demoUsers);
  // The System tab's demo job comes with the demo sales, once.
  if (await seedSales(db, demoUsers, appUrl)) await seedGivenUpJob(db, new Date());
}

/**
 * Runs `work` in one transaction holding the seed's advisory lock, so instances that start together
 * seed one after the other: the second sees the first one's rows instead of colliding with them.
 */
function underSeedLock<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Waiting while another instance seeds may outlast the statement timeout; the seed's own statements keep it.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    await tx.execute(sql`reset statement_timeout`);
    return work(tx);
  });
}

/**
 * Seeds demo accounts, the event catalog, listings and sales between maya and jordan. Every step upserts by a natural
 * key (username, external id) or checks before inserting, so running it twice changes nothing.
 */
export async function seedDemoData(db: Db, appUrl = DEFAULT_APP_URL): Promise<void> {
  await underSeedLock(db, (tx) => seedEverything(tx, appUrl));
}

/** On start-up: only an empty database (no user at all) is seeded, by one instance at a time. */
export async function seedDemoDataIfEmpty(db: Db, appUrl = DEFAULT_APP_URL): Promise<boolean> {
  return underSeedLock(db, async (tx) => {
    const [anyUser] = await tx.select({ id: users.id }).from(users).limit(1);
    if (anyUser) return false;
    await seedEverything(tx, appUrl);
    return true;
  });
}
