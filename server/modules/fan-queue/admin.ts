import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AdminFanQueue,
  AdminFanQueueEntry,
  AdminFanQueueQuery,
} from '../../../common/schemas/fan-queue.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { fanQueueEntries, fanQueueOffers, users } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { scheduleJobNow } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { memberNameSql } from '../../lib/member-name.js';
import { recordAdminAction } from '../audit/service.js';
import { FAN_QUEUE_REMOVED_MAIL_JOB } from './ending.js';
import { IN_LINE } from './read.js';
import { bumpLine, lineCounters, queueEvent } from './show.js';

/**
 * The admins' side of a show's line (decision 0100, "Around it"): the line, paged, with the members'
 * usernames, and removing an entry with a reason (audited as `fan_queue.remove`, e-mailed to the member).
 */

const inLineOf = (eventId: number) =>
  and(eq(fanQueueEntries.eventId, eventId), inArray(fanQueueEntries.status, [...IN_LINE]));

/** Entries of the show holding an offer that come before (position_key, id) in line. */
async function offeredBefore(db: DbOrTx, eventId: number, first: { positionKey: Date; id: number }) {
  const result = (await db.execute(sql`
    select count(*)::int as n from fan_queue_entries
    where event_id = ${eventId} and status = 'offered'
      and (position_key, id) < (${first.positionKey.toISOString()}::timestamptz, ${first.id})`)) as unknown as {
    rows: { n: number | string }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * GET /api/admin/events/{id}/fan-queue: the show's entries still in line, in line order (position_key, id),
 * a page at a time. A waiting entry's place comes from the page's offset, less the offered entries before it
 * (few: each holds a listing), so no entry costs a count of its own.
 */
export async function adminFanQueue(
  db: DbOrTx,
  eventId: number,
  query: AdminFanQueueQuery,
): Promise<AdminFanQueue> {
  const event = await queueEvent(db, eventId);
  const offset = (query.page - 1) * query.pageSize;
  const rows = await db
    .select({
      id: fanQueueEntries.id,
      userId: fanQueueEntries.userId,
      username: memberNameSql(users),
      quantity: fanQueueEntries.quantity,
      maxPriceCents: fanQueueEntries.maxPriceCents,
      status: fanQueueEntries.status,
      joinedAt: fanQueueEntries.joinedAt,
      positionKey: fanQueueEntries.positionKey,
      offerTicketId: fanQueueOffers.ticketId,
      offerExpiresAt: fanQueueOffers.expiresAt,
    })
    .from(fanQueueEntries)
    .innerJoin(users, eq(users.id, fanQueueEntries.userId))
    .leftJoin(
      fanQueueOffers,
      and(eq(fanQueueOffers.entryId, fanQueueEntries.id), eq(fanQueueOffers.status, 'open')),
    )
    .where(inLineOf(eventId))
    .orderBy(asc(fanQueueEntries.positionKey), asc(fanQueueEntries.id))
    .limit(query.pageSize)
    .offset(offset);
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${fanQueueEntries.status} = 'waiting')::int`,
      offered: sql<number>`count(*) filter (where ${fanQueueEntries.status} = 'offered')::int`,
    })
    .from(fanQueueEntries)
    .where(inLineOf(eventId));
  const first = rows[0];
  let offeredAhead = first && offset > 0 ? await offeredBefore(db, eventId, first) : 0;
  const entries: AdminFanQueueEntry[] = rows.map((row, index) => {
    const waiting = row.status === 'waiting';
    const position = waiting ? offset + index + 1 - offeredAhead : null;
    if (!waiting) offeredAhead += 1;
    return {
      id: row.id,
      userId: row.userId,
      username: row.username,
      quantity: row.quantity,
      maxPriceCents: row.maxPriceCents,
      status: waiting ? 'waiting' : 'offered',
      position,
      joinedAt: row.joinedAt.toISOString(),
      offer:
        row.offerTicketId !== null && row.offerExpiresAt !== null
          ? { ticketId: row.offerTicketId, expiresAt: row.offerExpiresAt.toISOString() }
          : null,
    };
  });
  const waiting = Number(counts?.waiting ?? 0);
  const offered = Number(counts?.offered ?? 0);
  return {
    eventId,
    eventName: event.name,
    eventDate: event.date,
    waiting,
    offered,
    throughQueueTickets: (await lineCounters(db, eventId)).throughQueueTickets,
    entries,
    page: query.page,
    pageSize: query.pageSize,
    total: waiting + offered,
  };
}

export interface RemovalDeps {
  db: Db;
  clock: Clock;
}

export interface Removal {
  entryId: number;
  eventName: string;
  username: string;
  /** The entry held an open offer: the caller withdraws it and hands its tickets on after the commit. */
  hadOffer: boolean;
}

/**
 * DELETE /api/admin/fan-queue/{entryId}: in one transaction the entry still in line ends ('removed'), the
 * show's line moves on, the audit entry is written and the member's e-mail is scheduled as a durable job.
 * 404 for an entry that does not exist or is no longer in line.
 */
export async function removeFanQueueEntry(
  deps: RemovalDeps,
  adminId: number,
  entryId: number,
  reason: string,
): Promise<Removal> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(fanQueueEntries)
      .where(and(eq(fanQueueEntries.id, entryId), inArray(fanQueueEntries.status, [...IN_LINE])))
      .for('update');
    if (!entry) throw new NotFound(FAN_QUEUE_TEXT.entryNotFound);
    const event = await queueEvent(tx, entry.eventId);
    const [member] = await tx
      .select({ username: memberNameSql(users) })
      .from(users)
      .where(eq(users.id, entry.userId));
    await tx
      .update(fanQueueEntries)
      .set({ status: 'ended', endedReason: 'removed', endedAt: now })
      .where(eq(fanQueueEntries.id, entry.id));
    await bumpLine(tx, entry.eventId, entry.status === 'waiting' ? -1 : 0);
    await recordAdminAction(tx, {
      adminId,
      action: 'fan_queue.remove',
      targetType: 'fan_queue_entry',
      targetId: entry.id,
      before: { status: entry.status },
      after: { status: 'ended', event: entry.eventId, member: entry.userId, reason },
    });
    await scheduleJobNow(
      tx,
      FAN_QUEUE_REMOVED_MAIL_JOB,
      `entry:${entry.id}`,
      { entryId: entry.id, reason },
      now,
    );
    return {
      entryId: entry.id,
      eventName: event.name,
      username: member?.username ?? '',
      hadOffer: entry.status === 'offered',
    };
  });
}
