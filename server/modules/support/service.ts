import { and, desc, eq, gt, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../../common/constants.js';
import type { SupportMessage } from '../../../common/schemas/support.js';
import { SUPPORT_TEXT, type SupportTopic } from '../../../common/texts/support.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { supportMessages, supportReads, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';

/** At most one e-mail per member and conversation in this period, as ticket messages (decision 0015, 0038). */
export const SUPPORT_MAIL_QUIET_MS = 15 * 60_000;

export interface Caller {
  id: number;
  role: Role;
}

const columns = {
  id: supportMessages.id,
  userId: supportMessages.userId,
  username: users.username,
  topic: supportMessages.topic,
  message: supportMessages.message,
  resolved: supportMessages.resolved,
  isFromAdmin: supportMessages.isFromAdmin,
  createdAt: supportMessages.createdAt,
};

type Row = Omit<SupportMessage, 'createdAt'> & { createdAt: Date };

function toMessage(row: Row): SupportMessage {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Support messages newest first, `limit` at most, older than `before` when given: an admin reads every
 * conversation, anyone else only their own (spec 001 §6).
 */
export async function listSupportMessages(
  db: DbOrTx,
  caller: Caller,
  page: { limit: number; before?: number | undefined },
): Promise<SupportMessage[]> {
  const conditions: SQL[] = [];
  if (caller.role !== 'admin') conditions.push(eq(supportMessages.userId, caller.id));
  if (page.before !== undefined) conditions.push(lt(supportMessages.id, page.before));
  const rows = await db
    .select(columns)
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .where(and(...conditions))
    .orderBy(desc(supportMessages.id))
    .limit(page.limit);
  return rows.map(toMessage);
}

/** One message as `caller` may see it: their own conversation's, or any for an admin; else NotFound. */
export async function supportMessageFor(db: DbOrTx, id: number, caller: Caller): Promise<SupportMessage> {
  const [row] = await db
    .select(columns)
    .from(supportMessages)
    .innerJoin(users, eq(users.id, supportMessages.userId))
    .where(eq(supportMessages.id, id))
    .limit(1);
  if (!row || (caller.role !== 'admin' && row.userId !== caller.id))
    throw new NotFound(SUPPORT_TEXT.notFound);
  return toMessage(row);
}

/** A member writes in their conversation of `topic` (a new request or one more message in it). */
export async function postMemberMessage(
  db: Db,
  member: { id: number; username: string },
  topic: SupportTopic,
  message: string,
  now: Date,
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(supportMessages)
      .values({ userId: member.id, senderId: member.id, topic, message, createdAt: now })
      .returning();
    if (!inserted) throw new Error('support message insert returned no row');
    // What one writes, one has read: the conversation up to here is no longer unread for its member.
    await markRead(tx, member.id, topic, inserted.id);
    return toMessage({ ...inserted, username: member.username });
  });
}

export interface SupportAnswerMail {
  to: string;
  firstName: string;
  topic: SupportTopic;
  message: string;
}

/**
 * An admin answers the conversation `original` belongs to; the member's pending messages in it are answered,
 * so no longer pending. In the same transaction it decides whether the
 * member gets an e-mail: only if they were not mailed about this conversation in the last
 * SUPPORT_MAIL_QUIET_MS (one conditional upsert, so concurrent answers on any instance mail once), and
 * writes the audit entry (decision 0057).
 */
export async function postAdminReply(
  db: Db,
  original: SupportMessage,
  admin: { id: number },
  message: string,
  now: Date,
): Promise<{ reply: SupportMessage; mail: SupportAnswerMail | null }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(supportMessages)
      .values({
        userId: original.userId,
        senderId: admin.id,
        topic: original.topic,
        message,
        isFromAdmin: true,
        // An answer waits on nobody: only members' messages are pending for the support team.
        resolved: true,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('support reply insert returned no row');
    // Answered: the member's messages before it no longer wait on support, wherever their status shows.
    const answered = await tx
      .update(supportMessages)
      .set({ resolved: true })
      .where(
        and(
          eq(supportMessages.userId, original.userId),
          eq(supportMessages.topic, original.topic),
          eq(supportMessages.isFromAdmin, false),
          eq(supportMessages.resolved, false),
          lt(supportMessages.id, inserted.id),
        ),
      )
      .returning({ id: supportMessages.id });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'support.reply',
      targetType: 'support_message',
      targetId: original.id,
      before: null,
      after: {
        member: original.username,
        topic: original.topic,
        reply: message,
        replyId: inserted.id,
        answeredIds: answered.map((row) => row.id),
      },
    });
    const quietSince = new Date(now.getTime() - SUPPORT_MAIL_QUIET_MS);
    const [stamped] = await tx
      .insert(supportReads)
      .values({ userId: original.userId, topic: original.topic, lastEmailedAt: now })
      .onConflictDoUpdate({
        target: [supportReads.userId, supportReads.topic],
        set: { lastEmailedAt: now },
        setWhere: or(isNull(supportReads.lastEmailedAt), lte(supportReads.lastEmailedAt, quietSince)),
      })
      .returning({ userId: supportReads.userId });
    let mail: SupportAnswerMail | null = null;
    if (stamped) {
      const [member] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, original.userId));
      if (member) mail = { to: member.email, firstName: member.firstName, topic: original.topic, message };
    }
    return { reply: toMessage({ ...inserted, username: original.username }), mail };
  });
}

const statusWord = (resolved: boolean) => (resolved ? 'resolved' : 'pending');

/**
 * An admin marks one message resolved or pending again (spec 001 §4). A change writes the audit entry in its
 * transaction; setting the state it already has changes nothing and records nothing (decision 0057).
 */
export async function setResolved(
  db: Db,
  adminId: number,
  id: number,
  resolved: boolean,
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ resolved: supportMessages.resolved })
      .from(supportMessages)
      .where(eq(supportMessages.id, id))
      .for('update');
    if (!current) throw new NotFound(SUPPORT_TEXT.notFound);
    if (current.resolved !== resolved) {
      await tx.update(supportMessages).set({ resolved }).where(eq(supportMessages.id, id));
      await recordAdminAction(tx, {
        adminId,
        action: 'support.status',
        targetType: 'support_message',
        targetId: id,
        before: { status: statusWord(current.resolved) },
        after: { status: statusWord(resolved) },
      });
    }
    return supportMessageFor(tx, id, { id: adminId, role: 'admin' });
  });
}

/** Moves the member's marker of a conversation forward to `messageId` (never back). */
async function markRead(db: DbOrTx, userId: number, topic: SupportTopic, messageId: number): Promise<void> {
  await db
    .insert(supportReads)
    .values({ userId, topic, lastReadMessageId: messageId })
    .onConflictDoUpdate({
      target: [supportReads.userId, supportReads.topic],
      set: { lastReadMessageId: sql`excluded.last_read_message_id` },
      setWhere: sql`${supportReads.lastReadMessageId} < excluded.last_read_message_id`,
    });
}

/** The member has read their conversation of `topic` up to its newest message. */
export async function markConversationRead(db: DbOrTx, userId: number, topic: SupportTopic): Promise<void> {
  const [newest] = await db
    .select({ id: sql<number | null>`max(${supportMessages.id})` })
    .from(supportMessages)
    .where(and(eq(supportMessages.userId, userId), eq(supportMessages.topic, topic)));
  if (newest?.id) await markRead(db, userId, topic, Number(newest.id));
}

/**
 * Support answers the member has not read: admin messages in their conversations after their marker of
 * each (the nav's Support badge, spec 000 §2). One query on support_messages_conversation_idx.
 */
export async function countUnreadSupportAnswers(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(supportMessages)
    .leftJoin(
      supportReads,
      and(eq(supportReads.userId, supportMessages.userId), eq(supportReads.topic, supportMessages.topic)),
    )
    .where(
      and(
        eq(supportMessages.userId, userId),
        eq(supportMessages.isFromAdmin, true),
        gt(supportMessages.id, sql`coalesce(${supportReads.lastReadMessageId}, 0)`),
      ),
    );
  return Number(row?.count ?? 0);
}
