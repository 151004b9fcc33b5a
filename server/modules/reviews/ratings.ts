import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Rating } from '../../../common/schemas/reviews.js';
import type { DbOrTx } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';

/** No submitted reviews: no number at all, never a made-up default (decision 0016, FTC 16 CFR 465). */
export const NO_RATING: Rating = { averageRating: null, totalReviews: 0 };

/**
 * Ratings of several users from their submitted reviews, counting one review per reviewer and reviewed member:
 * the latest one they submitted (decision 0039), so repeated sales between the same two accounts cannot pile
 * up a score. One statement on the partial index reviews_target_submitted_idx. The average is rounded to one
 * decimal, as it is shown. Users without reviews are absent from the map: read them with `ratingOf`.
 */
export async function ratingsOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, Rating>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const latest = db
    .selectDistinctOn([reviews.targetUserId, reviews.reviewerId], {
      userId: reviews.targetUserId,
      rating: reviews.rating,
    })
    .from(reviews)
    .where(and(inArray(reviews.targetUserId, ids), eq(reviews.status, 'submitted')))
    .orderBy(reviews.targetUserId, reviews.reviewerId, desc(reviews.submittedAt), desc(reviews.id))
    .as('latest');
  const rows = await db
    .select({
      userId: latest.userId,
      average: sql<number>`round(avg(${latest.rating}), 1)::float8`.mapWith(Number),
      total: count(),
    })
    .from(latest)
    .groupBy(latest.userId);
  return new Map(rows.map((row) => [row.userId, { averageRating: row.average, totalReviews: row.total }]));
}

export function ratingOf(ratings: Map<number, Rating>, userId: number): Rating {
  return ratings.get(userId) ?? NO_RATING;
}

/** One user's rating. */
export async function userRating(db: DbOrTx, userId: number): Promise<Rating> {
  return ratingOf(await ratingsOf(db, [userId]), userId);
}

/** The `{ rating, totalReviews }` of a seller on ticket cards and details. */
export function sellerRating(rating: Rating): { rating: number | null; totalReviews: number } {
  return { rating: rating.averageRating, totalReviews: rating.totalReviews };
}
