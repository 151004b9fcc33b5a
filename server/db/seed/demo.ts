import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { seedCatalog } from './catalog.js';
import { seedListings } from './listings.js';
import { seedDemoUsers } from './users.js';

/**
 * Seeds demo accounts, the event catalog and listings. Every step upserts by a natural
 * key (username, external id) or checks before inserting, so running it twice changes nothing.
 */
export async function seedDemoData(db: Db): Promise<void> {
  const demoUsers = await seedDemoUsers(db);
  await seedCatalog(db);
  await seedListings(db, demoUsers);
}

/** On start-up: only an empty database (no user at all) is seeded. */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  await seedDemoData(db);
  return true;
}
