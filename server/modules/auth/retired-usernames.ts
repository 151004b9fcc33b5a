import { createHmac } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import type { DbOrTx } from '../../db/client.js';
import { retiredUsernames } from '../../db/schema/index.js';
import { usernameSkeleton } from './username-skeleton.js';

/**
 * A closed account's username is held back from registration for this long (decision 0099): long enough
 * that the buyers and sellers who knew the name have finished with it, so nobody can take it to pose as
 * the member who left.
 */
export const USERNAME_QUARANTINE_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Only a keyed hash of the name's confusable skeleton is kept: a plain hash of a username is one dictionary
 * away from the name itself. Lookalikes share a skeleton, so they are held back too. The name is folded as
 * the username index folds it (NFKC, lower case) first: the skeleton alone keeps some case differences
 * ('I' and 'i' map apart).
 */
export function retiredUsernameHash(key: string, username: string): string {
  const folded = username.normalize('NFKC').toLowerCase();
  return createHmac('sha256', key)
    .update(`retired-username:${usernameSkeleton(folded)}`)
    .digest('hex');
}

/** Holds the name back until the quarantine ends (a name retired again starts its quarantine over). */
export async function retireUsername(db: DbOrTx, key: string, username: string, now: Date): Promise<void> {
  const releasedAt = new Date(now.getTime() + USERNAME_QUARANTINE_DAYS * DAY_MS);
  await db
    .insert(retiredUsernames)
    .values({ skeletonHash: retiredUsernameHash(key, username), retiredAt: now, releasedAt })
    .onConflictDoUpdate({ target: retiredUsernames.skeletonHash, set: { retiredAt: now, releasedAt } });
}

/** Whether the name, or one that looks like it, belonged to an account closed less than the quarantine ago. */
export async function isUsernameRetired(db: DbOrTx, key: string, username: string, now: Date) {
  const [row] = await db
    .select({ releasedAt: retiredUsernames.releasedAt })
    .from(retiredUsernames)
    .where(
      and(
        eq(retiredUsernames.skeletonHash, retiredUsernameHash(key, username)),
        gt(retiredUsernames.releasedAt, now),
      ),
    );
  return row !== undefined;
}

/** The daily sweep: names whose quarantine ended may be registered again. */
export async function releaseRetiredUsernames(db: DbOrTx, now: Date): Promise<number> {
  const released = await db
    .delete(retiredUsernames)
    .where(lte(retiredUsernames.releasedAt, sql`${now.toISOString()}::timestamptz`))
    .returning({ hash: retiredUsernames.skeletonHash });
  return released.length;
}

const FORMER_MEMBER_SKELETON = usernameSkeleton(ACCOUNT_CLOSURE_TEXT.formerMember);

/** "Former member" is how Encore names a closed account: no member may register a name that reads as it. */
export function readsAsFormerMember(username: string): boolean {
  return usernameSkeleton(username).startsWith(FORMER_MEMBER_SKELETON);
}
