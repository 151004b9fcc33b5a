import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money.js';
import { type ListingPriceSummary, priceStorySentence } from '../../../common/price-story.js';
import {
  PRICE_STORY_DAYS,
  PRICE_STORY_MAX_POINTS,
  type PriceStory,
} from '../../../common/schemas/price-story.js';
import { PRICE_STORY_TEXT } from '../../../common/texts/price-story.js';
import type { Db } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { NotFound } from '../../errors.js';
import { batchedEventReader, EVENTS_AT } from '../../lib/batched-event-reads.js';
import { listingOnSaleAtSql } from '../../lib/on-sale-sql.js';
import { ticketAtOrBelowOriginal } from '../tickets/price-comparison.js';

/**
 * The price story of a catalog event (decisions 0061, 0073): its listings on sale against their original
 * price (face value plus the original fee), the median price of its sales per day, one sentence from the
 * same rows, and the tickets its Fan Queue passed on. One statement, each of its parts bounded by the
 * event's listings (tickets_event_idx), the caps below and the pool's statement timeout; the stories asked
 * in one turn are read together (server/lib/batched-event-reads.ts).
 */

interface StoryRow {
  key: string;
  time_zone: string;
  through_fan_queue: number;
  listings: number | string;
  without_original_price: number | string;
  at_or_below_original: number | string;
  lowest: number | string | null;
  lower_quartile: number | string | null;
  upper_quartile: number | string | null;
  highest: number | string | null;
  /** [listing id, all-in cents, original cents], cheapest first. */
  points: [number, number, number][];
  /** [day, sales, median cents], oldest first. */
  sold_days: [string, number, number][];
}

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The listings on sale of the event `k.id`, at the instant of `k` (EVENTS_AT). */
const onSaleOfEvent = and(
  sql`${tickets.eventId} = k.id`,
  eq(tickets.sold, false),
  eq(tickets.status, 'available'),
  listingOnSaleAtSql(sql`k.first_day`, sql`k.now`),
);

const original = sql`(${tickets.faceValueCents} + ${tickets.serviceFeeCents})`;
const difference = sql`(${tickets.buyerPaysPerTicketCents} - ${original}) * 100.0 / ${original}`;
const compared = sql`${original} > 0`;

/** What the listings' figures say, over every listing on sale (not only the points sent). */
const summarySql = sql`
    select count(*)::int as listings,
      count(*) filter (where not ${compared})::int as without_original_price,
      count(*) filter (where ${ticketAtOrBelowOriginal})::int as at_or_below_original,
      min(${difference}) filter (where ${compared}) as lowest,
      percentile_disc(0.25) within group (order by ${difference}) filter (where ${compared}) as lower_quartile,
      percentile_disc(0.75) within group (order by ${difference}) filter (where ${compared}) as upper_quartile,
      max(${difference}) filter (where ${compared}) as highest
    from ${tickets}
    where ${onSaleOfEvent}`;

function summaryOf(row: StoryRow): ListingPriceSummary {
  return {
    listings: Number(row.listings),
    withoutOriginalPrice: Number(row.without_original_price),
    atOrBelowOriginal: Number(row.at_or_below_original),
    lowest: orNull(row.lowest),
    lowerQuartile: orNull(row.lower_quartile),
    upperQuartile: orNull(row.upper_quartile),
    highest: orNull(row.highest),
  };
}

/** The PRICE_STORY_MAX_POINTS cheapest listings on sale, cheapest first. */
const pointsSql = sql`
  select coalesce(json_agg(json_build_array(p.id, p.all_in_cents, p.original_cents) order by p.all_in_cents, p.id), '[]') as points
  from (
    select ${tickets.id} as id, ${tickets.buyerPaysPerTicketCents} as all_in_cents, ${original}::int as original_cents
    from ${tickets}
    where ${onSaleOfEvent}
    order by ${tickets.buyerPaysPerTicketCents}, ${tickets.id}
    limit ${PRICE_STORY_MAX_POINTS}
  ) p`;

/**
 * The median all-in price per ticket (the amount charged over the quantity) of the event's sales, per
 * calendar day at the venue, over its last PRICE_STORY_DAYS days. A sale counts while it stands: in escrow
 * or released to the seller, never once refunded. Its day is when the ticket was sold.
 */
const soldDaysSql = sql`
  select coalesce(json_agg(json_build_array(to_char(day, 'YYYY-MM-DD'), sales, median_cents) order by day), '[]') as sold_days
  from (
    select day, count(*)::int as sales, percentile_cont(0.5) within group (order by per_ticket) as median_cents
    from (
      select (coalesce(t.sold_at, o.created_at) at time zone v.time_zone)::date as day,
        o.amount_cents::numeric / o.quantity as per_ticket
      from orders o join tickets t on t.id = o.ticket_id
      where t.event_id = k.id and o.status in ('in_escrow', 'released')
    ) sales
    where day > (k.now at time zone v.time_zone)::date - ${PRICE_STORY_DAYS}::int
    group by day
  ) days`;

/** Each event's story in one row: the venue's zone, its Fan Queue's tickets, the summary, points and days. */
const storyStatement = sql`
  select k.key, v.time_zone, coalesce(q.through_queue_tickets, 0)::int as through_fan_queue, summary.*, points.points, days.sold_days
  from ${EVENTS_AT}
  join events e on e.id = k.id
  join venues v on v.id = e.venue_id
  left join fan_queue_shows q on q.event_id = e.id
  cross join lateral (${summarySql}) summary
  cross join lateral (${pointsSql}) points
  cross join lateral (${soldDaysSql}) days`;

const readersByDatabase = new WeakMap<Db, (id: number, now: Date) => Promise<StoryRow[]>>();

/** GET /api/events/:id/price-story. NotFound for an id the catalog does not hold. */
export async function priceStory(db: Db, eventId: number, now: Date): Promise<PriceStory> {
  let read = readersByDatabase.get(db);
  if (!read) {
    read = batchedEventReader<StoryRow>(db, 'price_story', storyStatement);
    readersByDatabase.set(db, read);
  }
  const [row] = await read(eventId, now);
  if (!row) throw new NotFound(PRICE_STORY_TEXT.eventNotFound);
  const summary = summaryOf(row);
  return {
    eventId,
    timeZone: row.time_zone,
    listingCount: summary.listings,
    points: row.points.map(([listingId, allInCents, originalCents]) => ({
      listingId,
      perTicketAllIn: centsToDollars(allInCents),
      originalPricePerTicket: centsToDollars(originalCents),
    })),
    soldDays: row.sold_days.map(([day, sales, medianCents]) => ({
      day,
      sales,
      medianPerTicketAllIn: centsToDollars(Math.round(medianCents)),
    })),
    sentence: priceStorySentence(summary),
    throughFanQueueTickets: Number(row.through_fan_queue),
  };
}
