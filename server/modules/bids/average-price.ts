import { sql } from 'drizzle-orm';
import { BID_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type { AveragePrice, AveragePriceQuery } from '../../../common/schemas/bids.js';
import type { DbOrTx } from '../../db/client.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';

interface Averages {
  sales: number;
  sales_avg: string | number | null;
  listings: number;
  listings_avg: string | number | null;
}

/**
 * The tickets of the event asked about, as the matcher would find them (decision 0054): the catalog event's
 * (tickets_event_idx), else the name's on that date (tickets_event_date_idx), else — the spec's request,
 * with a name only — the name's on any date (tickets_event_name_trgm_idx).
 */
function sameEvent(query: AveragePriceQuery) {
  if (query.eventId !== undefined) return sql`t.event_id = ${query.eventId}`;
  const name = sql`lower(t.event_name) = ${query.eventName.trim().toLowerCase()}`;
  return query.eventDate === undefined ? name : sql`${name} and t.event_date = ${query.eventDate}`;
}

/**
 * GET /api/tickets/average-price: what fans paid per ticket, all-in, for this event and quantity: from
 * completed sales (not refunded) when there are any, else from the current buyable listings. One statement.
 */
export async function averagePrice(db: DbOrTx, query: AveragePriceQuery, now: Date): Promise<AveragePrice> {
  const event = sameEvent(query);
  const quantity = query.quantity;
  const result = (await db.execute(sql`
    with sales as (
      select count(*)::int as n, avg(o.amount_cents::numeric / o.quantity) as average
      from orders o join tickets t on t.id = o.ticket_id
      where ${event} and o.quantity = ${quantity} and o.status <> 'refunded'
    ), listings as (
      select count(*)::int as n, avg(t.buyer_pays_per_ticket_cents) as average
      from tickets t
      where ${event} and t.quantity = ${quantity} and not t.sold
        and t.status = 'available' and ${listingOnSaleSql(now, 't')}
    )
    select sales.n as sales, sales.average as sales_avg, listings.n as listings, listings.average as listings_avg
    from sales, listings`)) as unknown as { rows: Averages[] };
  const row = result.rows[0];
  const sales = Number(row?.sales ?? 0);
  const listings = Number(row?.listings ?? 0);
  if (sales > 0)
    return {
      found: true,
      source: 'historical',
      averagePrice: centsToDollars(Math.round(Number(row?.sales_avg))),
      count: sales,
      message: BID_TEXT.averagePriceHistorical,
    };
  if (listings > 0)
    return {
      found: true,
      source: 'listings',
      averagePrice: centsToDollars(Math.round(Number(row?.listings_avg))),
      count: listings,
      message: BID_TEXT.averagePriceListings,
    };
  return { found: false, source: null, averagePrice: null, count: 0, message: BID_TEXT.averagePriceNone };
}
