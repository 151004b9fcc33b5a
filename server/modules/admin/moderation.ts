import { and, eq } from 'drizzle-orm';
import { ADMIN_TEXT } from '../../../common/messages.js';
import type { Db } from '../../db/client.js';
import { reviews, users } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { endAllSessions } from '../../plugins/session.js';
import { recordAdminAction } from '../audit/service.js';

/**
 * The admin's moderation (decision 0063): suspending a member and hiding a review. Each writes its change
 * and its audit entry in one transaction; setting the state a row already has changes and records nothing.
 */

/**
 * PUT /api/admin/users/{id}/suspension. A suspended member cannot sign in (spec's 'Your account has been
 * suspended…') and every session of theirs ends now, not at its expiry. Admins are not suspended: an admin
 * is demoted first, so the last-admin rule stays the one place that keeps an admin in charge.
 */
export async function setUserSuspended(
  db: Db,
  adminId: number,
  userId: number,
  suspended: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ role: users.role, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw new NotFound(ADMIN_TEXT.userNotFound);
    if (target.role === 'admin' && suspended) throw new Conflict(ADMIN_TEXT.adminNotSuspended);
    const was = target.suspendedAt !== null;
    if (was === suspended) return;
    await tx
      .update(users)
      .set({ suspendedAt: suspended ? now : null, updatedAt: now })
      .where(eq(users.id, userId));
    const endedSessions = suspended ? await endAllSessions(tx, userId) : 0;
    await recordAdminAction(tx, {
      adminId,
      action: 'user.suspension',
      targetType: 'user',
      targetId: userId,
      before: { suspended: was },
      after: suspended ? { suspended, endedSessions } : { suspended },
    });
  });
}

/**
 * PUT /api/admin/reviews/{id}/visibility: a submitted review is hidden from ratings and review lists, or
 * shown again. The row, its rating and its comment stay.
 */
export async function setReviewHidden(
  db: Db,
  adminId: number,
  reviewId: number,
  hidden: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [review] = await tx
      .select({ hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, 'submitted')))
      .for('update');
    if (!review) throw new NotFound(ADMIN_TEXT.reviewNotFound);
    const was = review.hiddenAt !== null;
    if (was === hidden) return;
    await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? now : null })
      .where(eq(reviews.id, reviewId));
    await recordAdminAction(tx, {
      adminId,
      action: 'review.visibility',
      targetType: 'review',
      targetId: reviewId,
      before: { hidden: was },
      after: { hidden },
    });
  });
}
