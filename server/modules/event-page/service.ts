import { type SQL, sql } from 'drizzle-orm';
import { eventPath } from '../../../common/event-path.js';
import { percentFromFace } from '../../../common/face-value.js';
import { EVENT_PAGE_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import {
  EVENT_PAGE_LISTINGS,
  EVENT_PAGE_MAX_SECTIONS,
  type EventPage,
  type EventPageListing,
  type EventPageQuery,
  type EventState,
} from '../../../common/schemas/event-page.js';
import { addDays, lastDayOf, localMidnight } from '../../../common/venue-time.js';
import type { Db } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { Invalid, NotFound } from '../../errors.js';
import { artistImageUrlSql } from '../events/artist-image.js';
import { ratingJoinedOn } from '../reviews/ratings.js';

/**
 * One show's page (decision 0058): the catalog event, what is on sale for it, and the page of listings
 * its filters ask for, cheapest per ticket first. Two statements, read side by side.
 */

interface EventRow {
  id: number;
  name: string;
  date: string;
  days_count: number;
  status: 'scheduled' | 'postponed' | 'cancelled';
  original_date: string | null;
  venue: string;
  city: string;
  time_zone: string;
  lineup: { name: string; image: string | null }[] | null;
  offer_count: number;
  low_cents: number | null;
  high_cents: number | null;
  sections: string[] | null;
}

interface ListingRow {
  id: number;
  section: string;
  row: string;
  quantity: number;
  ticket_type: 'digital' | 'paper';
  listing_price_cents: number;
  markup: number;
  buyer_pays_per_ticket_cents: number;
  face_value_cents: number;
  held: boolean;
  seller_id: number;
  username: string;
  average_rating: number | null;
  total_reviews: number;
  matching: number;
}

/** A listing a fan may buy: unsold and on sale (a held one is shown as held). */
const ON_SALE = sql`not t.sold and t.status = 'available'`;

function eventStatement(id: number): SQL {
  return sql`select e.id, e.name, e.date::text as date, e.days_count, e.status, e.original_date::text as original_date,
      v.name as venue, v.city, v.time_zone, lineup.artists as lineup,
      offers.count as offer_count, offers.low_cents, offers.high_cents, sections.names as sections
    from events e
    join venues v on v.id = e.venue_id
    left join lateral (
      select json_agg(json_build_object('name', a.name, 'image', ${artistImageUrlSql(sql`a.id`, sql`a.image_url`)})
        order by ea.position, a.id) as artists
      from event_artists ea join artists a on a.id = ea.artist_id where ea.event_id = e.id
    ) lineup on true
    left join lateral (
      select count(*)::int as count, min(t.buyer_pays_per_ticket_cents)::int as low_cents,
        max(t.buyer_pays_per_ticket_cents)::int as high_cents
      from tickets t where t.event_id = e.id and ${ON_SALE}
    ) offers on true
    left join lateral (
      select array_agg(s.section order by s.section) as names from (
        select distinct t.section from tickets t where t.event_id = e.id and ${ON_SALE}
        order by t.section limit ${EVENT_PAGE_MAX_SECTIONS}
      ) s
    ) sections on true
    where e.id = ${id}`;
}

/** The keyset of a page of listings: the last row's price per ticket and id. */
function encodeCursor(priceCents: number, id: number): string {
  return Buffer.from(JSON.stringify([priceCents, id])).toString('base64url');
}

function decodeCursor(cursor: string): { priceCents: number; id: number } {
  const invalid = new Invalid(EVENT_PAGE_TEXT.cursorInvalid, { cursor: EVENT_PAGE_TEXT.cursorInvalid });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((n) => Number.isSafeInteger(n))) {
    throw invalid;
  }
  return { priceCents: parsed[0] as number, id: parsed[1] as number };
}

/** The filters' conditions on the listings named `t`. */
function listingFilters(id: number, query: EventPageQuery, t: SQL): SQL {
  const filters: SQL[] = [sql`${t}.event_id = ${id}`, sql`not ${t}.sold and ${t}.status = 'available'`];
  if (query.quantity !== undefined) filters.push(sql`${t}.quantity = ${query.quantity}`);
  if (query.section !== undefined) filters.push(sql`${t}.section = ${query.section}`);
  if (query.delivery !== undefined) filters.push(sql`${t}.ticket_type = ${query.delivery}`);
  return sql.join(filters, sql` and `);
}

function listingsStatement(db: Db, id: number, query: EventPageQuery, now: Date): SQL {
  // The rating subquery names the listing by its table ("tickets"), so the outer statement does too.
  const rating = ratingJoinedOn(db, tickets.sellerId);
  const t = sql.raw('tickets');
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const afterCursor = after
    ? sql`and (${t}.buyer_pays_per_ticket_cents, ${t}.id) > (${after.priceCents}, ${after.id})`
    : sql``;
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`select ${t}.id, ${t}.section, ${t}.row, ${t}.quantity, ${t}.ticket_type, ${t}.listing_price_cents,
      ${t}.markup, ${t}.buyer_pays_per_ticket_cents, ${t}.face_value_cents,
      ((${t}.current_viewer_id is not null and ${t}.lock_expires_at > ${at})
        or (${t}.editing_by is not null and ${t}.edit_expires_at > ${at})) as held,
      u.id as seller_id, u.username, ${rating.averageRating} as average_rating,
      ${rating.totalReviews}::int as total_reviews,
      (select count(*)::int from tickets m where ${listingFilters(id, query, sql.raw('m'))}) as matching
    from ${tickets}
    join users u on u.id = ${t}.seller_id
    left join lateral ${rating} on true
    where ${listingFilters(id, query, t)} ${afterCursor}
    order by ${t}.buyer_pays_per_ticket_cents, ${t}.id
    limit ${EVENT_PAGE_LISTINGS + 1}`;
}

/** The show's state as a fan reads it: cancelled, postponed, past, sold out or on sale. */
export function eventState(
  row: Pick<EventRow, 'status' | 'date' | 'days_count' | 'time_zone' | 'offer_count'>,
  now: Date,
): EventState {
  if (row.status === 'cancelled') return 'cancelled';
  const over = localMidnight(addDays(lastDayOf(row.date, row.days_count), 1), row.time_zone);
  if (now >= over) return 'past';
  if (row.status === 'postponed') return 'postponed';
  return row.offer_count > 0 ? 'on_sale' : 'sold_out';
}

function listingOf(row: ListingRow): EventPageListing {
  const sale = saleBreakdown({
    perTicketCents: row.listing_price_cents,
    markupPercent: row.markup,
    quantity: row.quantity,
  });
  return {
    id: row.id,
    section: row.section,
    row: row.row,
    quantity: row.quantity,
    ticketType: row.ticket_type,
    pricePerTicket: centsToDollars(row.buyer_pays_per_ticket_cents),
    totalPrice: centsToDollars(sale.buyerPaysCents),
    faceValuePerTicket: centsToDollars(row.face_value_cents),
    percentFromFace: percentFromFace(row.buyer_pays_per_ticket_cents, row.face_value_cents),
    held: row.held,
    seller: {
      id: row.seller_id,
      username: row.username,
      averageRating: row.average_rating === null ? null : Number(row.average_rating),
      totalReviews: row.total_reviews,
    },
  };
}

const rowsOf = async <T>(db: Db, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/** The page of event `id`, or NotFound. A listing outside the catalog event has no page. */
export async function loadEventPage(
  db: Db,
  id: number,
  query: EventPageQuery,
  now: Date,
): Promise<EventPage> {
  const [events, listings] = await Promise.all([
    rowsOf<EventRow>(db, eventStatement(id)),
    rowsOf<ListingRow>(db, listingsStatement(db, id, query, now)),
  ]);
  const event = events[0];
  if (!event) throw new NotFound(EVENT_PAGE_TEXT.notFound);
  const page = listings.slice(0, EVENT_PAGE_LISTINGS);
  const last = page.at(-1);
  return {
    event: {
      id: event.id,
      name: event.name,
      path: eventPath(event.id, event.name),
      date: event.date,
      lastDate: lastDayOf(event.date, event.days_count),
      daysCount: event.days_count,
      originalDate: event.status === 'postponed' ? event.original_date : null,
      venue: event.venue,
      city: event.city,
      timeZone: event.time_zone,
      state: eventState(event, now),
      lineup: event.lineup ?? [],
    },
    offers: {
      count: event.offer_count,
      lowPrice: event.low_cents === null ? null : centsToDollars(event.low_cents),
      highPrice: event.high_cents === null ? null : centsToDollars(event.high_cents),
    },
    sections: event.sections ?? [],
    listings: page.map(listingOf),
    matching: listings[0]?.matching ?? 0,
    nextCursor:
      listings.length > EVENT_PAGE_LISTINGS && last
        ? encodeCursor(last.buyer_pays_per_ticket_cents, last.id)
        : null,
  };
}
