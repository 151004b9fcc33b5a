import { type AnyColumn, and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Rating } from '../../../common/schemas/reviews.js';
import type { DbOrTx } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';

/** No submitted reviews: no number at all, never a made-up default (decision 0016, FTC 16 CFR 465). */
export const NO_RATING: Rating = { averageRating: null, totalReviews: 0 };

/**
 * The reviews a rating counts, for the members `target` picks: one per reviewer and reviewed member, the
 * latest one they submitted (decision 0039), so repeated sales between the same two accounts cannot pile
 * up a score; reviews an admin hid do not count (decision 0063). Read on the partial index
 * reviews_target_submitted_idx.
 */
function countedReviews(db: DbOrTx, target: SQL) {
  return db
    .selectDistinctOn([reviews.targetUserId, reviews.reviewerId], {
      userId: reviews.targetUserId,
      rating: reviews.rating,
    })
    .from(reviews)
    .where(and(target, eq(reviews.status, 'submitted'), isNull(reviews.hiddenAt)))
    .orderBy(reviews.targetUserId, reviews.reviewerId, desc(reviews.submittedAt), desc(reviews.id))
    .as('counted_reviews');
}

/** The average, rounded to one decimal as it is shown; null without reviews. */
const averageOf = (rating: AnyColumn) => sql<number | null>`round(avg(${rating}), 1)::float8`.mapWith(Number);

/**
 * Ratings of several users from their submitted reviews (countedReviews), in one statement. Users without
 * reviews are absent from the map: read them with `ratingOf`.
 */
export async function ratingsOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, Rating>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const counted = countedReviews(db, inArray(reviews.targetUserId, ids));
  const rows = await db
    .select({ userId: counted.userId, average: averageOf(counted.rating), total: count() })
    .from(counted)
    .groupBy(counted.userId);
  return new Map(rows.map((row) => [row.userId, { averageRating: row.average, totalReviews: row.total }]));
}

/**
 * The rating of the member in `userId` (a column of the statement it is joined to) as a lateral subquery
 * of one row: `averageRating` (null without reviews) and `totalReviews`. Lets a statement that reads a
 * member read their rating in the same round trip.
 */
export function ratingJoinedOn(db: DbOrTx, userId: AnyColumn) {
  const counted = countedReviews(db, sql`${reviews.targetUserId} = ${userId}`);
  return db
    .select({
      averageRating: averageOf(counted.rating).as('average_rating'),
      totalReviews: count().as('total_reviews'),
    })
    .from(counted)
    .as('rating');
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
