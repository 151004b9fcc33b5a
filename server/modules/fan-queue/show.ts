import { eq, type SQL, sql } from 'drizzle-orm';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import type { DbOrTx } from '../../db/client.js';
import { events, fanQueueShows, venues } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { type CatalogEvent, catalogEventColumns, readCatalogEvent } from '../events/catalog-event.js';
import type { Show } from '../show-limits/service.js';

/** A show's line (decision 0100): its catalog event, its reference price and its counters. */

/**
 * The catalog event of a line, 404 when there is none; `share` locks its row inside a change of the line
 * (`readCatalogEvent`), as bids and price alerts do.
 */
export async function queueEvent(db: DbOrTx, eventId: number, share = false): Promise<CatalogEvent> {
  const event = await readCatalogEvent(db, eventId, share);
  if (!event) throw new NotFound(FAN_QUEUE_TEXT.eventNotFound);
  return event;
}

/** The show as the per-show limits name it (decision 0088). */
export function showOf(event: CatalogEvent): Show {
  return { eventId: event.id, eventName: event.name, eventDate: event.date };
}

/**
 * The show's reference price (decision 0100): the highest original price per ticket (face value plus the
 * original fee, decision 0073) of the show's listings, sold, withdrawn or on sale; null while it has none.
 * The show is its catalog event or, for a listing that did not pick it, its name on its first day
 * (tickets_event_idx and tickets_event_date_idx keep both branches to the show's rows).
 */
export async function referencePriceCents(db: DbOrTx, event: CatalogEvent): Promise<number | null> {
  const result = (await db.execute(
    sql`select ${referencePriceSql(sql`${event.id}`, sql`${event.date}::date`, sql`${event.name}`)} as cents`,
  )) as unknown as { rows: { cents: number | string | null }[] };
  return referencePriceOf(result.rows[0]?.cents);
}

/** The reference price's statement for the show of event `id`, first day `date` and name `name`. */
function referencePriceSql(id: SQL, date: SQL, name: SQL): SQL {
  return sql`(select max(t.face_value_cents + t.service_fee_cents)::int from tickets t
    where t.event_id = ${id} or (t.event_date = ${date} and lower(t.event_name) = lower(${name})))`;
}

function referencePriceOf(cents: number | string | null | undefined): number | null {
  return cents === null || cents === undefined || Number(cents) <= 0 ? null : Number(cents);
}

/** A show's line as everyone sees it: its event, its counters and its reference price. */
export interface ShowLine {
  event: CatalogEvent;
  waiting: number;
  throughQueueTickets: number;
  referencePriceCents: number | null;
}

/**
 * A show's line read in one statement, 404 without its catalog event: every event page asks for it, so a
 * visitor's page costs one statement here, where the event, the counters and the price took three.
 */
export async function showLine(db: DbOrTx, eventId: number): Promise<ShowLine> {
  const [row] = await db
    .select({
      event: catalogEventColumns,
      waiting: fanQueueShows.waiting,
      throughQueueTickets: fanQueueShows.throughQueueTickets,
      referencePriceCents: referencePriceSql(
        sql`${events.id}`,
        sql`${events.date}`,
        sql`${events.name}`,
      ).mapWith((cents: number | string | null) => referencePriceOf(cents)),
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(fanQueueShows, eq(fanQueueShows.eventId, events.id))
    .where(eq(events.id, eventId));
  if (!row) throw new NotFound(FAN_QUEUE_TEXT.eventNotFound);
  return {
    event: row.event,
    waiting: row.waiting ?? 0,
    throughQueueTickets: row.throughQueueTickets ?? 0,
    referencePriceCents: row.referencePriceCents,
  };
}

/** The show's counters: fans waiting, tickets through the queue (zero before its first entry). */
export async function lineCounters(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({ waiting: fanQueueShows.waiting, throughQueueTickets: fanQueueShows.throughQueueTickets })
    .from(fanQueueShows)
    .where(eq(fanQueueShows.eventId, eventId));
  return { waiting: row?.waiting ?? 0, throughQueueTickets: row?.throughQueueTickets ?? 0 };
}

/**
 * In the transaction of a change of the line: `waiting` moves by `waitingDelta` and the version by one, so
 * open pages (the live notice of migration 0051) read their positions again.
 */
export async function bumpLine(db: DbOrTx, eventId: number, waitingDelta: number): Promise<void> {
  await db
    .insert(fanQueueShows)
    .values({ eventId, waiting: Math.max(0, waitingDelta), version: 1 })
    .onConflictDoUpdate({
      target: fanQueueShows.eventId,
      set: {
        waiting: sql`${fanQueueShows.waiting} + ${waitingDelta}`,
        version: sql`${fanQueueShows.version} + 1`,
      },
    });
}
