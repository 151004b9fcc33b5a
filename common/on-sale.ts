/**
 * The one rule for "still on sale" (decision 0071): a show is on sale until its venue's local midnight after
 * its last day (decision 0056's days), whatever the day is in UTC. Every path that asks whether a show has
 * passed (listing, marketplace, search indexes, event page, holds, checkout, bids, alerts, price story,
 * sweeps) asks this, or the SQL built from the same definition (`server/lib/on-sale-sql.ts`).
 */
import { TICKET_MAX_DAYS } from './constants.js';
import { addDays, lastDayOf, localMidnight } from './venue-time.js';

/** An event's days as a listing or an event row carries them: first day (yyyy-MM-dd), how many, the zone. */
export interface SaleDays {
  eventDate: string;
  daysCount: number;
  timeZone: string;
}

/** The instant a show stops being on sale: its venue's midnight after its last day. */
export function saleEndsAt(days: SaleDays): Date {
  return localMidnight(addDays(lastDayOf(days.eventDate, days.daysCount), 1), days.timeZone);
}

/** Whether a show is still on sale at `now`. */
export function onSaleAt(days: SaleDays, now: Date): boolean {
  return now < saleEndsAt(days);
}

/**
 * The earliest first day a listing still on sale at `now` can have, whatever its zone (UTC−12 to UTC+14) and
 * days (at most TICKET_MAX_DAYS): a bound an index can use before the exact rule is applied row by row.
 */
export function earliestListingDateOnSale(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), -TICKET_MAX_DAYS);
}
