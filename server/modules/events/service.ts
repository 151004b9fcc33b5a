import { type SQL, sql } from 'drizzle-orm';
import { CONCERT_SEARCH_LIMIT, CONCERT_SEARCH_MIN_LENGTH } from '../../../common/constants.js';
import { CATALOG_TEXT } from '../../../common/messages.js';
import { earliestListingDateOnSale } from '../../../common/on-sale.js';
import type { ArtistInfo, ConcertSearchResult } from '../../../common/schemas/events.js';
import { TEXT_LIMITS } from '../../../common/schemas/text.js';
import type { DbOrTx } from '../../db/client.js';
import { Invalid, NotFound } from '../../errors.js';
import { escapeLike } from '../../lib/like-patterns.js';
import { searchDocumentOnSaleSql } from '../../lib/on-sale-sql.js';
import { artistImageUrlSql, type DecodedImage, decodeDataUrl, imageVersionSql } from './artist-image.js';
import {
  type ConcertCardsReader,
  type ConcertRow,
  concertColumns,
  concertJoins,
  concertResultOf,
} from './concert-cards.js';
import { type ConcertIndex, onSaleIn, saleWindowAt } from './concert-index.js';
import { indexFallbackTiers, indexQueryTiers, indexTypoTiers } from './concert-index-tiers.js';
import { artistNameOf, fallbackWord, queryWords, searchTerm } from './search-terms.js';
import { correctedQueries } from './search-typos.js';

/** The in-memory index of the search documents and the reader of a page's results by id that goes with it. */
export interface IndexedConcertSearch {
  index: ConcertIndex;
  readCard: ConcertCardsReader;
}

export interface ConcertSearchOptions {
  /** The instant a result must still be on sale at (decision 0071); the time of the call when not given. */
  now?: Date;
  limit?: number;
  /** How many of the soonest documents each tier looks at before asking the whole table (tests shrink it). */
  nearestDocuments?: number;
  /** How many matches of a shared condition are few enough to be read once for several tiers (tests shrink it). */
  sharedCandidates?: number;
  /** The in-memory index (decision 0049), which ranks instead of the SQL when given. */
  indexed?: IndexedConcertSearch | null;
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
    select ${concertColumns}
    from page e
    join venues v on v.id = e.venue_id
    ${concertJoins}
    order by e.tier, e.date, e.id`,
  );
  return rows.map(concertResultOf);
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
  /**
   * A condition that `condition` implies and other tiers of the same page share (the very same object):
   * its matches are read once for all of them, and while they are few each tier takes its events from
   * them instead of scanning the same index again (decision 0024).
   */
  shared?: SharedCondition;
  /**
   * The tier's events are exactly the events of the artists or venues whose folded name contains this
   * pattern: those few rows are found first (their own trigram index, in the soonest documents' pass),
   * and the tier then reads their events by id instead of scanning event_search's text (decision 0040).
   */
  via?: { source: 'artists' | 'venues'; pattern: string };
}

interface SharedCondition {
  /** As an index reads it: how its matches are found in the whole table. */
  indexed: SQL;
  /** The same test on a row's own text: cheaper where every row is read anyway (the soonest documents). */
  row: SQL;
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

/** How many characters on either side of a space make one of a phrase's windows (decision 0024). */
const PHRASE_WINDOW_SIDE = 3;

/**
 * The field contains `text` (lower-cased, as typed), read as its trigram index reads it: spaces as 'q'
 * in both, so that trigrams span words (decision 0022). A phrase is asked for by the windows around its
 * spaces only, a few characters either side: substrings of it, so still implied by the field containing
 * it, and with far fewer trigrams than the whole phrase, most of them those that span two words, which
 * are the rare ones. The index then reads a few short posting lists instead of every word's (decision
 * 0024); `fieldLike` on the real text decides.
 */
function joinedLike(field: TrigramField, text: string): SQL {
  // By code point, so that a window never splits a character the database would then not find.
  const characters = [...text];
  const joined = characters.map((character) => (character === ' ' ? 'q' : character));
  const spaces = characters.flatMap((character, index) => (character === ' ' ? [index] : []));
  const window = (index: number) =>
    joined.slice(Math.max(0, index - PHRASE_WINDOW_SIDE), index + PHRASE_WINDOW_SIDE + 1).join('');
  const parts = spaces.length === 0 ? [joined.join('')] : spaces.map(window);
  const indexedText = sql`replace(${TRIGRAM_FIELDS[field]}, ' ', 'q')`;
  return sql.join(
    parts.map((part) => sql`${indexedText} like ${`%${escapeLike(part)}%`}`),
    sql` and `,
  );
}

/** A tier of one field containing `text` (and `also`), found through the field's trigram index. */
const containsTier = (rank: number, field: TrigramField, text: string, also?: SQL): Tier => {
  const contains = fieldLike(field, `%${escapeLike(text)}%`);
  return {
    rank,
    condition: also ? sql`${contains} and ${also}` : contains,
    indexed: joinedLike(field, text),
  };
};

/**
 * A tier of lineups containing `text`. The lineup is its artists' folded names, and a query holds no line
 * break, so it contains `text` exactly when one of its artists' names does: the few artists are found
 * through their own name's trigram index, then their events through the lineup's artist index, instead
 * of reading the long posting lists of every lineup (decisions 0024, 0040).
 */
const lineupTier = (rank: number, text: string): Tier => ({
  rank,
  condition: fieldLike('artists', `%${escapeLike(text)}%`),
  indexed: joinedLike('artists', text),
  via: { source: 'artists', pattern: `%${escapeLike(text)}%` },
});

/** A tier of venues or cities containing `text`: the events of the few venues that match (decision 0040). */
const placeTier = (rank: number, text: string): Tier => ({
  ...containsTier(rank, 'place', text),
  via: { source: 'venues', pattern: `%${escapeLike(text)}%` },
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
    indexed: queryWords(text).length > 1 ? joinedLike('name', term.text) : nameHasWordsOf(term.text),
  };
}

/**
 * The tiers of the full query (spec 000 §7): exact name > artist > name prefix > whole word > first
 * word > contains, each a condition on one event_search row. A venue or city match ranks with the
 * contains tier, or with the first-word tier when the name starts with the query's first word.
 */
function queryTiers(text: string): Tier[] {
  const term = searchTerm(text);
  const byName = [
    { rank: 0, condition: sql`s.name = ${term.text}` },
    lineupTier(1, term.text),
    { rank: 2, condition: sql`s.name like ${term.prefix}` },
  ];
  // For a one-word query a first-word match is a prefix match, already ranked above.
  if (queryWords(text).length === 1)
    return [...byName, wholeWordTier(3, text), containsTier(5, 'name', term.text), placeTier(5, term.text)];
  // Several words: the whole-word, first-word and contains tiers all need the phrase in the name, and
  // the two place tiers the phrase in the venue or city.
  const firstWord = sql`s.name like ${term.firstWordPrefix} and s.name ~ ${term.firstWord}`;
  const phrase = (field: TrigramField): SharedCondition => ({
    indexed: joinedLike(field, term.text),
    row: fieldLike(field, term.contains),
  });
  const namePhrase = phrase('name');
  const placePhrase = phrase('place');
  const sharing = (shared: SharedCondition, tier: Tier): Tier => ({ ...tier, shared });
  return [
    ...byName,
    sharing(namePhrase, wholeWordTier(3, text)),
    sharing(namePhrase, containsTier(4, 'name', term.text, firstWord)),
    sharing(placePhrase, containsTier(4, 'place', term.text, firstWord)),
    sharing(namePhrase, containsTier(5, 'name', term.text)),
    sharing(placePhrase, placeTier(5, term.text)),
  ];
}

/** Where the tiers of a corrected query start: below every tier of the query as typed (decision 0040). */
const TYPO_RANK = 10;

/** A query with a one-letter slip corrected: its lineup, name and place matches, below every exact match. */
function typoTiers(corrected: string): Tier[] {
  return [
    lineupTier(TYPO_RANK, corrected),
    containsTier(TYPO_RANK + 1, 'name', corrected),
    placeTier(TYPO_RANK + 2, corrected),
  ];
}

/**
 * The name and the lineup as one text, as the fallback's trigram index reads it (migration 0009). A
 * query word holds no white space, so it stands in the joined text exactly where it stands in the name
 * or in the lineup: never across the line break between them.
 */
const NAME_AND_LINEUP = sql`(s.name || E'\n' || s.artists)`;

/**
 * The fallback's tiers (spec 000 §7): the events whose name or lineup contains the first word, ranked
 * for the first word, each also required to have every other word of the query in its name or lineup.
 * Those tiers share the events holding every word (decision 0024): the first word alone is common where
 * the fallback is slow, the words together are rare.
 */
function fallbackTiers(first: string, words: string[]): Tier[] {
  const term = searchTerm(first);
  // Distinct words only: a repeated word adds no condition, only work (at most searchWords - 1 remain).
  const pattern = (word: string) => `%${escapeLike(word)}%`;
  // The joined text lets the planner combine these with the fallback's index; each field alone is
  // cheaper on rows read anyway.
  const inJoinedText = (word: string) => sql`${NAME_AND_LINEUP} like ${pattern(word)}`;
  const inNameOrLineup = (word: string) =>
    sql`(${fieldLike('name', pattern(word))} or ${fieldLike('artists', pattern(word))})`;
  const others = [...new Set(words)].filter((word) => word !== first);
  const every = (test: (word: string) => SQL, list: string[]) => sql.join(list.map(test), sql` and `);
  const also = others.length > 0 ? every(inJoinedText, others) : undefined;
  const all = (condition: SQL) => (also ? sql`${condition} and ${also}` : condition);
  const everyWord: SharedCondition = {
    indexed: every(inJoinedText, [first, ...others]),
    row: every(inNameOrLineup, [first, ...others]),
  };
  const sharing = (tier: Tier): Tier => ({ ...tier, shared: everyWord });
  return [
    { rank: 0, condition: all(sql`s.name = ${term.text}`) },
    sharing(containsTier(1, 'artists', term.text, also)),
    { rank: 2, condition: all(sql`s.name like ${term.prefix}`) },
    sharing(wholeWordTier(3, first, also)),
    sharing(containsTier(5, 'name', term.text, also)),
  ];
}

/** How many of the soonest upcoming documents every tier looks at first (one index-only walk, shared). */
const NEAREST_DOCUMENTS = 4_000;

/** Up to how many matches of a shared condition are read once for the tiers that share it. */
const SHARED_CANDIDATES = 1_000;
interface PageBounds {
  now: Date;
  limit: number;
  nearest: number;
  shared: number;
}

/** What the soonest documents say about the tiers, read in one pass. */
interface NearestPass {
  /** How many documents the window held: fewer than asked means it holds every upcoming event. */
  documents: number;
  /** event_search's size as the planner last counted it (pg_class.reltuples; -1 before any count). */
  catalogRows: number;
  /** Each tier's first `limit` events in the window, by date. */
  tierEvents: number[][];
  /** Each shared condition's matches in the window. */
  sampled: number[];
  /** For each tier with `via`, the ids of its artists or venues (at most VIA_ROWS + 1); else null. */
  via: (number[] | null)[];
}

const column = (prefix: 'tier' | 'sampled' | 'via', index: number) => sql.raw(`"${prefix}${index}"`);

/**
 * Up to how many artists or venues a tier's events are read through by id; beyond that the term is common
 * among them and the tier reads event_search's own index.
 */
const VIA_ROWS = 50;

/** The ids of the artists or venues whose folded name (a venue's with its city) contains the pattern. */
function viaIds({ source, pattern }: NonNullable<Tier['via']>): SQL {
  const rows =
    source === 'artists'
      ? sql`select a.id from artists a where a.search_name like ${pattern}`
      : sql`select v.id from venues v where v.search_place like ${pattern}`;
  return sql`array(${rows} limit ${VIA_ROWS + 1})`;
}

/**
 * One index-only walk of the soonest `nearest` documents ((date, event_id) index, whose entries carry the
 * text), and every tier's first `limit` events among them and every shared condition's count, in one
 * pass: a common term finds its events there at a bounded cost, whatever the planner would estimate.
 */
async function readNearest(
  db: DbOrTx,
  tiers: Tier[],
  sharedConditions: SharedCondition[],
  { now, limit, nearest }: PageBounds,
): Promise<NearestPass> {
  const tierColumns = tiers.map(
    ({ condition }, index) =>
      sql`coalesce((array_agg(s.event_id order by s.date, s.event_id) filter (where ${condition}))[1:${limit}], '{}') as ${column('tier', index)}`,
  );
  const sampledColumns = sharedConditions.map(
    (condition, index) => sql`count(*) filter (where ${condition.row})::int as ${column('sampled', index)}`,
  );
  const viaColumns = tiers.flatMap(({ via }, index) =>
    via ? [sql`(${viaIds(via)}) as ${column('via', index)}`] : [],
  );
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select count(*)::int as documents,
      (select reltuples from pg_class where oid = 'event_search'::regclass)::float8 as "catalogRows",
      ${sql.join([...tierColumns, ...sampledColumns, ...viaColumns], sql`, `)}
    from (select s.event_id, s.date, s.name, s.artists, s.venue, s.city from event_search s
      where ${searchDocumentOnSaleSql(now)} order by s.date, s.event_id limit ${nearest}) s`,
  );
  return {
    documents: Number(row?.documents ?? 0),
    catalogRows: Number(row?.catalogRows ?? -1),
    tierEvents: tiers.map((_, index) => (row?.[`tier${index}`] as number[] | undefined) ?? []),
    sampled: sharedConditions.map((_, index) => Number(row?.[`sampled${index}`] ?? 0)),
    via: tiers.map(({ via }, index) => (via ? ((row?.[`via${index}`] as number[] | undefined) ?? []) : null)),
  };
}

/**
 * The ranked page for some tiers, as the CTEs `concertPage` runs. Each tier needs its first `limit`
 * upcoming events by date, and takes them from the soonest documents (`readNearest`, a statement of its
 * own). Only a tier that finds fewer there (a rarer term) looks further, in the page's statement, which
 * holds only the tiers that need it: less SQL to plan (decision 0027). A tier whose shared
 * condition is rare (its matches among the soonest documents, a sample of the catalog, scaled to the
 * table, come to at most `shared`, and so do its matches in the table) takes its events from those
 * matches, read once for every tier that shares it (decision 0024). Any other asks the whole table,
 * where the planner takes the few matches from the trigram, word or name btree indexes and sorts them.
 * An event keeps its best tier. An event of the overall top `limit` is among the first `limit` of its own
 * tier, so the union holds the exact answer without ranking every match.
 */
async function rankedPage(db: DbOrTx, tiers: Tier[], bounds: PageBounds): Promise<SQL> {
  const { now, limit, nearest, shared } = bounds;
  const onSale = searchDocumentOnSaleSql(now);
  const sharedConditions = [...new Set(tiers.flatMap((tier) => (tier.shared ? [tier.shared] : [])))];
  const pass = await readNearest(db, tiers, sharedConditions, bounds);
  // Fewer documents than asked: the window held every upcoming event, and each tier found all it has.
  const windowFull = pass.documents === nearest;
  // The soonest documents are a sample of the catalog (dates do not depend on names): a condition is
  // rare when its matches there, scaled to the table's size, come to at most `shared`. Unlike the
  // planner's estimate, the sample sees words that go together.
  const looksRare = (condition: SharedCondition) =>
    (pass.sampled[sharedConditions.indexOf(condition)] ?? 0) * pass.catalogRows <= shared * nearest;
  // A tier looks further only when the window was full, it found fewer than `limit` there, it can match
  // at all (a tier through artists or venues none of which match cannot), and the better tiers did not
  // already fill the page among the soonest documents (then none of its events could be shown).
  const betterFound = (rank: number) =>
    new Set(tiers.flatMap((tier, index) => (tier.rank < rank ? (pass.tierEvents[index] ?? []) : []))).size;
  const looksFurther = tiers.filter(
    (tier, index) =>
      windowFull &&
      (pass.tierEvents[index]?.length ?? 0) < limit &&
      pass.via[index]?.length !== 0 &&
      betterFound(tier.rank) < limit,
  );
  const readShared = sharedConditions.filter(
    (condition) => looksRare(condition) && looksFurther.some((tier) => tier.shared === condition),
  );
  const sharedName = (condition: SharedCondition) => sql.raw(`shared_${readShared.indexOf(condition)}`);
  // One row more than `shared` says there are too many to share.
  const sharedCtes = readShared.map(
    (condition) => sql`${sharedName(condition)} as materialized (
      select s.event_id, s.date, s.name, s.artists, s.venue, s.city from event_search s
      where ${condition.indexed} and ${onSale} limit ${shared + 1})`,
  );
  const lookups = looksFurther.map((tier) => {
    const { rank, condition, indexed, shared: sharedCondition, via } = tier;
    const ids = pass.via[tiers.indexOf(tier)];
    if (via && ids && ids.length <= VIA_ROWS) {
      const idList = sql`${`{${ids.join(',')}}`}::int[]`;
      const events =
        via.source === 'artists'
          ? sql`select ea.event_id from event_artists ea where ea.artist_id = any(${idList})`
          : sql`select e.id from unnest(${idList}) v(id) cross join lateral (
              select e.id from events e join event_search s on s.event_id = e.id
              where e.venue_id = v.id and e.date >= ${earliestListingDateOnSale(now)}::date and ${onSale}
              order by e.date, e.id limit ${limit}) e`;
      return sql`(select s.event_id as id, ${rank}::int as tier from event_search s
        where s.event_id in (${events}) and ${condition} and ${onSale}
        order by s.date, s.event_id limit ${limit})`;
    }
    const fromTable = (gate?: SQL) =>
      sql`(select s.event_id as id, ${rank}::int as tier from event_search s
        where ${condition}${indexed ? sql` and ${indexed}` : sql``} and ${onSale}${gate ? sql` and ${gate}` : sql``}
        order by s.date, s.event_id limit ${limit})`;
    if (!sharedCondition || !readShared.includes(sharedCondition)) return fromTable();
    const fewShared = sql`(select count(*) from ${sharedName(sharedCondition)}) <= ${shared}`;
    return sql`(select s.event_id, ${rank}::int from ${sharedName(sharedCondition)} s
        where ${condition} and ${fewShared} order by s.date, s.event_id limit ${limit})
      union all ${fromTable(sql`not ${fewShared}`)}`;
  });
  const found = JSON.stringify(
    tiers.flatMap((tier, index) => (pass.tierEvents[index] ?? []).map((id) => [id, tier.rank])),
  );
  const nearHits = sql`select (hit->>0)::int as id, (hit->>1)::int as tier from json_array_elements(${found}::json) hit`;
  return sql`
    ${sql.join(sharedCtes.map((cte) => sql`${cte}, `))}
    hits as (${sql.join([nearHits, ...lookups], sql` union all `)}),
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
    now: options.now ?? new Date(),
    limit: options.limit ?? CONCERT_SEARCH_LIMIT,
    nearest: options.nearestDocuments ?? NEAREST_DOCUMENTS,
    shared: options.sharedCandidates ?? SHARED_CANDIDATES,
  };
  // One-letter slips (decision 0040): the corrected queries' tiers rank below every tier of the query.
  const { indexed } = options;
  const known = indexed ? (word: string) => indexed.index.startsACatalogWord(word) : undefined;
  const corrected = await correctedQueries(db, text, known);
  if (indexed) return searchIndex(indexed, text, corrected, bounds);
  const tiers = [...queryTiers(text), ...corrected.flatMap(typoTiers)];
  const results = await concertPage(db, await rankedPage(db, tiers, bounds));
  if (results.length > 0) return results;
  const first = fallbackWord(text, CONCERT_SEARCH_MIN_LENGTH);
  if (first === null) return results;
  return concertPage(db, await rankedPage(db, fallbackTiers(first, queryWords(text)), bounds));
}

/**
 * The same page through the in-memory index (decision 0049): the index ranks the upcoming documents, and
 * the page's events are read by id, kept only while their search document is still on sale (an event
 * cancelled, moved or ended since the index last looked is left out).
 */
async function searchIndex(
  { index, readCard }: IndexedConcertSearch,
  text: string,
  corrected: string[],
  { now, limit }: PageBounds,
): Promise<ConcertSearchResult[]> {
  const window = saleWindowAt(now);
  let hits = index.search([...indexQueryTiers(text), ...corrected.flatMap(indexTypoTiers)], window, limit);
  const first = fallbackWord(text, CONCERT_SEARCH_MIN_LENGTH);
  const words = queryWords(text);
  // Every fallback tier needs each word in a name or lineup: a word none may hold leaves them all empty.
  if (hits.length === 0 && first !== null && words.every((word) => index.someNameOrLineupMayContain(word))) {
    hits = index.search(indexFallbackTiers(first, words), window, limit);
  }
  const cards = await Promise.all(hits.map((hit) => readCard(hit.eventId)));
  return cards.flatMap((card) =>
    card && card.search !== null && onSaleIn(window, card.search) ? [card.result] : [],
  );
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
