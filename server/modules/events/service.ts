import { type SQL, sql } from 'drizzle-orm';
import { CONCERT_SEARCH_LIMIT, CONCERT_SEARCH_MIN_LENGTH } from '../../../common/constants.js';
import { CATALOG_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type { ArtistInfo, ConcertSearchResult } from '../../../common/schemas/events.js';
import { TEXT_LIMITS } from '../../../common/schemas/text.js';
import type { DbOrTx } from '../../db/client.js';
import { Invalid, NotFound } from '../../errors.js';
import { artistImageUrlSql, type DecodedImage, decodeDataUrl, imageVersionSql } from './artist-image.js';
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
  /** How many of the soonest documents each tier looks at before asking the whole table (tests shrink it). */
  nearestDocuments?: number;
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
      select json_agg(json_build_object('name', a.name, 'image', ${artistImageUrlSql(sql`a.id`, sql`a.image_url`)})
        order by ea.position, a.id) as artists
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

/** A ranking tier: a condition on event_search (alias s) and the tier's rank. */
interface Tier {
  rank: number;
  condition: SQL;
  /**
   * A condition that `condition` implies and an index answers: added to the whole-table query only, so
   * the planner finds the few candidates there (the soonest documents need no index).
   */
  indexed?: SQL;
}

/** The text each trigram index reads, as its expression (migration 0006) spells it. */
const TRIGRAM_FIELDS = {
  name: sql`s.name`,
  artists: sql`s.artists`,
  // event_search holds no line break inside a field and a query none at all (the route refuses control
  // characters), so joining venue and city with one matches either of them only.
  place: sql`(s.venue || E'\n' || s.city)`,
};
type TrigramField = keyof typeof TRIGRAM_FIELDS;

const fieldLike = (field: TrigramField, pattern: string) => sql`${TRIGRAM_FIELDS[field]} like ${pattern}`;

/**
 * The field contains a LIKE pattern, read as its trigram index reads it: spaces as 'q' in both, so a
 * phrase's trigrams include those that span its words (decision 0022). Implied by `fieldLike`.
 */
function joinedLike(field: TrigramField, pattern: string): SQL {
  return sql`replace(${TRIGRAM_FIELDS[field]}, ' ', 'q') like ${pattern.replaceAll(' ', 'q')}`;
}

/** A tier of one field containing a pattern (and `also`), found through the field's trigram index. */
const containsTier = (rank: number, field: TrigramField, pattern: string, also?: SQL): Tier => ({
  rank,
  condition: also ? sql`${fieldLike(field, pattern)} and ${also}` : fieldLike(field, pattern),
  indexed: joinedLike(field, pattern),
});

/**
 * The name has every word of `text` as a word of its own (event_search.words, split the same way by the
 * database). A whole-word match implies it: the words inside it are bounded on both sides.
 */
function nameHasWordsOf(text: string): SQL {
  return sql`s.words @> array_remove(regexp_split_to_array(${text}, '[^[:alnum:]]+'), '')`;
}

/**
 * A tier of names holding `text` as a whole word or words (and `also`). One word is found through the
 * word index; several through the phrase's trigrams, which also see that the words are adjacent. Never
 * both: the planner would multiply their selectivities as if independent and trust a bitmap of a common
 * word over the date walk (decision 0022).
 */
function wholeWordTier(rank: number, text: string, also?: SQL): Tier {
  const term = searchTerm(text);
  const wholeWord = sql`s.name like ${term.contains} and s.name ~ ${term.wholeWord}`;
  return {
    rank,
    condition: also ? sql`${wholeWord} and ${also}` : wholeWord,
    indexed: queryWords(text).length > 1 ? joinedLike('name', term.contains) : nameHasWordsOf(term.text),
  };
}

/**
 * The tiers of the full query (spec 000 §7): exact name > artist > name prefix > whole word > first
 * word > contains, each a condition on one event_search row. A venue or city match ranks with the
 * contains tier, or with the first-word tier when the name starts with the query's first word.
 */
function queryTiers(text: string): Tier[] {
  const term = searchTerm(text);
  const firstWord = sql`s.name like ${term.firstWordPrefix} and s.name ~ ${term.firstWord}`;
  return [
    { rank: 0, condition: sql`s.name = ${term.text}` },
    containsTier(1, 'artists', term.contains),
    { rank: 2, condition: sql`s.name like ${term.prefix}` },
    wholeWordTier(3, text),
    // For a one-word query a first-word match is a prefix match, already ranked above.
    ...(queryWords(text).length > 1
      ? [
          containsTier(4, 'name', term.contains, firstWord),
          containsTier(4, 'place', term.contains, firstWord),
        ]
      : []),
    containsTier(5, 'name', term.contains),
    containsTier(5, 'place', term.contains),
  ];
}

/**
 * The fallback's tiers (spec 000 §7): the events whose name or lineup contains the first word, ranked
 * for the first word, each also required to have every other word of the query in its name or lineup.
 */
function fallbackTiers(first: string, words: string[]): Tier[] {
  const term = searchTerm(first);
  // Distinct words only: a repeated word adds no condition, only work (at most searchWords - 1 remain).
  const required = [...new Set(words)]
    .filter((word) => word !== first)
    .map((word) => {
      const pattern = `%${escapeLike(word)}%`;
      return sql`(${fieldLike('name', pattern)} or ${fieldLike('artists', pattern)})`;
    });
  const also = required.length > 0 ? sql.join(required, sql` and `) : undefined;
  const all = (condition: SQL) => (also ? sql`${condition} and ${also}` : condition);
  return [
    { rank: 0, condition: all(sql`s.name = ${term.text}`) },
    containsTier(1, 'artists', term.contains, also),
    { rank: 2, condition: all(sql`s.name like ${term.prefix}`) },
    wholeWordTier(3, first, also),
    containsTier(5, 'name', term.contains, also),
  ];
}

/** How many of the soonest upcoming documents every tier looks at first (one index-only walk, shared). */
const NEAREST_DOCUMENTS = 4_000;

interface PageBounds {
  fromDate: string;
  limit: number;
  nearest: number;
}

/**
 * The ranked page for some tiers. Each tier needs its first `limit` upcoming events by date. It
 * looks first among the soonest `nearest` documents, read once for all tiers from the
 * (date, event_id) index, whose entries carry the text: a common term finds its `limit` there at a
 * bounded cost, whatever the planner would have estimated for it. Only a tier that finds fewer (a
 * rarer term) asks the whole table, where the planner takes the few matches from the trigram, word or
 * name btree indexes and sorts them. An event keeps its best tier. An event of the overall top `limit`
 * is among the first `limit` of its own tier, so the union holds the exact answer without ranking
 * every match.
 */
function rankedPage(tiers: Tier[], { fromDate, limit, nearest }: PageBounds): SQL {
  const ctes = tiers.map(({ rank, condition, indexed }, index) => {
    const near = sql.raw(`near_${index}`);
    return sql`${near} as (
      select s.event_id as id, s.date, ${rank}::int as tier from nearest s
      where ${condition} order by s.date, s.event_id limit ${limit}),
    ${sql.raw(`tier_${index}`)} as (
      select * from ${near}
      union all
      (select s.event_id, s.date, ${rank}::int from event_search s
        where ${condition}${indexed ? sql` and ${indexed}` : sql``} and s.date >= ${fromDate}
          and (select count(*) from ${near}) < ${limit} and (select count(*) from nearest) = ${nearest}
        order by s.date, s.event_id limit ${limit}))`;
  });
  const hits = tiers.map((_, index) => sql`select * from ${sql.raw(`tier_${index}`)}`);
  return sql`
    nearest as materialized (
      select s.event_id, s.date, s.name, s.artists, s.venue, s.city from event_search s
      where s.date >= ${fromDate} order by s.date, s.event_id limit ${nearest}),
    ${sql.join(ctes, sql`, `)},
    hits as (${sql.join(hits, sql` union all `)}),
    page as (
      select e.id, e.name, e.date, e.days_count, e.venue_id, best.tier
      from (select h.id, min(h.tier) as tier from hits h group by h.id) best
      join events e on e.id = best.id
      order by best.tier, e.date, e.id
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
  const bounds = {
    fromDate: options.fromDate ?? todayUtc(),
    limit: options.limit ?? CONCERT_SEARCH_LIMIT,
    nearest: options.nearestDocuments ?? NEAREST_DOCUMENTS,
  };
  const results = await concertPage(db, rankedPage(queryTiers(text), bounds));
  if (results.length > 0) return results;
  const first = fallbackWord(text, CONCERT_SEARCH_MIN_LENGTH);
  if (first === null) return results;
  return concertPage(db, rankedPage(fallbackTiers(first, queryWords(text)), bounds));
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
    select a.name, a.info_url as url, ${artistImageUrlSql(sql`a.id`, sql`a.image_url`)} as image, a.genres
    from best b join artists a on a.id = b.artist_id
    order by b.tier, b.position, b.score desc, a.name
    limit ${ARTIST_INFO_LIMIT}`,
  );
  return rows.map((row) => ({ name: row.name, url: row.url, image: row.image, genres: row.genres }));
}

export interface ArtistImage extends DecodedImage {
  version: string;
}

/** An artist image stored in the catalog itself (a data: URL), decoded; NotFound for any other artist. */
export async function artistImage(db: DbOrTx, artistId: number): Promise<ArtistImage> {
  const [row] = await rowsOf<{ image: string; version: string }>(
    db,
    sql`select image_url as image, ${imageVersionSql(sql`image_url`)} as version
      from artists where id = ${artistId} and image_url like 'data:%'`,
  );
  const decoded = row ? decodeDataUrl(row.image) : null;
  if (!row || !decoded) throw new NotFound(CATALOG_TEXT.artistImageNotFound);
  return { ...decoded, version: row.version };
}
