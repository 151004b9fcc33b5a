import { and, asc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money.js';
import { type ListingPriceSummary, priceStorySentence } from '../../../common/price-story.js';
import {
  PRICE_STORY_DAYS,
  PRICE_STORY_MAX_POINTS,
  type PriceStory,
  type PriceStoryPoint,
  type PriceStorySoldDay,
} from '../../../common/schemas/price-story.js';
import { PRICE_STORY_TEXT } from '../../../common/texts/price-story.js';
import type { Db } from '../../db/client.js';
import { events, tickets, venues } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { onSaleFilters } from '../marketplace/service.js';
import { ticketAtOrBelowOriginal } from '../tickets/price-comparison.js';

/**
 * The price story of a catalog event (decisions 0061, 0073): its listings on sale against their original
 * price (face value plus the original fee), the median
 * price of its sales per day, and one sentence from the same rows. Four short statements, each bounded by
 * the event's listings (tickets_event_idx), the caps below and the pool's statement timeout.
 */

interface SummaryRow {
  listings: number | string;
  without_original_price: number | string;
  at_or_below_original: number | string;
  lowest: number | string | null;
  lower_quartile: number | string | null;
  upper_quartile: number | string | null;
  highest: number | string | null;
}

interface SoldDayRow {
  day: string;
  sales: number | string;
  median_cents: number | string;
}

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** What the listings' figures say, over every listing on sale (not only the points sent). */
async function listingSummary(db: Db, eventId: number, now: Date): Promise<ListingPriceSummary> {
  const original = sql`(${tickets.faceValueCents} + ${tickets.serviceFeeCents})`;
  const difference = sql`(${tickets.buyerPaysPerTicketCents} - ${original}) * 100.0 / ${original}`;
  const compared = sql`${original} > 0`;
  const result = (await db.execute(sql`
    select count(*)::int as listings,
      count(*) filter (where not ${compared})::int as without_original_price,
      count(*) filter (where ${ticketAtOrBelowOriginal})::int as at_or_below_original,
      min(${difference}) filter (where ${compared}) as lowest,
      percentile_disc(0.25) within group (order by ${difference}) filter (where ${compared}) as lower_quartile,
      percentile_disc(0.75) within group (order by ${difference}) filter (where ${compared}) as upper_quartile,
      max(${difference}) filter (where ${compared}) as highest
    from ${tickets}
    where ${and(eq(tickets.eventId, eventId), ...onSaleFilters(now))}`)) as unknown as { rows: SummaryRow[] };
  const row = result.rows[0];
  return {
    listings: Number(row?.listings ?? 0),
    withoutOriginalPrice: Number(row?.without_original_price ?? 0),
    atOrBelowOriginal: Number(row?.at_or_below_original ?? 0),
    lowest: orNull(row?.lowest ?? null),
    lowerQuartile: orNull(row?.lower_quartile ?? null),
    upperQuartile: orNull(row?.upper_quartile ?? null),
    highest: orNull(row?.highest ?? null),
  };
}

/** The PRICE_STORY_MAX_POINTS cheapest listings on sale, cheapest first. */
async function listingPoints(db: Db, eventId: number, now: Date): Promise<PriceStoryPoint[]> {
  const rows = await db
    .select({
      id: tickets.id,
      allInCents: tickets.buyerPaysPerTicketCents,
      originalCents: sql<number>`(${tickets.faceValueCents} + ${tickets.serviceFeeCents})::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), ...onSaleFilters(now)))
    .orderBy(asc(tickets.buyerPaysPerTicketCents), asc(tickets.id))
    .limit(PRICE_STORY_MAX_POINTS);
  return rows.map((row) => ({
    listingId: row.id,
    perTicketAllIn: centsToDollars(row.allInCents),
    originalPricePerTicket: centsToDollars(Number(row.originalCents)),
  }));
}

/**
 * The median all-in price per ticket (the amount charged over the quantity) of the event's sales, per
 * calendar day at the venue, over its last PRICE_STORY_DAYS days. A sale counts while it stands: in escrow
 * or released to the seller, never once refunded. Its day is when the ticket was sold.
 */
async function soldDays(db: Db, eventId: number, timeZone: string, now: Date): Promise<PriceStorySoldDay[]> {
  const result = (await db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as sales,
      percentile_cont(0.5) within group (order by per_ticket) as median_cents
    from (
      select (coalesce(t.sold_at, o.created_at) at time zone ${timeZone})::date as day,
        o.amount_cents::numeric / o.quantity as per_ticket
      from orders o join tickets t on t.id = o.ticket_id
      where t.event_id = ${eventId} and o.status in ('in_escrow', 'released')
    ) sales
    where day > (${now.toISOString()}::timestamptz at time zone ${timeZone})::date - ${PRICE_STORY_DAYS}::int
    group by day
    order by day`)) as unknown as { rows: SoldDayRow[] };
  return result.rows.map((row) => ({
    day: row.day,
    sales: Number(row.sales),
    medianPerTicketAllIn: centsToDollars(Math.round(Number(row.median_cents))),
  }));
}

/** GET /api/events/:id/price-story. NotFound for an id the catalog does not hold. */
export async function priceStory(db: Db, eventId: number, now: Date): Promise<PriceStory> {
  const [event] = await db
    .select({ id: events.id, timeZone: venues.timeZone })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(events.id, eventId));
  if (!event) throw new NotFound(PRICE_STORY_TEXT.eventNotFound);
  const [summary, points, days] = await Promise.all([
    listingSummary(db, eventId, now),
    listingPoints(db, eventId, now),
    soldDays(db, eventId, event.timeZone, now),
  ]);
  return {
    eventId,
    timeZone: event.timeZone,
    listingCount: summary.listings,
    points,
    soldDays: days,
    sentence: priceStorySentence(summary),
  };
}
