import { and, count, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_TEXT } from '../../../common/messages.js';
import type { AdminPage, AdminUser, AdminUsersQuery } from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, tickets, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { ratingOf, ratingsOf } from '../reviews/ratings.js';
import {
  adminSearchOf,
  contains,
  countUpTo,
  direction,
  idMatch,
  offsetOf,
  totalBoundOf,
  totalOf,
} from './search.js';

const sortColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
} as const;

const columns = {
  id: users.id,
  username: users.username,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  suspendedAt: users.suspendedAt,
  closedAt: users.closedAt,
};

type UserRow = {
  id: number;
  username: string;
  email: string;
  role: AdminUser['role'];
  createdAt: Date;
  suspendedAt: Date | null;
  closedAt: Date | null;
};

/** Points for each completed sale and each completed purchase (decision 0065). */
export const REWARD_POINTS_PER_COMPLETED_SALE = 10;

/** Of each sale counted: whether its transfer is complete (what earns reward points, decision 0065). */
const completed = sql<number>`count(*) filter (where ${tickets.transferComplete})`.mapWith(Number);

/**
 * Tickets sold and bought (sales not refunded), the reward points their completed ones earned, and ratings
 * of the users on a page, in three grouped queries.
 */
async function withFigures(db: DbOrTx, rows: UserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const live = ne(orders.status, 'refunded');
  const [sold, bought, ratings] = await Promise.all([
    db
      .select({ userId: orders.sellerId, total: count(), completed })
      .from(orders)
      .innerJoin(tickets, eq(tickets.id, orders.ticketId))
      .where(and(inArray(orders.sellerId, ids), live))
      .groupBy(orders.sellerId),
    db
      .select({ userId: orders.buyerId, total: count(), completed })
      .from(orders)
      .innerJoin(tickets, eq(tickets.id, orders.ticketId))
      .where(and(inArray(orders.buyerId, ids), live))
      .groupBy(orders.buyerId),
    ratingsOf(db, ids),
  ]);
  const soldBy = new Map(sold.map((row) => [row.userId, row]));
  const boughtBy = new Map(bought.map((row) => [row.userId, row]));
  return rows.map(({ suspendedAt, closedAt, ...row }) => {
    const asSeller = soldBy.get(row.id);
    const asBuyer = boughtBy.get(row.id);
    const completedSales = (asSeller?.completed ?? 0) + (asBuyer?.completed ?? 0);
    return {
      ...row,
      suspended: suspendedAt !== null,
      // A closed account keeps an anonymous name and no e-mail address (decision 0099).
      email: closedAt ? null : row.email,
      closedAt: closedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      rewardPoints: completedSales * REWARD_POINTS_PER_COMPLETED_SALE,
      totalTicketsSold: asSeller?.total ?? 0,
      totalTicketsBought: asBuyer?.total ?? 0,
      averageRating: ratingOf(ratings, row.id).averageRating,
    };
  });
}

/** GET /api/admin/users: matches username, e-mail or id. */
export async function listAdminUsers(db: DbOrTx, query: AdminUsersQuery): Promise<AdminPage<AdminUser>> {
  const search = adminSearchOf(query.search);
  const where: SQL | undefined = search
    ? or(contains(users.username, search), contains(users.email, search), ...idMatch(users.id, search))
    : undefined;
  const bound = totalBoundOf(query);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .where(where)
      .orderBy(
        sql`${sortColumns[query.sort]} ${direction(query.order)}`,
        sql`${users.id} ${direction(query.order)}`,
      )
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    totalOf(db, countUpTo(sql`select 1 from ${users} where ${where ?? sql`true`}`, bound), bound),
  ]);
  return { rows: await withFigures(db, rows), page: query.page, pageSize: query.pageSize, ...total };
}

/** GET /api/admin/users/{id} */
export async function adminUser(db: DbOrTx, userId: number): Promise<AdminUser> {
  const rows = await db.select(columns).from(users).where(eq(users.id, userId)).limit(1);
  const [user] = await withFigures(db, rows);
  if (!user) throw new NotFound(ADMIN_TEXT.userNotFound);
  return user;
}
