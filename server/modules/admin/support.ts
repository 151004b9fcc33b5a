import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AdminPage, AdminSupportMessagesQuery } from '../../../common/schemas/admin.js';
import type { SupportMessage } from '../../../common/schemas/support.js';
import { SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS } from '../../../common/texts/support.js';
import type { DbOrTx } from '../../db/client.js';
import { supportMessages, users } from '../../db/schema/index.js';
import {
  type AdminSearch,
  adminSearchOf,
  contains,
  countIdsUpTo,
  countUpTo,
  offsetOf,
  totalBoundOf,
  totalOf,
  usersNamed,
} from './search.js';

/** The topics whose code or label contains the text: seven, so matched here rather than in SQL. */
function topicsMatching(search: AdminSearch): string[] {
  return SUPPORT_TOPICS.filter(
    (topic) => topic.includes(search.text) || SUPPORT_TOPIC_LABELS[topic].toLowerCase().includes(search.text),
  );
}

/**
 * The status filter on the messages named `table`: pending is a member's message no admin has resolved,
 * what the support team still owes an answer (support_messages_pending_idx); no status is every message.
 */
function statusOf(status: AdminSupportMessagesQuery['status'], table = 'm'): SQL {
  const t = sql.raw(table);
  if (status === 'pending') return sql`${t}.resolved = false and ${t}.is_from_admin = false`;
  if (status === 'resolved') return sql`${t}.resolved = true`;
  return sql`true`;
}

/**
 * The spec's rule for messages: username, message or topic contains the text, or the id is it. Parts, each
 * a query of message ids on its own index (the member's conversations, the message's trigrams, the topic,
 * the id), as the tickets list searches: an OR over them would read the table in id order.
 */
function parts(search: AdminSearch, status: SQL): SQL[] {
  const found: SQL[] = [
    sql`select m.id from support_messages m where m.user_id in ${usersNamed(search)} and ${status}`,
    sql`select m.id from support_messages m where ${contains(sql`m.message`, search)} and ${status}`,
  ];
  const topics = topicsMatching(search);
  if (topics.length > 0)
    found.push(
      sql`select m.id from support_messages m where m.topic in (${sql.join(
        topics.map((topic) => sql`${topic}`),
        sql`, `,
      )}) and ${status}`,
    );
  if (search.id !== null)
    found.push(sql`select m.id from support_messages m where m.id = ${search.id} and ${status}`);
  return found;
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
  const status = statusOf(query.status);
  const reach = offsetOf(query) + query.pageSize;
  // Each part's newest rows only, as many as the page needs: an index walk for a common word, the trigram
  // index for a rare one.
  const found = search ? parts(search, status) : [];
  const where = search
    ? sql`${supportMessages.id} in (select id from (${sql.join(
        found.map((part) => sql`(${part} order by m.id desc limit ${reach})`),
        sql` union `,
      )}) matched)`
    : statusOf(query.status, 'support_messages');
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
    totalOf(
      db,
      search
        ? countIdsUpTo(found, bound)
        : countUpTo(sql`select 1 from support_messages m where ${status}`, bound),
      bound,
    ),
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
  const [row] = await db
    .select({ pending: count() })
    .from(supportMessages)
    .where(statusOf('pending', 'support_messages'));
  return row?.pending ?? 0;
}
