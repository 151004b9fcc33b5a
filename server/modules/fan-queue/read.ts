import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  FAN_QUEUE_HISTORY_MAX,
  FAN_QUEUE_QUANTITY_MAX,
  type FanQueueEntry,
  type FanQueueOffer,
  type FanQueueShow,
  type MyFanQueue,
} from '../../../common/schemas/fan-queue.js';
import type { DbOrTx } from '../../db/client.js';
import { events, fanQueueEntries, fanQueueOffers, savedCards, venues } from '../../db/schema/index.js';
import { upcomingAt } from '../events/catalog-event.js';
import { showLine } from './show.js';

/** Reading the line: an entry with its position and offers, a show's line, a member's places (decision 0100). */

type EntryRow = typeof fanQueueEntries.$inferSelect;
type OfferRow = typeof fanQueueOffers.$inferSelect;
interface EventFacts {
  name: string;
  date: string;
  venue: string;
}

/** Entries still in line: waiting for an offer, or holding one. */
export const IN_LINE = ['waiting', 'offered'] as const;

/**
 * The place of a waiting entry: 1 + the waiting entries of its show with a smaller (position_key, id). One
 * range count on fan_queue_entries_line_idx (its partial condition is repeated so the planner may use it).
 */
export async function positionOf(
  db: DbOrTx,
  entry: Pick<EntryRow, 'id' | 'eventId' | 'positionKey'>,
): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as ahead from fan_queue_entries
    where event_id = ${entry.eventId} and status = 'waiting'
      and (position_key, id) < (${entry.positionKey.toISOString()}::timestamptz, ${entry.id})`)) as unknown as {
    rows: { ahead: number | string }[];
  };
  return 1 + Number(result.rows[0]?.ahead ?? 0);
}

function offerOf(row: OfferRow): FanQueueOffer {
  return {
    id: row.id,
    ticketId: row.ticketId,
    quantity: row.quantity,
    priceCents: row.priceCents,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    purchaseId: row.checkoutSessionId,
  };
}

/** The saved cards "buy for me" entries name, by id, in one statement. */
async function cardsOf(db: DbOrTx, rows: EntryRow[]): Promise<Map<string, FanQueueEntry['card']>> {
  const ids = rows.flatMap((row) => (row.paymentMethodId ? [row.paymentMethodId] : []));
  if (ids.length === 0) return new Map();
  const cards = await db
    .select({ id: savedCards.id, brand: savedCards.brand, last4: savedCards.last4 })
    .from(savedCards)
    .where(inArray(savedCards.id, ids));
  return new Map(cards.map((card) => [card.id, card]));
}

/** The newest FAN_QUEUE_HISTORY_MAX offers of each entry, and any open one, in one statement. */
async function offersOf(db: DbOrTx, entryIds: number[]): Promise<Map<number, OfferRow[]>> {
  const byEntry = new Map<number, OfferRow[]>();
  if (entryIds.length === 0) return byEntry;
  const ranked = db
    .select({
      id: fanQueueOffers.id,
      rank: sql<number>`row_number() over (partition by ${fanQueueOffers.entryId} order by ${fanQueueOffers.createdAt} desc, ${fanQueueOffers.id} desc)`.as(
        'rank',
      ),
    })
    .from(fanQueueOffers)
    .where(inArray(fanQueueOffers.entryId, entryIds))
    .as('ranked');
  const rows = await db
    .select({ offer: fanQueueOffers })
    .from(fanQueueOffers)
    .innerJoin(ranked, eq(ranked.id, fanQueueOffers.id))
    .where(sql`${ranked.rank} <= ${FAN_QUEUE_HISTORY_MAX} or ${fanQueueOffers.status} = 'open'`)
    .orderBy(desc(fanQueueOffers.createdAt), desc(fanQueueOffers.id));
  for (const { offer } of rows) byEntry.set(offer.entryId, [...(byEntry.get(offer.entryId) ?? []), offer]);
  return byEntry;
}

/** Entries as the API answers them: their position while waiting, their open offer and history. */
export async function entriesOf(
  db: DbOrTx,
  rows: { entry: EntryRow; event: EventFacts }[],
): Promise<FanQueueEntry[]> {
  const offers = await offersOf(
    db,
    rows.map((row) => row.entry.id),
  );
  const cards = await cardsOf(
    db,
    rows.map((row) => row.entry),
  );
  const answers: FanQueueEntry[] = [];
  for (const { entry, event } of rows) {
    const own = offers.get(entry.id) ?? [];
    const open = own.find((offer) => offer.status === 'open');
    answers.push({
      id: entry.id,
      eventId: entry.eventId,
      eventName: event.name,
      eventDate: event.date,
      venue: event.venue,
      quantity: entry.quantity,
      maxPriceCents: entry.maxPriceCents,
      card: entry.paymentMethodId ? (cards.get(entry.paymentMethodId) ?? null) : null,
      status: entry.status,
      position: entry.status === 'waiting' ? await positionOf(db, entry) : null,
      joinedAt: entry.joinedAt.toISOString(),
      offer: open ? offerOf(open) : null,
      history: own.slice(0, FAN_QUEUE_HISTORY_MAX).map(offerOf),
      endedReason: entry.endedReason ?? null,
    });
  }
  return answers;
}

/** One entry as the API answers it. */
export async function entryOf(db: DbOrTx, entry: EntryRow, event: EventFacts): Promise<FanQueueEntry> {
  const [answer] = await entriesOf(db, [{ entry, event }]);
  if (!answer) throw new Error('no entry answered');
  return answer;
}

/** The member's entry of the show still in line, if any; locked for update with `lock`. */
export async function entryInLine(
  db: DbOrTx,
  eventId: number,
  userId: number,
  lock = false,
): Promise<EntryRow | null> {
  const query = db
    .select()
    .from(fanQueueEntries)
    .where(
      and(
        eq(fanQueueEntries.eventId, eventId),
        eq(fanQueueEntries.userId, userId),
        inArray(fanQueueEntries.status, [...IN_LINE]),
      ),
    );
  const [entry] = lock ? await query.for('update') : await query;
  return entry ?? null;
}

/** GET /api/events/{id}/fan-queue: the show's line for anyone; the caller's own place when signed in. */
export async function fanQueueShow(
  db: DbOrTx,
  eventId: number,
  userId: number | null,
  now: Date,
): Promise<FanQueueShow> {
  // Every event page asks this: a visitor's answer is one statement, a member's place is read beside it.
  const [line, mine] = await Promise.all([
    showLine(db, eventId),
    userId === null ? null : entryInLine(db, eventId, userId),
  ]);
  const { event, ...figures } = line;
  return {
    eventId,
    open: upcomingAt(event, now),
    ...figures,
    maxQuantity: FAN_QUEUE_QUANTITY_MAX,
    mine: mine ? await entryOf(db, mine, event) : null,
  };
}

/** GET /api/fan-queue: the member's entries, those still in line first, each part newest first. */
export async function myFanQueue(
  db: DbOrTx,
  userId: number,
  query: { page: number; pageSize: number },
): Promise<MyFanQueue> {
  const mine = eq(fanQueueEntries.userId, userId);
  const rows = await db
    .select({ entry: fanQueueEntries, name: events.name, date: events.date, venue: venues.name })
    .from(fanQueueEntries)
    .innerJoin(events, eq(events.id, fanQueueEntries.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(mine)
    .orderBy(
      sql`${fanQueueEntries.status} in ('waiting', 'offered') desc`,
      desc(fanQueueEntries.joinedAt),
      desc(fanQueueEntries.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(fanQueueEntries).where(mine);
  return {
    entries: await entriesOf(
      db,
      rows.map((row) => ({ entry: row.entry, event: { name: row.name, date: row.date, venue: row.venue } })),
    ),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}
