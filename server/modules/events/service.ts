import { type SQL, sql } from 'drizzle-orm';
import { CONCERT_SEARCH_LIMIT, CONCERT_SEARCH_MIN_LENGTH } from '../../../common/constants.js';
import { CATALOG_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type { ArtistInfo, ConcertSearchResult } from '../../../common/schemas/events.js';
import { TEXT_LIMITS } from '../../../common/schemas/text.js';
import type { DbOrTx } from '../../db/client.js';
import { Invalid } from '../../errors.js';
import { artistNameOf, escapeLike, fallbackWord, queryWords, searchTerm } from './search-terms.js';

interface ConcertRow {
  id: number;
  name: string;
  date: string;
  daysCount: number;
  venue: string;
  city: string;
  minFaceValueCents: number | null;
  listingCount: number;
  artists: { name: string; image: string | null }[] | null;
}

export interface ConcertSearchOptions {
  /** The first date (yyyy-MM-dd) a result may have; today in UTC when not given. */
  fromDate?: string;
  limit?: number;
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs `ctes`, which must define `page` (id, name, date, days_count, venue_id, tier: at most
 * one page of events), and adds venue, prices and lineup to those events only.
 */
async function concertPage(db: DbOrTx, ctes: SQL): Promise<ConcertSearchResult[]> {
  const rows = await rowsOf<ConcertRow>(
    db,
    sql`
    with ${ctes}
    select e.id, e.name, e.date::text as date, e.days_count as "daysCount",
      v.name as venue, v.city,
      price.min_cents as "minFaceValueCents", coalesce(price.listings, 0)::int as "listingCount",
      lineup.artists
    from page e
    join venues v on v.id = e.venue_id
    left join lateral (
      select min(t.face_value_cents)::int as min_cents, count(*)::int as listings
      from tickets t where t.event_id = e.id and not t.sold
    ) price on true
    left join lateral (
      select json_agg(json_build_object('name', a.name, 'image', a.image_url) order by ea.position, a.id) as artists
      from event_artists ea join artists a on a.id = ea.artist_id
      where ea.event_id = e.id
    ) lineup on true
    order by e.tier, e.date, e.id`,
  );
  return rows.map((row) => {
    const artists = row.artists ?? [];
    return {
      id: row.id,
      name: row.name,
      date: row.date,
      daysCount: row.daysCount,
      venue: row.venue,
      city: row.city,
      // Integer cents in the database; the API speaks dollars (architecture: Money).
      minPrice: row.minFaceValueCents === null ? null : centsToDollars(row.minFaceValueCents),
      listingCount: row.listingCount,
      image: artists.find((artist) => artist.image !== null)?.image ?? null,
      artists,
    };
  });
}

/**
 * The ranked search for the full query. Each relevance tier is its own small query returning
 * the tier's first `limit` upcoming events by date through an index: a btree range on
 * lower(name) for exact and prefix matches, pg_trgm GIN for substrings, event_artists and
 * (venue_id, date) for artist and venue matches, or the date index when a term is so common
 * that walking events in date order finds `limit` of them first. An event keeps its best
 * tier. An event of the overall top `limit` is among the first `limit` of its own tier, so
 * the union holds the exact answer without ranking every match.
 */
function tieredSearch(text: string, fromDate: string, limit: number): SQL {
  const term = searchTerm(text);
  const tier = (rank: number, condition: SQL) => sql`(
    select e.id, ${rank}::int as tier from events e
    where ${condition} and e.date >= ${fromDate}
    order by e.date, e.id limit ${limit})`;
  const nameContains = sql`lower(e.name) like ${term.contains}`;
  const byArtist = sql`e.id in (
    select ea.event_id from event_artists ea join matched_artists ma on ma.id = ea.artist_id)`;
  const byVenue = sql`e.venue_id in (select id from matched_venues)`;
  const firstWord = sql`lower(e.name) like ${term.firstWordPrefix} and lower(e.name) ~ ${term.firstWord}`;
  const tiers = [
    tier(0, sql`lower(e.name) = ${term.text}`),
    tier(1, byArtist),
    tier(2, sql`lower(e.name) like ${term.prefix}`),
    tier(3, sql`${nameContains} and lower(e.name) ~ ${term.wholeWord}`),
    // For a one-word query a first-word match is a prefix match, already ranked above.
    ...(queryWords(text).length > 1
      ? [tier(4, sql`${nameContains} and ${firstWord}`), tier(4, sql`${byVenue} and ${firstWord}`)]
      : []),
    tier(5, nameContains),
    tier(5, byVenue),
  ];
  return sql`
    matched_artists as materialized (
      select id from artists where lower(name) like ${term.contains}
    ),
    matched_venues as materialized (
      select id from venues where lower(name) like ${term.contains} or lower(city) like ${term.contains}
    ),
    hits as (${sql.join(tiers, sql` union all `)}),
    page as (
      select e.id, e.name, e.date, e.days_count, e.venue_id, best.tier
      from (select h.id, min(h.tier) as tier from hits h group by h.id) best
      join events e on e.id = best.id
      order by best.tier, e.date, e.id
      limit ${limit}
    )`;
}

/**
 * The fallback search (spec 000 §7): the events found for the first word (by name or
 * artist), kept when their name or lineup contains every other word of the query too, and
 * ranked for the first word. Only the first word's matches are ranked, in one pass.
 */
function fallbackSearch(first: string, words: string[], fromDate: string, limit: number): SQL {
  const term = searchTerm(first);
  // Distinct words only: a repeated word adds no condition, only work (at most searchWords - 1 remain).
  const others = [...new Set(words)].filter((word) => word !== first).map((word) => `%${escapeLike(word)}%`);
  // Each other word: the events of artists containing it, looked up once (not per event).
  const wordEvents = others.map(
    (pattern, index) => sql`${sql.raw(`word_events_${index}`)} as materialized (
      select ea.event_id from artists a join event_artists ea on ea.artist_id = a.id
      where lower(a.name) like ${pattern}
    ),`,
  );
  const required = others.map(
    (pattern, index) =>
      sql` and (lower(e.name) like ${pattern} or e.id in (select event_id from ${sql.raw(`word_events_${index}`)}))`,
  );
  return sql`
    ${sql.join(wordEvents)}
    matched_artists as materialized (
      select id from artists where lower(name) like ${term.contains}
    ),
    found as (
      select e.id, e.name, e.date, e.days_count, e.venue_id from events e
      where lower(e.name) like ${term.contains} and e.date >= ${fromDate}
      union
      select e.id, e.name, e.date, e.days_count, e.venue_id
      from matched_artists ma
      join event_artists ea on ea.artist_id = ma.id
      join events e on e.id = ea.event_id
      where e.date >= ${fromDate}
    ),
    page as (
      select e.id, e.name, e.date, e.days_count, e.venue_id,
        case
          when lower(e.name) = ${term.text} then 0
          when exists (
            select 1 from event_artists ea join matched_artists ma on ma.id = ea.artist_id
            where ea.event_id = e.id
          ) then 1
          when lower(e.name) like ${term.prefix} then 2
          when lower(e.name) ~ ${term.wholeWord} then 3
          else 5
        end as tier
      from found e
      where true${sql.join(required)}
      order by tier, e.date, e.id
      limit ${limit}
    )`;
}

/**
 * Concert search (spec 000 §7): upcoming events whose name, artist, venue or city contains
 * the query, ranked exact name > artist > name prefix > whole word > first word, then by
 * date. With no result, a query of several words is retried with its first word, keeping
 * only events whose name or artists contain every word of the query.
 */
export async function searchConcerts(
  db: DbOrTx,
  query: string,
  options: ConcertSearchOptions = {},
): Promise<ConcertSearchResult[]> {
  const text = query.trim();
  // The route's schema refuses these already; any other caller is held to the same bound before any SQL.
  if (text.length > TEXT_LIMITS.searchQuery || queryWords(text).length > TEXT_LIMITS.searchWords)
    throw new Invalid(CATALOG_TEXT.searchTooLong);
  const fromDate = options.fromDate ?? todayUtc();
  const limit = options.limit ?? CONCERT_SEARCH_LIMIT;
  const results = await concertPage(db, tieredSearch(text, fromDate, limit));
  if (results.length > 0) return results;
  const first = fallbackWord(text, CONCERT_SEARCH_MIN_LENGTH);
  if (first === null) return results;
  return concertPage(db, fallbackSearch(first, queryWords(text), fromDate, limit));
}

const ARTIST_INFO_LIMIT = 10;

interface ArtistRow {
  name: string;
  url: string | null;
  image: string | null;
  genres: string[];
}

/**
 * Artist info (spec 000 §7): the name is cut at ' at ' or ' @ '. The exact (case-insensitive)
 * artist comes first, then the lineup of an event with that very name (the client sends event
 * names), then artists whose names are trigram-similar. An empty list when nothing matches.
 */
export async function findArtistInfo(db: DbOrTx, rawName: string): Promise<ArtistInfo[]> {
  const name = artistNameOf(rawName).toLowerCase();
  if (name === '') return [];
  const rows = await rowsOf<ArtistRow>(
    db,
    sql`
    with matches as (
      select id as artist_id, 0 as tier, 0 as position, 1::real as score
      from artists where lower(name) = ${name}
      union all
      select ea.artist_id, 1, ea.position, 0
      from events e join event_artists ea on ea.event_id = e.id
      where lower(e.name) = ${name}
      union all
      select id, 2, 0, similarity(lower(name), ${name})
      from artists where lower(name) % ${name}
    ),
    best as (
      select distinct on (artist_id) artist_id, tier, position, score
      from matches order by artist_id, tier, position, score desc
    )
    select a.name, a.info_url as url, a.image_url as image, a.genres
    from best b join artists a on a.id = b.artist_id
    order by b.tier, b.position, b.score desc, a.name
    limit ${ARTIST_INFO_LIMIT}`,
  );
  return rows.map((row) => ({ name: row.name, url: row.url, image: row.image, genres: row.genres }));
}
