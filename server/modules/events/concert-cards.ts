import { sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money.js';
import type { ConcertSearchResult } from '../../../common/schemas/events.js';
import type { Db } from '../../db/client.js';
import { batchedReader } from '../../lib/batched-reads.js';
import { preparedSql } from '../../lib/prepared-sql.js';
import { artistImageUrlSql } from './artist-image.js';

/** An event as a concert search result is made from it (spec 000 §3 'Concert search result'). */
export interface ConcertRow {
  id: number;
  name: string;
  date: string;
  daysCount: number;
  venue: string;
  city: string;
  minAllInCents: number | null;
  minFaceValueCents: number | null;
  listingCount: number;
  artists: { name: string; image: string | null }[] | null;
}

/** The result's columns for events `e` (with their venue `v`): prices of listings on sale and the lineup in order. */
export const concertColumns = sql`e.id, e.name, e.date::text as date, e.days_count as "daysCount",
  v.name as venue, v.city,
  price.min_cents as "minAllInCents", price.min_face_cents as "minFaceValueCents",
  coalesce(price.listings, 0)::int as "listingCount",
  lineup.artists`;

/**
 * The lateral joins `concertColumns` reads, after `join venues v`. The prices are of the event's listings on
 * sale: neither sold nor withdrawn, cancelled or under review (an event the search shows has not passed).
 * "From" is the lowest all-in price per ticket, what a fan pays (decision 0073).
 */
export const concertJoins = sql`
  left join lateral (
    select min(t.buyer_pays_per_ticket_cents)::int as min_cents, min(t.face_value_cents)::int as min_face_cents,
      count(*)::int as listings
    from tickets t where t.event_id = e.id and not t.sold and t.status = 'available'
  ) price on true
  left join lateral (
    select json_agg(json_build_object('name', a.name, 'image', ${artistImageUrlSql(sql`a.id`, sql`a.image_url`)})
      order by ea.position, a.id) as artists
    from event_artists ea join artists a on a.id = ea.artist_id
    where ea.event_id = e.id
  ) lineup on true`;

export function concertResultOf(row: ConcertRow): ConcertSearchResult {
  const artists = row.artists ?? [];
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    daysCount: row.daysCount,
    venue: row.venue,
    city: row.city,
    // Integer cents in the database; the API speaks dollars (architecture: Money).
    minPrice: row.minAllInCents === null ? null : centsToDollars(row.minAllInCents),
    minFaceValue: row.minFaceValueCents === null ? null : centsToDollars(row.minFaceValueCents),
    listingCount: row.listingCount,
    image: artists.find((artist) => artist.image !== null)?.image ?? null,
    artists,
  };
}

/** A result with its event's search document's first day and sale end: null once it has none (cancelled). */
export interface ConcertCard {
  result: ConcertSearchResult;
  search: { date: string; endsAt: number } | null;
}

type CardRow = ConcertRow & { searchDate: string | null; searchEndsAt: number | string | null };

/**
 * Concert search results by event id, for the pages the in-memory index finds (decision 0049), with the
 * first day and sale end of each event's search document, so the page can be checked against the database
 * as it is now.
 * Read in batches: the results of every search in one turn cost one round trip (decision 0047), through one
 * statement prepared once per connection (decision 0091: planning it took longer than running it).
 */
export function concertCardsReader(db: Db) {
  const readCards = preparedSql<CardRow>(
    db,
    'concert_cards',
    sql`select ${concertColumns}, s.date::text as "searchDate",
    (extract(epoch from s.ends_at) * 1000)::float8 as "searchEndsAt"
    from events e
    join venues v on v.id = e.venue_id
    left join event_search s on s.event_id = e.id
    ${concertJoins}
    where e.id = any(${sql.placeholder('ids')}::integer[])`,
  );
  return batchedReader(async (ids: number[]) => {
    const rows = await readCards({ ids });
    return new Map(
      rows.map(({ searchDate, searchEndsAt, ...row }) => [
        row.id,
        {
          result: concertResultOf(row),
          search: searchDate === null ? null : { date: searchDate, endsAt: Number(searchEndsAt) },
        },
      ]),
    );
  });
}
export type ConcertCardsReader = ReturnType<typeof concertCardsReader>;
