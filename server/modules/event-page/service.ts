import { and, eq, gt, type SQL, sql } from 'drizzle-orm';
import {
  EVENT_PAGE_LISTINGS,
  EVENT_PAGE_MAX_SECTIONS,
  EVENT_PAGE_MORE_SHOWS,
  type EventPageSort,
} from '../../../common/event-page.js';
import { eventPath } from '../../../common/event-path.js';
import { EVENT_PAGE_TEXT } from '../../../common/messages.js';
import { centsToDollars, dollarsToCents } from '../../../common/money.js';
import { onSaleAt } from '../../../common/on-sale.js';
import { comparePrice, originalPriceCents } from '../../../common/price-comparison.js';
import { saleBreakdown } from '../../../common/pricing.js';
import type {
  EventPage,
  EventPageListing,
  EventPageQuery,
  EventState,
  OtherShow,
} from '../../../common/schemas/event-page.js';
import type { SellerTrust } from '../../../common/schemas/identity.js';
import type { SplitRule } from '../../../common/splits.js';
import { lastDayOf, wallTime } from '../../../common/venue-time.js';
import type { Db } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { Invalid, NotFound } from '../../errors.js';
import { batchedEventReader, EVENTS_AT } from '../../lib/batched-event-reads.js';
import { batchedReader } from '../../lib/batched-reads.js';
import { saleEndsAtSql } from '../../lib/on-sale-sql.js';
import { preparedSql } from '../../lib/prepared-sql.js';
import { artistImageUrlSql } from '../events/artist-image.js';
import { sellerTrustOf, UNKNOWN_SELLER } from '../identity/trust.js';
import { ratingJoinedOn } from '../reviews/ratings.js';
import { atOrBelowOriginalSql } from '../tickets/price-comparison.js';
import { splitAllowsSql } from '../tickets/splits.js';

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
  start_time: string | null;
  doors_time: string | null;
  venue_id: number;
  venue: string;
  city: string;
  street_address: string | null;
  region: string | null;
  postal_code: string | null;
  country: string;
  time_zone: string;
  lineup: { name: string; image: string | null }[] | null;
  offer_count: number;
  low_cents: number | null;
  high_cents: number | null;
  at_or_below_original: number;
  sections: string[] | null;
}

interface ListingRow {
  id: number;
  section: string;
  row: string;
  quantity: number;
  split_rule: SplitRule;
  ticket_type: 'digital' | 'paper';
  listing_price_cents: number;
  markup: number;
  buyer_pays_per_ticket_cents: number;
  face_value_cents: number;
  service_fee_cents: number;
  vs_original_key: number;
  event_id: number;
  current_viewer_id: number | null;
  lock_expires_at: string | null;
  editing_by: number | null;
  edit_expires_at: string | null;
  seller_id: number;
  username: string;
  average_rating: number | null;
  total_reviews: number;
  matching: number;
}

/** A listing a fan may buy: unsold and on sale (a held one is shown as held). */
const ON_SALE = sql`not t.sold and t.status = 'available'`;

/** The events of `ids` (the id list goes where IDS_SLOT is), each with its lineup, offers and sections. */
function eventsStatement(ids: SQL): SQL {
  return sql`select e.id, e.name, e.date::text as date, e.days_count, e.status, e.original_date::text as original_date,
      e.start_time::text as start_time, e.doors_time::text as doors_time, e.venue_id,
      v.name as venue, v.city, v.street_address, v.region, v.postal_code, v.country, v.time_zone, lineup.artists as lineup,
      offers.count as offer_count, offers.low_cents, offers.high_cents, offers.at_or_below_original,
      sections.names as sections
    from events e
    join venues v on v.id = e.venue_id
    left join lateral (
      select json_agg(json_build_object('name', a.name, 'image', ${artistImageUrlSql(sql`a.id`, sql`a.image_url`)})
        order by ea.position, a.id) as artists
      from event_artists ea join artists a on a.id = ea.artist_id where ea.event_id = e.id
    ) lineup on true
    left join lateral (
      select count(*)::int as count, min(t.buyer_pays_per_ticket_cents)::int as low_cents,
        max(t.buyer_pays_per_ticket_cents)::int as high_cents,
        (count(*) filter (where ${atOrBelowOriginalSql(sql`t.buyer_pays_per_ticket_cents`, sql`t.face_value_cents`, sql`t.service_fee_cents`)}))::int as at_or_below_original
      from tickets t where t.event_id = e.id and ${ON_SALE}
    ) offers on true
    left join lateral (
      select array_agg(s.section order by s.section) as names from (
        select distinct t.section from tickets t where t.event_id = e.id and ${ON_SALE}
        order by t.section limit ${EVENT_PAGE_MAX_SECTIONS}
      ) s
    ) sections on true
    where e.id = any(${ids})`;
}

/**
 * The columns a sort orders the listings named `t` by, before the id, each ascending (a descending order is
 * its negation, so one row comparison pages every sort): the price per ticket; the price, dearest first; the
 * section and then the price; the quantity, most first, and then the price (decision 0093); or the place
 * against the original price and then the price (decision 0083).
 */
function sortKeys(sort: EventPageSort, t: SQL): SQL[] {
  const price = sql`${t}.buyer_pays_per_ticket_cents`;
  switch (sort) {
    case 'price':
      return [price];
    case 'price_desc':
      return [sql`(-${price})`];
    case 'section':
      return [sql`${t}.section`, price];
    case 'quantity':
      return [sql`(-${t}.quantity)`, price];
    case 'vs_original':
      return [sql`${t}.vs_original_key`, price];
  }
}

/** The values of `sortKeys` for a listing row, as a cursor keeps them. */
function sortValues(sort: EventPageSort, row: ListingRow): (number | string)[] {
  const price = row.buyer_pays_per_ticket_cents;
  switch (sort) {
    case 'price':
      return [price];
    case 'price_desc':
      return [-price];
    case 'section':
      return [row.section, price];
    case 'quantity':
      return [-row.quantity, price];
    case 'vs_original':
      return [row.vs_original_key, price];
  }
}

/** The keyset of a page of listings: the last row's sort values and id. */
function encodeCursor(sort: EventPageSort, row: ListingRow): string {
  return Buffer.from(JSON.stringify([...sortValues(sort, row), row.id])).toString('base64url');
}

/**
 * The cursor's sort values and id, as many as `sort` has and of its kinds (the section is text, the rest
 * integers): a cursor of another sort is refused.
 */
function decodeCursor(cursor: string, sort: EventPageSort): (number | string)[] {
  const invalid = new Invalid(EVENT_PAGE_TEXT.cursorInvalid, { cursor: EVENT_PAGE_TEXT.cursorInvalid });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  const length = sortKeys(sort, sql``).length + 1;
  if (!Array.isArray(parsed) || parsed.length !== length) throw invalid;
  const kindsFit = parsed.every((value, index) =>
    sort === 'section' && index === 0 ? typeof value === 'string' : Number.isSafeInteger(value),
  );
  if (!kindsFit) throw invalid;
  return parsed as (number | string)[];
}

/** The filters' conditions on the listings named `t` of event `id`. */
function listingFilters(id: number, query: EventPageQuery, t: SQL): SQL {
  const filters: SQL[] = [sql`${t}.event_id = ${id}`, sql`not ${t}.sold and ${t}.status = 'available'`];
  // Listings that sell that many under their split rule (decision 0062).
  if (query.quantity !== undefined)
    filters.push(splitAllowsSql(sql`${t}.quantity`, sql`${t}.split_rule`, sql`${query.quantity}::int`));
  if (query.section !== undefined) filters.push(sql`${t}.section = ${query.section}`);
  if (query.delivery !== undefined) filters.push(sql`${t}.ticket_type = ${query.delivery}`);
  if (query.maxPrice !== undefined)
    filters.push(sql`${t}.buyer_pays_per_ticket_cents <= ${dollarsToCents(query.maxPrice)}`);
  if (query.verified !== undefined) filters.push(sql`${t}.seller_verified`);
  return sql.join(filters, sql` and `);
}

/**
 * A listing's columns, its seller and the seller's rating. The rating subquery names the listing by its
 * table ("tickets"), so the statements do too. Whether it is held is decided in code, against the clock.
 */
function listingSelect(db: Db): { columns: SQL; from: SQL } {
  const rating = ratingJoinedOn(db, tickets.sellerId);
  return {
    columns: sql`tickets.id, tickets.event_id, tickets.section, tickets.row, tickets.quantity, tickets.split_rule, tickets.ticket_type,
      tickets.listing_price_cents, tickets.markup, tickets.buyer_pays_per_ticket_cents, tickets.face_value_cents,
      tickets.service_fee_cents, tickets.vs_original_key, tickets.current_viewer_id, tickets.lock_expires_at::text as lock_expires_at, tickets.editing_by,
      tickets.edit_expires_at::text as edit_expires_at, u.id as seller_id, u.username,
      ${rating.averageRating} as average_rating, ${rating.totalReviews}::int as total_reviews`,
    from: sql`from ${tickets} join users u on u.id = tickets.seller_id left join lateral ${rating} on true`,
  };
}

/**
 * One event's listings that the filters match, after the cursor, in the sort's order (cheapest first by
 * default), with how many match.
 */
function filteredListingsStatement(db: Db, id: number, query: EventPageQuery): SQL {
  const t = sql.raw('tickets');
  const sort = query.sort ?? 'price';
  const keys = [...sortKeys(sort, t), sql`${t}.id`];
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, sort);
  const afterCursor = after
    ? sql`and (${sql.join(keys, sql`, `)}) > (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql``;
  const { columns, from } = listingSelect(db);
  return sql`select ${columns},
      (select count(*)::int from tickets m where ${listingFilters(id, query, sql.raw('m'))}) as matching
    ${from}
    where ${listingFilters(id, query, t)} ${afterCursor}
    order by ${sql.join(keys, sql`, `)}
    limit ${EVENT_PAGE_LISTINGS + 1}`;
}

/** The first page of listings of each event of `ids` (unfiltered): what almost every visit asks for. */
function firstPagesStatement(db: Db, ids: SQL): SQL {
  const { columns, from } = listingSelect(db);
  return sql`select * from (
      select ${columns},
        row_number() over (partition by tickets.event_id order by tickets.buyer_pays_per_ticket_cents, tickets.id) as place,
        (count(*) over (partition by tickets.event_id))::int as matching
      ${from}
      where tickets.event_id = any(${ids}) and not tickets.sold and tickets.status = 'available'
    ) page
    where page.place <= ${EVENT_PAGE_LISTINGS + 1}
    order by page.event_id, page.place`;
}

interface OtherShowRow {
  key: string;
  kind: 'tour' | 'venue';
  id: number;
  name: string;
  date: string;
  days_count: number;
  start_time: string | null;
  venue: string;
  city: string;
  time_zone: string;
}

/**
 * The headliner's and the venue's other shows still on sale at the instant asked, soonest first,
 * EVENT_PAGE_MORE_SHOWS of each (decision 0093), for each event of EVENTS_AT (the pages asked in one turn
 * read together). The venue's walk `events_venue_date_idx` from the earliest first day still on sale; the
 * headliner's read the events they are billed on (`event_artists_artist_idx`: a few dozen even for a long
 * tour) and keep those they head. A cancelled show is not offered.
 */
const moreShowsStatement = (() => {
  const columns = sql`e.id, e.name, e.date::text as date, e.days_count, e.start_time::text as start_time,
    v.name as venue, v.city, v.time_zone`;
  const upcoming = sql`e.id <> k.id and e.status <> 'cancelled' and e.date >= k.first_day
    and ${saleEndsAtSql(sql`e.date`, sql`e.days_count`, sql`v.time_zone`)} > k.now`;
  // A lineup's first artist (by position, then id, as the page lists it) is its headliner.
  const headlinerOf = (event: SQL) =>
    sql`(select h.artist_id from event_artists h where h.event_id = ${event} order by h.position, h.artist_id limit 1)`;
  return sql`select k.key, more.* from ${EVENTS_AT} cross join lateral (
      (select 'venue' as kind, ${columns} from events e join venues v on v.id = e.venue_id
        where e.venue_id = (select venue_id from events where id = k.id) and ${upcoming}
        order by e.date, e.id limit ${EVENT_PAGE_MORE_SHOWS})
      union all
      (select 'tour' as kind, ${columns} from event_artists ea
        join events e on e.id = ea.event_id join venues v on v.id = e.venue_id
        where ea.artist_id = ${headlinerOf(sql`k.id`)} and ${upcoming} and ${headlinerOf(sql`e.id`)} = ea.artist_id
        order by e.date, e.id limit ${EVENT_PAGE_MORE_SHOWS})
    ) more`;
})();

function otherShowOf(row: OtherShowRow): OtherShow {
  return {
    id: row.id,
    name: row.name,
    path: eventPath(row.id, row.name),
    date: row.date,
    daysCount: row.days_count,
    startTime: row.start_time === null ? null : wallTime(row.start_time),
    venue: row.venue,
    city: row.city,
    timeZone: row.time_zone,
  };
}

/** The page's other shows, linked whatever the show's own state: a past show's page leads to the next date. */
function moreShowsOf(event: EventRow, rows: OtherShowRow[]): EventPage['moreShows'] {
  return {
    headliner: event.lineup?.[0]?.name ?? null,
    tour: rows.filter((row) => row.kind === 'tour').map(otherShowOf),
    venue: rows.filter((row) => row.kind === 'venue').map(otherShowOf),
  };
}

/** The show's state as a fan reads it: cancelled, postponed, past, sold out or on sale. */
export function eventState(
  row: Pick<EventRow, 'status' | 'date' | 'days_count' | 'time_zone' | 'offer_count'>,
  now: Date,
): EventState {
  if (row.status === 'cancelled') return 'cancelled';
  if (!onSaleAt({ eventDate: row.date, daysCount: row.days_count, timeZone: row.time_zone }, now))
    return 'past';
  if (row.status === 'postponed') return 'postponed';
  return row.offer_count > 0 ? 'on_sale' : 'sold_out';
}

/** Held by a buyer at checkout or open in its seller's editor at `now` (a lapsed lock holds nothing). */
function heldAt(row: ListingRow, now: Date): boolean {
  const live = (holder: number | null, until: string | null) =>
    holder !== null && until !== null && new Date(until) > now;
  return live(row.current_viewer_id, row.lock_expires_at) || live(row.editing_by, row.edit_expires_at);
}

/** A listing as the page shows it, priced for the quantity the fan asked for (else the whole listing). */
function listingOf(
  row: ListingRow,
  now: Date,
  wanted: number | undefined,
  trust: Map<number, SellerTrust>,
): EventPageListing {
  const sale = saleBreakdown({
    perTicketCents: row.listing_price_cents,
    markupPercent: row.markup,
    quantity: wanted ?? row.quantity,
  });
  const original = originalPriceCents(row.face_value_cents, row.service_fee_cents);
  return {
    id: row.id,
    section: row.section,
    row: row.row,
    quantity: row.quantity,
    splitRule: row.split_rule,
    buyingQuantity: sale.quantity,
    ticketType: row.ticket_type,
    pricePerTicket: centsToDollars(sale.buyerPaysPerTicketCents),
    totalPrice: centsToDollars(sale.buyerPaysCents),
    originalPricePerTicket: centsToDollars(original),
    faceValuePerTicket: centsToDollars(row.face_value_cents),
    originalFeePerTicket: centsToDollars(row.service_fee_cents),
    priceComparison: comparePrice(sale.buyerPaysPerTicketCents, original),
    held: heldAt(row, now),
    seller: {
      id: row.seller_id,
      username: row.username,
      averageRating: row.average_rating === null ? null : Number(row.average_rating),
      totalReviews: row.total_reviews,
      trust: trust.get(row.seller_id) ?? UNKNOWN_SELLER,
    },
  };
}

const rowsOf = async <T>(db: Db, statement: SQL) =>
  ((await db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * Rows by event id, read in batches (decision 0047): the pages asked in one turn of the event loop cost one
 * statement, prepared once per connection (decision 0091: planning it took longer than running it), the
 * ids its one parameter.
 */
function rowsByEvent<T extends { id?: number; event_id?: number }>(
  db: Db,
  name: string,
  statement: (ids: SQL) => SQL,
  eventOf: (row: T) => number,
) {
  const read = preparedSql<T>(db, name, statement(sql`${sql.placeholder('ids')}::integer[]`));
  return batchedReader(async (ids: number[]) => {
    const byEvent = new Map<number, T[]>();
    for (const row of await read({ ids })) {
      const key = eventOf(row);
      byEvent.set(key, [...(byEvent.get(key) ?? []), row]);
    }
    return byEvent;
  });
}

/** What an event page is made from: the event, and its listings as the filters ask for them. */
export type EventPageLoader = (id: number, query: EventPageQuery, now: Date) => Promise<EventPage>;

/** The page of an event, or NotFound. A listing outside the catalog has no page (its event_id is null). */
export function eventPageLoader(db: Db): EventPageLoader {
  const readEvent = rowsByEvent<EventRow>(db, 'event_page_events', eventsStatement, (row) => row.id);
  const readFirstPage = rowsByEvent<ListingRow>(
    db,
    'event_page_first_listings',
    (ids) => firstPagesStatement(db, ids),
    (row) => row.event_id,
  );
  const readMoreShows = batchedEventReader<OtherShowRow>(db, 'event_page_more_shows', moreShowsStatement);
  return async (id, query, now) => {
    const unfiltered =
      query.quantity === undefined &&
      query.section === undefined &&
      query.delivery === undefined &&
      query.sort === undefined &&
      query.maxPrice === undefined &&
      query.verified === undefined &&
      !query.cursor;
    const [events, listings, otherShows] = await Promise.all([
      readEvent(id),
      unfiltered
        ? readFirstPage(id).then((rows) => rows ?? [])
        : rowsOf<ListingRow>(db, filteredListingsStatement(db, id, query)),
      readMoreShows(id, now),
    ]);
    const event = events?.[0];
    if (!event) throw new NotFound(EVENT_PAGE_TEXT.notFound);
    const shown = listings.slice(0, EVENT_PAGE_LISTINGS).map((row) => row.seller_id);
    const trust = await sellerTrustOf(db, shown, now);
    return pageOf(event, listings, now, query, trust, moreShowsOf(event, otherShows));
  };
}

/**
 * The page as a fan reads it. A show no longer on sale (decision 0071) offers nothing: its remaining listings
 * could not be held or bought, so the page lists none of them.
 */
function pageOf(
  event: EventRow,
  rows: ListingRow[],
  now: Date,
  query: EventPageQuery,
  trust: Map<number, SellerTrust>,
  moreShows: EventPage['moreShows'],
): EventPage {
  const state = eventState(event, now);
  const over = state === 'past';
  const listings = over ? [] : rows;
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
      startTime: event.start_time === null ? null : wallTime(event.start_time),
      doorsTime: event.doors_time === null ? null : wallTime(event.doors_time),
      venue: event.venue,
      city: event.city,
      address: {
        streetAddress: event.street_address,
        city: event.city,
        region: event.region,
        postalCode: event.postal_code,
        country: event.country,
      },
      timeZone: event.time_zone,
      state,
      lineup: event.lineup ?? [],
    },
    offers: {
      count: over ? 0 : event.offer_count,
      lowPrice: over || event.low_cents === null ? null : centsToDollars(event.low_cents),
      highPrice: over || event.high_cents === null ? null : centsToDollars(event.high_cents),
      atOrBelowOriginal: over ? 0 : event.at_or_below_original,
    },
    sections: over ? [] : (event.sections ?? []),
    listings: page.map((row) => listingOf(row, now, query.quantity, trust)),
    matching: listings[0]?.matching ?? 0,
    nextCursor:
      listings.length > EVENT_PAGE_LISTINGS && last ? encodeCursor(query.sort ?? 'price', last) : null,
    moreShows,
  };
}

/**
 * The page as a signed-in member sees it (issue 43, as the marketplace does): their own listings are
 * theirs, not for sale to them, and the ones they hold are theirs to continue. A member holds at most a few
 * tickets (decision 0031), so their holds are one small read.
 */
export async function seenBy(db: Db, page: EventPage, viewerId: number, now: Date): Promise<EventPage> {
  const holds = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.currentViewerId, viewerId), gt(tickets.lockExpiresAt, now)));
  const held = new Set(holds.map((hold) => hold.id));
  const yours = (listing: EventPageListing): EventPageListing => {
    if (listing.seller.id === viewerId) return { ...listing, yours: 'listing' };
    return held.has(listing.id) ? { ...listing, yours: 'hold' } : listing;
  };
  return { ...page, listings: page.listings.map(yours) };
}
