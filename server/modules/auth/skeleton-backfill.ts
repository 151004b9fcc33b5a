import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { uniqueViolation } from './unique-violation.js';
import { USERNAME_SKELETON_INDEX, usernameSkeleton } from './username-skeleton.js';

const BATCH = 500;

/**
 * Gives every member without one their username's skeleton (decision 0064), oldest first, at startup: the
 * skeleton needs Unicode's confusables table, which SQL does not have. Where two existing names already
 * look alike, the older keeps the skeleton and the newer stays NULL (the unique index refuses it; the
 * next start tries again, cheaply). Each row is its own conditional UPDATE, so instances starting
 * together neither fail nor undo each other. Answers how many were set and how many were left as lookalikes.
 */
export async function assignUsernameSkeletons(db: Db): Promise<{ assigned: number; lookalikes: number }> {
  let assigned = 0;
  let lookalikes = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(isNull(users.usernameSkeleton), gt(users.id, afterId)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) return { assigned, lookalikes };
    for (const row of rows) {
      afterId = row.id;
      try {
        const updated = await db
          .update(users)
          .set({ usernameSkeleton: usernameSkeleton(row.username) })
          .where(and(eq(users.id, row.id), isNull(users.usernameSkeleton)))
          .returning({ id: users.id });
        assigned += updated.length;
      } catch (error) {
        if (uniqueViolation(error) !== USERNAME_SKELETON_INDEX) throw error;
        lookalikes += 1;
      }
    }
  }
}
