import { eq } from 'drizzle-orm';
import { onSaleAt } from '../../../common/on-sale.js';
import type { DbOrTx } from '../../db/client.js';
import { events, venues } from '../../db/schema/index.js';

/** A catalog event with its venue's name and time zone: what the rules about a show's days read. */
export interface CatalogEvent {
  id: number;
  name: string;
  date: string;
  daysCount: number;
  status: 'scheduled' | 'postponed' | 'cancelled';
  venue: string;
  timeZone: string;
}

/** The columns of a `CatalogEvent`, from `events` joined with its venue. */
export const catalogEventColumns = {
  id: events.id,
  name: events.name,
  date: events.date,
  daysCount: events.daysCount,
  status: events.status,
  venue: venues.name,
  timeZone: venues.timeZone,
};

/**
 * The catalog event, null when there is none. `share` locks its row inside the caller's transaction, so a
 * cancellation under way (which holds the row for update) either commits first and is seen here, or waits
 * for the caller and then ends what the caller made with the rest (bids, price alerts, the Fan Queue).
 */
export async function readCatalogEvent(
  db: DbOrTx,
  eventId: number,
  share = false,
): Promise<CatalogEvent | null> {
  const query = db
    .select(catalogEventColumns)
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(events.id, eventId));
  const [event] = share ? await query.for('share', { of: events }) : await query;
  return event ?? null;
}

/**
 * Whether the show still takes new interest (decision 0071): not cancelled and still on sale. A postponed
 * show does, at its new date.
 */
export function upcomingAt(event: CatalogEvent, now: Date): boolean {
  return (
    event.status !== 'cancelled' &&
    onSaleAt({ eventDate: event.date, daysCount: event.daysCount, timeZone: event.timeZone }, now)
  );
}
