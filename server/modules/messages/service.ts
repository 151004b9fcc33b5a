import { and, asc, desc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Role } from '../../../common/constants.js';
import { MESSAGE_TEXT } from '../../../common/messages.js';
import { MESSAGE_PAGE_SIZE, type TicketMessage } from '../../../common/schemas/messages.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { ticketMessageReads, ticketMessages, tickets, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { memberNameSql } from '../../lib/member-name.js';
import { recordAdminAction } from '../audit/service.js';

/** At most one e-mail per reader and thread in this period, however many messages arrive (decision 0015). */
export const MESSAGE_MAIL_QUIET_MS = 15 * 60_000;
/** The notifications answer lists at most this many threads with unread messages. */
export const UNREAD_THREADS_LIMIT = 100;

export interface Reader {
  id: number;
  role: Role;
}

/** A sold ticket's thread as its parties see it, with the id of its newest message (0 when empty). */
export interface Thread {
  ticketId: number;
  sellerId: number;
  buyerId: number;
  eventName: string;
  latestMessageId: number;
  /** The sale was refunded at the transfer deadline: the thread stays readable, nobody writes in it. */
  closed: boolean;
}

/**
 * The thread of a sold ticket, for its seller, its buyer or an admin. Anyone else, and any ticket nobody
 * bought, gets NotFound: a thread exists only between the two parties of a sale, and a stranger learns
 * nothing about sales (decision 0015). One indexed query, cheap enough for the 5 s poll.
 */
export async function threadFor(db: DbOrTx, ticketId: number, reader: Reader): Promise<Thread> {
  const [row] = await db
    .select({
      ticketId: tickets.id,
      sellerId: tickets.sellerId,
      buyerId: tickets.buyerId,
      sold: tickets.sold,
      status: tickets.status,
      eventName: tickets.eventName,
      // Spelled out in SQL: drizzle leaves columns unqualified in a one-table select, which would make the
      // subquery compare a message's ticket_id with its own id.
      latestMessageId: sql<number>`coalesce((select max(m.id) from ticket_messages m where m.ticket_id = tickets.id), 0)`,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row?.sold || row.buyerId === null) throw new NotFound(MESSAGE_TEXT.notFound);
  const party = reader.id === row.sellerId || reader.id === row.buyerId;
  if (!party && reader.role !== 'admin') throw new NotFound(MESSAGE_TEXT.notFound);
  return {
    ticketId: row.ticketId,
    sellerId: row.sellerId,
    buyerId: row.buyerId,
    eventName: row.eventName,
    latestMessageId: Number(row.latestMessageId),
    closed: row.status === 'cancelled',
  };
}

const messageColumns = {
  id: ticketMessages.id,
  content: ticketMessages.content,
  messageType: ticketMessages.messageType,
  senderId: ticketMessages.senderId,
  username: memberNameSql(users),
  createdAt: ticketMessages.createdAt,
};

type MessageRow = {
  id: number;
  content: string;
  messageType: 'user' | 'system';
  senderId: number | null;
  username: string | null;
  createdAt: Date;
};

function toMessage(row: MessageRow): TicketMessage {
  return {
    id: row.id,
    content: row.content,
    messageType: row.messageType,
    senderId: row.senderId,
    sender: row.username === null ? null : { username: row.username },
    createdAt: row.createdAt.toISOString(),
  };
}

export interface MessagePage {
  messages: TicketMessage[];
  /** Whether more messages follow the last one returned (only when reading after an id). */
  truncated: boolean;
}

/**
 * The newest MESSAGE_PAGE_SIZE messages, oldest first; or, with `after`, the next ones after that id (an
 * empty list when nothing is new). A party who reads the thread has read up to the last message returned.
 */
export async function readThread(
  db: Db,
  thread: Thread,
  reader: Reader,
  after: number | undefined,
): Promise<MessagePage> {
  const base = db
    .select(messageColumns)
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.senderId));
  let rows: MessageRow[];
  let truncated = false;
  if (after === undefined) {
    const newest = await base
      .where(eq(ticketMessages.ticketId, thread.ticketId))
      .orderBy(desc(ticketMessages.id))
      .limit(MESSAGE_PAGE_SIZE);
    rows = newest.reverse();
  } else {
    rows = await base
      .where(and(eq(ticketMessages.ticketId, thread.ticketId), gt(ticketMessages.id, after)))
      .orderBy(asc(ticketMessages.id))
      .limit(MESSAGE_PAGE_SIZE + 1);
    truncated = rows.length > MESSAGE_PAGE_SIZE;
    if (truncated) rows = rows.slice(0, MESSAGE_PAGE_SIZE);
  }
  const last = rows.at(-1);
  if (last && (reader.id === thread.sellerId || reader.id === thread.buyerId))
    await markRead(db, thread.ticketId, reader.id, last.id);
  return { messages: rows.map(toMessage), truncated };
}

/** Moves the reader's marker forward (never back); a marker already there is not rewritten. */
async function markRead(db: DbOrTx, ticketId: number, userId: number, messageId: number): Promise<void> {
  await db
    .insert(ticketMessageReads)
    .values({ ticketId, userId, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [ticketMessageReads.ticketId, ticketMessageReads.userId],
      set: { lastReadMessageId: sql`excluded.last_read_message_id` },
      setWhere: sql`${ticketMessageReads.lastReadMessageId} < excluded.last_read_message_id`,
    });
}

/** An admin reading or writing in a sale they are no party to: the audit log records it (decision 0057). */
export function actsAsAdmin(thread: Thread, reader: Reader): boolean {
  return reader.role === 'admin' && reader.id !== thread.sellerId && reader.id !== thread.buyerId;
}

/** Who should hear about a new message: the parties of the sale other than its sender. */
function recipientsOf(thread: Thread, senderId: number): number[] {
  return [thread.sellerId, thread.buyerId].filter((id) => id !== senderId);
}

export interface MessageMail {
  to: string;
  firstName: string;
  eventName: string;
  senderUsername: string;
  content: string;
}

/**
 * Adds a user message and decides, in the same transaction, which recipients get an e-mail: a recipient is
 * mailed only if they were not mailed about this thread in the last MESSAGE_MAIL_QUIET_MS (one conditional
 * upsert each, so concurrent posts on any instance mail once). The caller sends the mails after the commit.
 * An admin's post in a sale they are no party to is written to the audit log in the same transaction.
 */
export async function postMessage(
  db: Db,
  thread: Thread,
  sender: Reader & { username: string },
  content: string,
  now: Date,
): Promise<{ message: TicketMessage; mails: MessageMail[] }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: thread.ticketId,
        senderId: sender.id,
        messageType: 'user',
        content,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('message insert returned no row');
    if (actsAsAdmin(thread, sender))
      await recordAdminAction(tx, {
        adminId: sender.id,
        action: 'ticket.message',
        targetType: 'ticket',
        targetId: thread.ticketId,
        before: null,
        after: { message: content, messageId: inserted.id },
      });
    const quietSince = new Date(now.getTime() - MESSAGE_MAIL_QUIET_MS);
    const mails: MessageMail[] = [];
    for (const recipientId of recipientsOf(thread, sender.id)) {
      const [stamped] = await tx
        .insert(ticketMessageReads)
        .values({ ticketId: thread.ticketId, userId: recipientId, lastEmailedAt: now })
        .onConflictDoUpdate({
          target: [ticketMessageReads.ticketId, ticketMessageReads.userId],
          set: { lastEmailedAt: now },
          setWhere: or(
            isNull(ticketMessageReads.lastEmailedAt),
            lte(ticketMessageReads.lastEmailedAt, quietSince),
          ),
        })
        .returning({ userId: ticketMessageReads.userId });
      if (!stamped) continue;
      const [recipient] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, recipientId));
      if (recipient?.email)
        mails.push({
          to: recipient.email,
          firstName: recipient.firstName,
          eventName: thread.eventName,
          senderUsername: sender.username,
          content,
        });
    }
    const message = toMessage({ ...inserted, username: sender.username });
    return { message, mails };
  });
}

/**
 * Unread messages per thread for `userId` as buyer or seller of sold tickets: messages after the reader's
 * marker that someone else (or the system) wrote. One query over the tickets_seller/tickets_buyer indexes and
 * the (ticket_id, id) index of ticket_messages; bounded to UNREAD_THREADS_LIMIT threads.
 */
export async function unreadMessageCounts(
  db: DbOrTx,
  userId: number,
): Promise<{ ticketId: number; count: number }[]> {
  const rows = await db
    .select({ ticketId: ticketMessages.ticketId, count: sql<number>`count(*)::int` })
    .from(tickets)
    .innerJoin(ticketMessages, eq(ticketMessages.ticketId, tickets.id))
    .leftJoin(
      ticketMessageReads,
      and(eq(ticketMessageReads.ticketId, tickets.id), eq(ticketMessageReads.userId, userId)),
    )
    .where(
      and(
        eq(tickets.sold, true),
        or(eq(tickets.sellerId, userId), eq(tickets.buyerId, userId)),
        gt(ticketMessages.id, sql`coalesce(${ticketMessageReads.lastReadMessageId}, 0)`),
        // Only the other party's words count: system notes record steps the badges already show.
        eq(ticketMessages.messageType, 'user'),
        ne(ticketMessages.senderId, userId),
      ),
    )
    .groupBy(ticketMessages.ticketId)
    .orderBy(desc(sql`max(${ticketMessages.id})`))
    .limit(UNREAD_THREADS_LIMIT);
  return rows.map((row) => ({ ticketId: row.ticketId, count: Number(row.count) }));
}
