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
import { listingOnSaleAtSql, ON_SALE_PLACEHOLDERS, onSaleValues } from '../../lib/on-sale-sql.js';
import { preparedSql } from '../../lib/prepared-sql.js';
import { ticketAtOrBelowOriginal } from '../tickets/price-comparison.js';

/**
 * The price story of a catalog event (decisions 0061, 0073): its listings on sale against their original
 * price (face value plus the original fee), the median
 * price of its sales per day, one sentence from the same rows, and the tickets its Fan Queue passed on. Four short statements, each bounded by
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

interface PointRow {
  id: number;
  all_in_cents: number;
  original_cents: number;
}

interface SoldDayRow {
  day: string;
  sales: number | string;
  median_cents: number | string;
}

const orNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The listings on sale of the event `id` (placeholder), at the instant of ON_SALE_PLACEHOLDERS. */
const onSaleOfEvent = and(
  eq(tickets.eventId, sql.placeholder('id')),
  eq(tickets.sold, false),
  eq(tickets.status, 'available'),
  listingOnSaleAtSql(ON_SALE_PLACEHOLDERS.firstDay, ON_SALE_PLACEHOLDERS.now),
);

const original = sql`(${tickets.faceValueCents} + ${tickets.serviceFeeCents})`;
const difference = sql`(${tickets.buyerPaysPerTicketCents} - ${original}) * 100.0 / ${original}`;
const compared = sql`${original} > 0`;

/** What the listings' figures say, over every listing on sale (not only the points sent). */
const summaryStatement = sql`
    select count(*)::int as listings,
      count(*) filter (where not ${compared})::int as without_original_price,
      count(*) filter (where ${ticketAtOrBelowOriginal})::int as at_or_below_original,
      min(${difference}) filter (where ${compared}) as lowest,
      percentile_disc(0.25) within group (order by ${difference}) filter (where ${compared}) as lower_quartile,
      percentile_disc(0.75) within group (order by ${difference}) filter (where ${compared}) as upper_quartile,
      max(${difference}) filter (where ${compared}) as highest
    from ${tickets}
    where ${onSaleOfEvent}`;

function summaryOf(row: SummaryRow | undefined): ListingPriceSummary {
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
const pointsStatement = sql`
  select ${tickets.id} as id, ${tickets.buyerPaysPerTicketCents} as all_in_cents,
    ${original}::int as original_cents
  from ${tickets}
  where ${onSaleOfEvent}
  order by ${tickets.buyerPaysPerTicketCents}, ${tickets.id}
  limit ${PRICE_STORY_MAX_POINTS}`;

/**
 * The median all-in price per ticket (the amount charged over the quantity) of the event's sales, per
 * calendar day at the venue (the placeholder `timeZone`), over its last PRICE_STORY_DAYS days. A sale counts
 * while it stands: in escrow or released to the seller, never once refunded. Its day is when the ticket was
 * sold.
 */
const soldDaysStatement = sql`
  select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as sales,
    percentile_cont(0.5) within group (order by per_ticket) as median_cents
  from (
    select (coalesce(t.sold_at, o.created_at) at time zone ${sql.placeholder('timeZone')})::date as day,
      o.amount_cents::numeric / o.quantity as per_ticket
    from orders o join tickets t on t.id = o.ticket_id
    where t.event_id = ${sql.placeholder('id')} and o.status in ('in_escrow', 'released')
  ) sales
  where day > (${ON_SALE_PLACEHOLDERS.now} at time zone ${sql.placeholder('timeZone')})::date - ${PRICE_STORY_DAYS}::int
  group by day
  order by day`;

type Read<Row> = (values: Record<string, unknown>) => Promise<Row[]>;

interface EventRow {
  id: number;
  time_zone: string;
  through_fan_queue: number;
}

interface PriceStoryReads {
  event: Read<EventRow>;
  summary: Read<SummaryRow>;
  points: Read<PointRow>;
  soldDays: Read<SoldDayRow>;
}

const readsByDatabase = new WeakMap<Db, PriceStoryReads>();

/**
 * The price story's four statements, each prepared once per connection (decision 0091: a visitor's event
 * page reads them beside the page's own, and planning them took longer than running them).
 */
function priceStoryReads(db: Db): PriceStoryReads {
  let reads = readsByDatabase.get(db);
  if (!reads) {
    reads = {
      event: preparedSql<EventRow>(
        db,
        'price_story_event',
        sql`select e.id, v.time_zone, coalesce(q.through_queue_tickets, 0)::int as through_fan_queue
          from events e join venues v on v.id = e.venue_id left join fan_queue_shows q on q.event_id = e.id
          where e.id = ${sql.placeholder('id')}`,
      ),
      summary: preparedSql<SummaryRow>(db, 'price_story_summary', summaryStatement),
      points: preparedSql<PointRow>(db, 'price_story_points', pointsStatement),
      soldDays: preparedSql<SoldDayRow>(db, 'price_story_sold_days', soldDaysStatement),
    };
    readsByDatabase.set(db, reads);
  }
  return reads;
}
/** GET /api/events/:id/price-story. NotFound for an id the catalog does not hold. */
export async function priceStory(db: Db, eventId: number, now: Date): Promise<PriceStory> {
  const reads = priceStoryReads(db);
  const [event] = await reads.event({ id: eventId });
  if (!event) throw new NotFound(PRICE_STORY_TEXT.eventNotFound);
  const onSale = { id: eventId, ...onSaleValues(now) };
  const [[summaryRow], points, days] = await Promise.all([
    reads.summary(onSale),
    reads.points(onSale),
    reads.soldDays({ ...onSale, timeZone: event.time_zone }),
  ]);
  const summary = summaryOf(summaryRow);
  return {
    eventId,
    timeZone: event.time_zone,
    listingCount: summary.listings,
    points: points.map((row) => ({
      listingId: row.id,
      perTicketAllIn: centsToDollars(row.all_in_cents),
      originalPricePerTicket: centsToDollars(Number(row.original_cents)),
    })),
    soldDays: days.map((row) => ({
      day: row.day,
      sales: Number(row.sales),
      medianPerTicketAllIn: centsToDollars(Math.round(Number(row.median_cents))),
    })),
    sentence: priceStorySentence(summary),
    throughFanQueueTickets: Number(event.through_fan_queue),
  };
}
