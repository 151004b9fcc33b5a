import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REVIEW_TEXT, SALE_TEXT } from '../../../common/messages.js';
import {
  type ListedReview,
  PENDING_REVIEWS_MAX,
  type PendingReview,
  type SubmitReviewRequest,
  type UserReviewsQuery,
} from '../../../common/schemas/reviews.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { reviews, tickets, users } from '../../db/schema/index.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.js';
import { memberNameSql } from '../../lib/member-name.js';

const reviewer = alias(users, 'reviewer');
const target = alias(users, 'target');

/** The reviews the user still owes, oldest sale first (spec 001 §3 'Pending review'); bounded. */
export async function listPendingReviews(db: DbOrTx, userId: number): Promise<PendingReview[]> {
  return db
    .select({
      id: reviews.id,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      reviewType: reviews.reviewType,
      targetUserId: reviews.targetUserId,
      targetUserName: memberNameSql(target),
      ticketId: reviews.ticketId,
      transactionId: reviews.orderId,
    })
    .from(reviews)
    .innerJoin(tickets, eq(tickets.id, reviews.ticketId))
    .innerJoin(target, eq(target.id, reviews.targetUserId))
    .where(and(eq(reviews.reviewerId, userId), eq(reviews.status, 'pending')))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(PENDING_REVIEWS_MAX);
}

const listedColumns = {
  id: reviews.id,
  rating: reviews.rating,
  reviewerName: memberNameSql(reviewer),
  ticketDate: tickets.eventDate,
  ticketEvent: tickets.eventName,
  reviewType: reviews.reviewType,
  comment: reviews.comment,
};

interface ListedRow {
  id: number;
  rating: number | null;
  reviewerName: string;
  ticketDate: string;
  ticketEvent: string;
  reviewType: ListedReview['reviewType'];
  comment: string | null;
}

/** Only submitted rows reach this shape, and those always carry a rating and a comment. */
function listed(row: ListedRow): ListedReview {
  return { ...row, rating: row.rating ?? 0, comment: row.comment ?? '' };
}

function listedQuery(db: DbOrTx) {
  return db
    .select(listedColumns)
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(tickets, eq(tickets.id, reviews.ticketId));
}

/**
 * Submits the caller's pending review of a sale, once per direction: only the reviewer the transfer asked
 * (the buyer for buyer_to_seller, the seller for seller_to_buyer) may, and only while it is pending. The
 * change is one conditional update, so two concurrent submissions store one review.
 */
export async function submitReview(
  db: Db,
  userId: number,
  input: SubmitReviewRequest,
  now: Date,
): Promise<ListedReview> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(reviews).where(eq(reviews.orderId, input.transactionId));
    // Someone who is no party to the sale learns nothing about it.
    if (!rows.some((row) => row.reviewerId === userId)) throw new NotFound(REVIEW_TEXT.notFound);
    const row = rows.find((candidate) => candidate.reviewType === input.reviewType);
    if (!row || row.reviewerId !== userId) throw new Forbidden(REVIEW_TEXT.notYours);
    if (row.ticketId !== input.ticketId || row.targetUserId !== input.targetUserId)
      throw new Invalid(REVIEW_TEXT.mismatch);
    const [stored] = await tx
      .update(reviews)
      .set({ status: 'submitted', rating: input.rating, comment: input.comment, submittedAt: now })
      .where(and(eq(reviews.id, row.id), eq(reviews.status, 'pending')))
      .returning({ id: reviews.id });
    if (!stored) {
      // A refund at the same moment withdrew it (the update waited for the refund's commit, then saw it).
      const [current] = await tx
        .select({ status: reviews.status })
        .from(reviews)
        .where(eq(reviews.id, row.id));
      throw new Conflict(current?.status === 'withdrawn' ? SALE_TEXT.refunded : REVIEW_TEXT.alreadyDone);
    }
    const [review] = await listedQuery(tx).where(eq(reviews.id, stored.id));
    if (!review) throw new NotFound(REVIEW_TEXT.notFound);
    return listed(review);
  });
}

/**
 * Removes the caller's pending review of a sale without writing one. After a submission (the spec's client
 * calls it then) or a second dismissal there is nothing left to remove: it answers the row's state.
 */
export async function dismissPendingReview(
  db: DbOrTx,
  userId: number,
  orderId: number,
): Promise<'submitted' | 'dismissed'> {
  const [row] = await db
    .select({ id: reviews.id, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.reviewerId, userId)))
    .limit(1);
  if (!row) throw new NotFound(REVIEW_TEXT.notFound);
  const [dismissed] = await db
    .update(reviews)
    .set({ status: 'dismissed' })
    .where(and(eq(reviews.id, row.id), eq(reviews.status, 'pending')))
    .returning({ id: reviews.id });
  if (dismissed) return 'dismissed';
  return row.status === 'submitted' ? 'submitted' : 'dismissed';
}

/** Reviews written about a user, newest first, one page at a time (spec 000 §3 'Listed review'). */
export async function listUserReviews(
  db: DbOrTx,
  userId: number,
  query: UserReviewsQuery,
): Promise<ListedReview[]> {
  // An unknown id answers like a user without reviews, so the route tells no one which ids exist.
  const rows = await listedQuery(db)
    .where(and(eq(reviews.targetUserId, userId), eq(reviews.status, 'submitted'), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.submittedAt), desc(reviews.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(listed);
}
