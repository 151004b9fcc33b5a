import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AdminPage, AdminSupportMessagesQuery } from '../../../common/schemas/admin.js';
import type { SupportMessage } from '../../../common/schemas/support.js';
import { SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS } from '../../../common/texts/support.js';
import type { DbOrTx } from '../../db/client.js';
import { supportMessages, users } from '../../db/schema/index.js';
import {
  type AdminSearch,
  adminSearchOf,
  contains,
  countUpTo,
  idMatch,
  offsetOf,
  totalBoundOf,
  totalOf,
  usersNamed,
} from './search.js';

/** A member's message no admin has resolved: what the support team still owes an answer (pending index). */
const pending = and(eq(supportMessages.resolved, false), eq(supportMessages.isFromAdmin, false));

/** The topics whose code or label contains the text: seven, so matched here rather than in SQL. */
function topicsMatching(search: AdminSearch): SQL[] {
  const topics = SUPPORT_TOPICS.filter(
    (topic) => topic.includes(search.text) || SUPPORT_TOPIC_LABELS[topic].toLowerCase().includes(search.text),
  );
  return topics.length === 0 ? [] : [inArray(supportMessages.topic, topics)];
}

/** The spec's rule for messages: username, message or topic contains the text, or the id is it. */
function matching(search: AdminSearch): SQL | undefined {
  return or(
    sql`${supportMessages.userId} in ${usersNamed(search)}`,
    contains(supportMessages.message, search),
    ...topicsMatching(search),
    ...idMatch(supportMessages.id, search),
  );
}

/**
 * GET /api/admin/support-messages: every member's messages newest first (by id, the primary key), paged
 * and searched on the server as the other admin lists (decision 0036); totals counted up to a bound.
 */
export async function listAdminSupportMessages(
  db: DbOrTx,
  query: AdminSupportMessagesQuery,
): Promise<AdminPage<SupportMessage>> {
  const search = adminSearchOf(query.search);
  const where = and(
    search ? matching(search) : undefined,
    query.status === 'pending' ? pending : undefined,
    query.status === 'resolved' ? eq(supportMessages.resolved, true) : undefined,
  );
  const bound = totalBoundOf(query);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: supportMessages.id,
        userId: supportMessages.userId,
        username: users.username,
        topic: supportMessages.topic,
        message: supportMessages.message,
        resolved: supportMessages.resolved,
        isFromAdmin: supportMessages.isFromAdmin,
        createdAt: supportMessages.createdAt,
      })
      .from(supportMessages)
      .innerJoin(users, eq(users.id, supportMessages.userId))
      .where(where)
      .orderBy(desc(supportMessages.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    totalOf(db, countUpTo(sql`select 1 from ${supportMessages} where ${where ?? sql`true`}`, bound), bound),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    ...total,
  };
}

/** The dashboard's pending figure: a count on the partial index of pending messages, never a capped list. */
export async function countPendingSupportMessages(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ pending: count() }).from(supportMessages).where(pending);
  return row?.pending ?? 0;
}
