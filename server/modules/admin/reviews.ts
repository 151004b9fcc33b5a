import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_TEXT } from '../../../common/messages.js';
import type { AdminPage, AdminReview, AdminReviewsQuery } from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';
import { reviews, tickets, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import {
  type AdminSearch,
  adminSearchOf,
  contains,
  countUpTo,
  direction,
  offsetOf,
  totalBoundOf,
  totalOf,
  usersNamed,
} from './search.js';

const reviewer = alias(users, 'reviewer');
const target = alias(users, 'target');
/** Only submitted reviews carry a rating and a comment; pending and dismissed ones are not reviews yet. */
const submitted = eq(reviews.status, 'submitted');
const createdAt = sql<Date>`coalesce(${reviews.submittedAt}, ${reviews.createdAt})`;

const sortColumns = {
  id: reviews.id,
  rating: reviews.rating,
  reviewType: reviews.reviewType,
  createdAt: reviews.submittedAt,
} as const;

function select(db: DbOrTx) {
  return db
    .select({
      id: reviews.id,
      eventName: tickets.eventName,
      reviewType: reviews.reviewType,
      rating: reviews.rating,
      reviewerId: reviews.reviewerId,
      reviewerName: reviewer.username,
      targetId: reviews.targetUserId,
      targetName: target.username,
      comment: reviews.comment,
      createdAt: createdAt.mapWith((value) => new Date(value)),
      hiddenAt: reviews.hiddenAt,
    })
    .from(reviews)
    .innerJoin(tickets, eq(tickets.id, reviews.ticketId))
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(target, eq(target.id, reviews.targetUserId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

function shaped({ hiddenAt, ...row }: Row): AdminReview {
  return {
    ...row,
    hidden: hiddenAt !== null,
    rating: row.rating ?? 0,
    comment: row.comment ?? '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** Reviews whose event, reviewer or target contains the text, or whose id it is. */
function matching(search: AdminSearch): SQL {
  const named = usersNamed(search);
  const parts: SQL[] = [
    sql`select r.id from reviews r join tickets t on t.id = r.ticket_id where ${contains(sql`t.event_name`, search)}`,
    sql`select r.id from reviews r where r.reviewer_id in ${named}`,
    sql`select r.id from reviews r where r.target_user_id in ${named}`,
  ];
  if (search.id !== null) parts.push(sql`select ${search.id}::integer`);
  return sql`${reviews.id} in (${sql.join(parts, sql` union `)})`;
}

/** GET /api/admin/reviews: submitted reviews, hidden ones too (marked); matches event, reviewer (From), target (To) or id. */
export async function listAdminReviews(
  db: DbOrTx,
  query: AdminReviewsQuery,
): Promise<AdminPage<AdminReview>> {
  const search = adminSearchOf(query.search);
  const where = search ? and(submitted, matching(search)) : submitted;
  const bound = totalBoundOf(query);
  const [rows, total] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(
        sql`${sortColumns[query.sort]} ${direction(query.order)}`,
        sql`${reviews.id} ${direction(query.order)}`,
      )
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    totalOf(db, countUpTo(sql`select 1 from ${reviews} where ${where}`, bound), bound),
  ]);
  return { rows: rows.map(shaped), page: query.page, pageSize: query.pageSize, ...total };
}

/** GET /api/admin/reviews/{id} */
export async function adminReview(db: DbOrTx, reviewId: number): Promise<AdminReview> {
  const [row] = await select(db)
    .where(and(eq(reviews.id, reviewId), submitted))
    .limit(1);
  if (!row) throw new NotFound(ADMIN_TEXT.reviewNotFound);
  return shaped(row);
}
