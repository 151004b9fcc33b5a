import { and, eq } from 'drizzle-orm';
import { ADMIN_TEXT } from '../../../common/messages.js';
import type { Db } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';

/**
 * The admin's moderation (decision 0063): hiding a review (suspending a member is suspension.ts). It writes
 * its change and its audit entry in one transaction; setting the state a row already has records nothing.
 */

/**
 * PUT /api/admin/reviews/{id}/visibility: a submitted review is hidden from ratings and review lists, or
 * shown again. The row, its rating and its comment stay.
 */
export async function setReviewHidden(
  db: Db,
  adminId: number,
  reviewId: number,
  change: { hidden: boolean; reason: string },
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
    const { hidden, reason } = change;
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
      after: { hidden, reason },
    });
  });
}
