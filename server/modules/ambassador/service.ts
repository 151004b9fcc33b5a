import { and, asc, desc, eq, gt, ilike, isNotNull, ne, or, sql } from 'drizzle-orm';
import {
  ATTENDEE_RESULTS_MAX,
  type Attendee,
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatTopic,
} from '../../../common/schemas/ambassador.js';
import { AMBASSADOR_TEXT } from '../../../common/texts/ambassador.js';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  ambassadorChatMessages,
  ambassadorChatReads,
  ambassadorChatTopics,
  tickets,
  users,
} from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { memberNameSql } from '../../lib/member-name.js';
import { recordAdminAction } from '../audit/service.js';

/**
 * Topics oldest first (the first one is selected when the page opens), each with how many messages others
 * wrote after the reader's marker. One grouped query over the (topic_id, id) index.
 */
export async function listTopics(
  db: DbOrTx,
  readerId: number,
  page: { limit: number; offset: number },
): Promise<ChatTopic[]> {
  // Spelled out in SQL: drizzle leaves columns unqualified in a one-table select, which would make the
  // subqueries compare a message's topic_id with its own id.
  const unread = sql<number>`(
    select count(*)::int from ambassador_chat_messages m
    where m.topic_id = ambassador_chat_topics.id
      and m.user_id <> ${readerId}
      and m.id > coalesce((
        select r.last_read_message_id from ambassador_chat_reads r
        where r.topic_id = ambassador_chat_topics.id and r.user_id = ${readerId}
      ), 0)
  )`;
  const rows = await db
    .select({
      id: ambassadorChatTopics.id,
      name: ambassadorChatTopics.name,
      description: ambassadorChatTopics.description,
      unreadCount: unread,
    })
    .from(ambassadorChatTopics)
    .orderBy(asc(ambassadorChatTopics.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, unreadCount: Number(row.unreadCount) }));
}

/** A new topic, with its audit entry in the same transaction (decision 0057). */
export async function createTopic(
  db: Db,
  creatorId: number,
  input: { name: string; description?: string | null | undefined },
  now: Date,
): Promise<ChatTopic> {
  const description = input.description?.trim() ? input.description.trim() : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ambassadorChatTopics)
      .values({ name: input.name, description, createdBy: creatorId, createdAt: now })
      .returning({ id: ambassadorChatTopics.id });
    if (!row) throw new Error('topic insert returned no row');
    await recordAdminAction(tx, {
      adminId: creatorId,
      action: 'chat.topic',
      targetType: 'chat_topic',
      targetId: row.id,
      before: null,
      after: { name: input.name, description },
    });
    return { id: row.id, name: input.name, description, unreadCount: 0 };
  });
}

async function requireTopic(db: DbOrTx, topicId: number): Promise<void> {
  const [row] = await db
    .select({ id: ambassadorChatTopics.id })
    .from(ambassadorChatTopics)
    .where(eq(ambassadorChatTopics.id, topicId))
    .limit(1);
  if (!row) throw new NotFound(AMBASSADOR_TEXT.topicNotFound);
}

const messageColumns = {
  id: ambassadorChatMessages.id,
  userId: ambassadorChatMessages.userId,
  content: ambassadorChatMessages.content,
  createdAt: ambassadorChatMessages.createdAt,
  username: memberNameSql(users),
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
};

type MessageRow = Omit<ChatMessage, 'timestamp'> & { createdAt: Date };

function toMessage({ createdAt, ...row }: MessageRow): ChatMessage {
  return { ...row, timestamp: createdAt.toISOString() };
}

/**
 * The newest CHAT_PAGE_SIZE messages of a topic oldest first, or with `after` the next ones after that id;
 * the reader has then read up to the last one returned.
 */
export async function readTopicMessages(
  db: Db,
  topicId: number,
  readerId: number,
  after: number | undefined,
): Promise<ChatMessage[]> {
  await requireTopic(db, topicId);
  const base = db
    .select(messageColumns)
    .from(ambassadorChatMessages)
    .innerJoin(users, eq(users.id, ambassadorChatMessages.userId));
  const rows =
    after === undefined
      ? (
          await base
            .where(eq(ambassadorChatMessages.topicId, topicId))
            .orderBy(desc(ambassadorChatMessages.id))
            .limit(CHAT_PAGE_SIZE)
        ).reverse()
      : await base
          .where(and(eq(ambassadorChatMessages.topicId, topicId), gt(ambassadorChatMessages.id, after)))
          .orderBy(asc(ambassadorChatMessages.id))
          .limit(CHAT_PAGE_SIZE);
  const last = rows.at(-1);
  if (last) await markRead(db, topicId, readerId, last.id);
  return rows.map(toMessage);
}

async function markRead(db: DbOrTx, topicId: number, userId: number, messageId: number): Promise<void> {
  await db
    .insert(ambassadorChatReads)
    .values({ topicId, userId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [ambassadorChatReads.topicId, ambassadorChatReads.userId],
      set: { lastReadMessageId: sql`excluded.last_read_message_id` },
      setWhere: sql`${ambassadorChatReads.lastReadMessageId} < excluded.last_read_message_id`,
    });
}

/** A message in a topic, with its audit entry in the same transaction (decision 0057). */
export async function postTopicMessage(
  db: Db,
  topicId: number,
  authorId: number,
  content: string,
  now: Date,
): Promise<ChatMessage> {
  return db.transaction(async (tx) => {
    await requireTopic(tx, topicId);
    const [inserted] = await tx
      .insert(ambassadorChatMessages)
      .values({ topicId, userId: authorId, content, createdAt: now })
      .returning({ id: ambassadorChatMessages.id });
    if (!inserted) throw new Error('chat message insert returned no row');
    await recordAdminAction(tx, {
      adminId: authorId,
      action: 'chat.message',
      targetType: 'chat_topic',
      targetId: topicId,
      before: null,
      after: { message: content, messageId: inserted.id },
    });
    const [row] = await tx
      .select(messageColumns)
      .from(ambassadorChatMessages)
      .innerJoin(users, eq(users.id, ambassadorChatMessages.userId))
      .where(eq(ambassadorChatMessages.id, inserted.id));
    if (!row) throw new Error('chat message vanished');
    return toMessage(row);
  });
}

/** `text` as a LIKE pattern that matches it literally anywhere: %, _ and the escape character are escaped. */
function containsPattern(text: string): string {
  return `%${text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_')}%`;
}

/**
 * Buyers of sold, not refunded tickets whose event name, username or e-mail contains `query` (at most
 * ATTENDEE_RESULTS_MAX, soonest event first). The search is written to the audit log with its result count in
 * the same transaction: it shows members' personal data (decisions 0033, 0038).
 */
export async function searchAttendees(
  db: Db,
  searcherId: number,
  query: string,
  now: Date,
): Promise<Attendee[]> {
  const pattern = containsPattern(query);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        eventName: tickets.eventName,
        eventDate: tickets.eventDate,
        ticketId: tickets.id,
        quantity: tickets.quantity,
        section: tickets.section,
        row: tickets.row,
        seats: tickets.seats,
        soldAt: tickets.soldAt,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.buyerId))
      .where(
        and(
          eq(tickets.sold, true),
          isNotNull(tickets.buyerId),
          ne(tickets.status, 'cancelled'),
          or(ilike(tickets.eventName, pattern), ilike(users.username, pattern), ilike(users.email, pattern)),
        ),
      )
      .orderBy(asc(tickets.eventDate), asc(tickets.id))
      .limit(ATTENDEE_RESULTS_MAX);
    await recordAdminAction(tx, {
      adminId: searcherId,
      action: 'attendees.search',
      targetType: 'attendee_search',
      targetId: query,
      before: null,
      after: { resultCount: rows.length, at: now.toISOString() },
    });
    return rows.map(({ soldAt, createdAt, seats, ...row }) => ({
      ...row,
      seats: seats.trim() === '' ? null : seats,
      purchaseDate: (soldAt ?? createdAt).toISOString(),
    }));
  });
}
