import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  SUGGESTION_MAX_RESULTS,
  SUGGESTION_MIN_LENGTH,
  type SuggestedEvent,
  type Suggestion,
  type SuggestionKind,
} from '../../../common/schemas/marketplace.js';
import type { DbOrTx } from '../../db/client.js';
import { artists, events, tickets, venues } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/like-patterns.js';
import { eventOnSaleSql, listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { searchFold } from '../../lib/search-fold.js';
import { correctedQueries } from '../events/search-typos.js';

/** Candidates read per kind before ranking; more than enough for 5 suggestions. */
const CANDIDATES_PER_KIND = 20;
const MATCHES = ['exact', 'prefix', 'word'] as const;
const KINDS: SuggestionKind[] = ['artist', 'event', 'venue', 'city'];

/**
 * How a name matches the query: 0 exact, 1 prefix, 2 a later word of the name starts with it. Written in
 * SQL so candidates are ranked before the limit; the name and the query are folded (decision 0040).
 */
function rankOf(name: ReturnType<typeof sql>, query: string) {
  const escaped = escapeLike(query);
  return sql<number>`case when ${name} = ${query} then 0 when ${name} like ${`${escaped}%`} then 1 else 2 end`;
}

/**
 * The names a suggestion can come from: starting with the query, or with a later word starting with it (a
 * match inside a word is no suggestion). Asked as such rather than as 'contains, then drop the rest', the
 * trigram indexes see word-start trigrams ('  q', ' qu') and return only these names (decision 0018).
 */
function startsAWord(name: ReturnType<typeof sql>, query: string) {
  const escaped = escapeLike(query);
  return sql`(${name} like ${`${escaped}%`} or ${name} like ${`% ${escaped}%`})`;
}

type NameSource =
  | { table: typeof artists; column: typeof artists.name }
  | { table: typeof venues; column: typeof venues.name | typeof venues.city }
  | { table: typeof tickets; column: typeof tickets.eventName };

/** A name that matched, with the catalog event it is when it is one. */
interface Candidate {
  text: string;
  rank: number;
  event: SuggestedEvent | null;
}

/**
 * Which names a pass reads: 'prefix' the names starting with the query, walked in byte order through each
 * source's sorted name index and stopping after CANDIDATES_PER_KIND (the exact name, the shortest, comes
 * first); 'word' also the names with a later word starting with it, which the trigram indexes find.
 */
type Pass = 'prefix' | 'word';

/** Up to CANDIDATES_PER_KIND distinct names of one source that match, best first. */
async function namesMatching(
  db: DbOrTx,
  source: NameSource,
  query: string,
  pass: Pass,
  extra: SQL | undefined,
): Promise<{ text: string; rank: number }[]> {
  const text = sql<string>`min(${source.column})`;
  if (pass === 'prefix') {
    const name = sql`(search_fold(${source.column}) collate "C")`;
    return db
      .select({ text, rank: rankOf(name, query) })
      .from(source.table)
      .where(and(sql`${name} like ${`${escapeLike(query)}%`}`, extra))
      .groupBy(name)
      .orderBy(name)
      .limit(CANDIDATES_PER_KIND);
  }
  const name = sql`search_fold(${source.column})`;
  const rank = rankOf(name, query);
  return db
    .select({ text, rank })
    .from(source.table)
    .where(and(startsAWord(name, query), extra))
    .groupBy(name)
    .orderBy(rank, name)
    .limit(CANDIDATES_PER_KIND);
}

/**
 * Up to CANDIDATES_PER_KIND upcoming catalog events whose name matches, best first, each event on its own:
 * one name is often many shows (a tour), and each is its own suggestion, never merged by name. Read the way
 * namesMatching reads names: the prefix pass along the sorted folded names, the word pass by trigrams.
 */
async function eventsMatching(db: DbOrTx, query: string, pass: Pass, now: Date): Promise<Candidate[]> {
  const name =
    pass === 'prefix' ? sql`(search_fold(${events.name}) collate "C")` : sql`search_fold(${events.name})`;
  const rank = rankOf(name, query);
  const rows = await db
    .select({
      id: events.id,
      text: events.name,
      date: events.date,
      daysCount: events.daysCount,
      venue: venues.name,
      rank,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(
      and(
        pass === 'prefix' ? sql`${name} like ${`${escapeLike(query)}%`}` : startsAWord(name, query),
        // A cancelled event is no longer offered (decision 0042).
        eventOnSaleSql(now),
        ne(events.status, 'cancelled'),
      ),
    )
    .orderBy(...(pass === 'prefix' ? [name] : [rank, name]), events.date, events.id)
    .limit(CANDIDATES_PER_KIND);
  return rows.map(({ id, text, date, daysCount, venue, rank: matched }) => ({
    text,
    rank: matched,
    event: { id, date, daysCount, venue },
  }));
}

const nameOnly = (found: { text: string; rank: number }[]): Candidate[] =>
  found.map((candidate) => ({ ...candidate, event: null }));

async function candidates(
  db: DbOrTx,
  kind: SuggestionKind,
  query: string,
  pass: Pass,
  now: Date,
): Promise<Candidate[]> {
  switch (kind) {
    case 'artist':
      return nameOnly(
        await namesMatching(db, { table: artists, column: artists.name }, query, pass, undefined),
      );
    case 'venue':
      return nameOnly(
        await namesMatching(db, { table: venues, column: venues.name }, query, pass, undefined),
      );
    case 'city':
      return nameOnly(
        await namesMatching(db, { table: venues, column: venues.city }, query, pass, undefined),
      );
    case 'event': {
      // Listings entered by hand name events the catalog does not have; a catalog event's are its own.
      const listed = and(
        isNull(tickets.eventId),
        eq(tickets.sold, false),
        ne(tickets.status, 'cancelled'),
        listingOnSaleSql(now),
      );
      return [
        ...(await eventsMatching(db, query, pass, now)),
        ...nameOnly(
          await namesMatching(
            db,
            { table: tickets, column: tickets.eventName },
            query,
            pass,
            pass === 'prefix'
              ? listed
              : and(
                  listed,
                  // Implied by the name's own condition; it lets the listings' trigram index find the candidates.
                  startsAWord(sql`${tickets.searchText}`, query),
                ),
          ),
        ),
      ];
    }
  }
}

/** The best SUGGESTION_MAX_RESULTS of one pass's candidates: each catalog event once, each other name once. */
async function suggestionsOf(db: DbOrTx, query: string, pass: Pass, now: Date): Promise<Suggestion[]> {
  const perKind = await Promise.all(KINDS.map((kind) => candidates(db, kind, query, pass, now)));
  const ranked = perKind.flatMap((found, kindIndex) =>
    found.map((candidate) => ({
      text: candidate.text,
      kind: KINDS[kindIndex] as SuggestionKind,
      match: MATCHES[candidate.rank] ?? 'word',
      event: candidate.event,
      order: [candidate.rank, kindIndex] as const,
    })),
  );
  ranked.sort(
    (a, b) =>
      a.order[0] - b.order[0] ||
      a.order[1] - b.order[1] ||
      a.text.localeCompare(b.text, 'en') ||
      // One name's catalog shows by date, then the same name as hand-entered listings give it.
      Number(a.event === null) - Number(b.event === null) ||
      (a.event?.date ?? '').localeCompare(b.event?.date ?? '') ||
      (a.event?.id ?? 0) - (b.event?.id ?? 0),
  );
  const seen = new Set<string>();
  const result: Suggestion[] = [];
  for (const { order: _order, ...suggestion } of ranked) {
    const key = suggestion.event ? `event:${suggestion.event.id}` : `name:${searchFold(suggestion.text)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(suggestion);
    if (result.length === SUGGESTION_MAX_RESULTS) break;
  }
  return result;
}

/**
 * GET /api/search/suggestions?q=: at most 5, from 2 characters, ranked by match quality (exact, prefix,
 * whole word) and then by kind (artist, event, venue, city), from the catalog and the live listings. A catalog
 * event is one suggestion per event (a tour's shows one each, with their dates and venues); any other name
 * appears once, as the better-ranked of its kinds.
 *
 * Names starting with the query outrank every later-word match, so when they alone fill the 5 the answer
 * is theirs, read in order from the sorted name indexes; only a query they do not fill asks the trigram
 * indexes for the later-word matches too (decision 0023).
 */
export async function searchSuggestions(db: DbOrTx, rawQuery: string, now: Date): Promise<Suggestion[]> {
  const query = searchFold(rawQuery.trim());
  if (query.length < SUGGESTION_MIN_LENGTH) return [];
  const asTyped = await suggestionsFor(db, query, now);
  if (asTyped.length > 0) return asTyped;
  // Nothing as typed: the one-letter slips the results forgive (decision 0059) are forgiven here too, so
  // 'holow pines' suggests what 'hollow pines' would.
  for (const correction of await correctedQueries(db, query)) {
    const corrected = await suggestionsFor(db, correction, now);
    if (corrected.length > 0) return corrected;
  }
  return [];
}

async function suggestionsFor(db: DbOrTx, query: string, now: Date): Promise<Suggestion[]> {
  const prefixes = await suggestionsOf(db, query, 'prefix', now);
  if (prefixes.length === SUGGESTION_MAX_RESULTS) return prefixes;
  return suggestionsOf(db, query, 'word', now);
}
