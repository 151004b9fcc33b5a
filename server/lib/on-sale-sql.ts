import { type SQL, sql } from 'drizzle-orm';
import { earliestListingDateOnSale } from '../../common/on-sale.js';
import { events, tickets, venues } from '../db/schema/index.js';

/**
 * `common/on-sale.ts`'s rule in SQL (decision 0071): the venue's local midnight after the last day is
 * `(first day + days)::timestamp at time zone zone`, as the payout's due time is computed (decision 0056).
 */
export function saleEndsAtSql(date: SQL, daysCount: SQL, timeZone: SQL): SQL {
  return sql`((${date} + ${daysCount})::timestamp at time zone ${timeZone})`;
}

/** The instant `now` as SQL reads it. */
export function instantSql(now: Date): SQL {
  return sql`${now.toISOString()}::timestamptz`;
}

/**
 * A listing's show is still on sale at `now`; `alias` names the tickets table in raw SQL (`t`), else the
 * Drizzle columns are used. The first-day bound lets the date indexes narrow the rows first.
 */
export function listingOnSaleSql(now: Date, alias?: string): SQL {
  return listingOnSaleAtSql(sql`${earliestListingDateOnSale(now)}::date`, instantSql(now), alias);
}

/**
 * The on-sale bounds at `now` as a prepared statement's values (decision 0091): the earliest first day still
 * on sale, and the instant.
 */
export function onSaleValues(now: Date): { firstDay: string; now: string } {
  return { firstDay: earliestListingDateOnSale(now), now: now.toISOString() };
}

/** listingOnSaleSql with the first day and the instant as SQL (a batched statement's, in batched-event-reads.ts). */
export function listingOnSaleAtSql(firstDay: SQL, now: SQL, alias?: string): SQL {
  const column = (name: string, drizzle: SQL) => (alias ? sql.raw(`${alias}.${name}`) : drizzle);
  const date = column('event_date', sql`${tickets.eventDate}`);
  const days = column('days_count', sql`${tickets.daysCount}`);
  const zone = column('time_zone', sql`${tickets.timeZone}`);
  return sql`(${date} >= ${firstDay} and ${saleEndsAtSql(date, days, zone)} > ${now})`;
}

/** A catalog event is still on sale at `now`: the query joins `venues` for the zone. */
export function eventOnSaleSql(now: Date): SQL {
  return sql`${saleEndsAtSql(sql`${events.date}`, sql`${events.daysCount}`, sql`${venues.timeZone}`)} > ${instantSql(now)}`;
}

/**
 * A concert search document (`event_search`, alias `s`) is still on sale at `now`: its stored end (migration
 * 0040, the same expression) and the listings' first-day bound, so the date index narrows the rows first.
 * Concert search holds every event to that bound, an event of more than TICKET_MAX_DAYS days too.
 */
export function searchDocumentOnSaleSql(now: Date): SQL {
  return sql`(s.date >= ${earliestListingDateOnSale(now)}::date and s.ends_at > ${instantSql(now)})`;
}
