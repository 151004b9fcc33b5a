import { escapeLike } from '../../lib/like-patterns.js';
import { searchFold } from '../../lib/search-fold.js';

/**
 * Pure helpers of the catalog's text matching: how a search query turns into LIKE patterns
 * and regular expressions, and how an event name is cut down to the artist part.
 */

/** Escapes every character that is special in a PostgreSQL (ARE) or JavaScript regular expression. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, (character) => `\\${character}`);
}

/** The folded words of a query (lower case, no accents: decision 0040), split on whitespace. */
export function queryWords(query: string): string[] {
  return searchFold(query.trim()).split(/\s+/).filter(Boolean);
}

/** What a concert search looks for: the query lower-cased with its patterns for each ranking tier. */
export interface SearchTerm {
  /** The text as typed, folded and trimmed: an exact event-name match. */
  text: string;
  /** `%text%`: the event name, an artist, the venue or its city contains it. */
  contains: string;
  /** `text%`: the event name starts with it. */
  prefix: string;
  /** The text as a whole word (or words) of the event name. */
  wholeWord: string;
  /** The event name's first word is the query's first word (a regular expression)... */
  firstWord: string;
  /** ...checked only on names starting with that word (`word%`, a btree range scan). */
  firstWordPrefix: string;
}

const NOT_ALNUM = '[^[:alnum:]]';

export function searchTerm(query: string): SearchTerm {
  const text = searchFold(query.trim());
  const first = queryWords(text)[0] ?? text;
  return {
    text,
    contains: `%${escapeLike(text)}%`,
    prefix: `${escapeLike(text)}%`,
    wholeWord: `(^|${NOT_ALNUM})${escapeRegex(text)}(${NOT_ALNUM}|$)`,
    firstWord: `^${escapeRegex(first)}(${NOT_ALNUM}|$)`,
    firstWordPrefix: `${escapeLike(first)}%`,
  };
}

/**
 * Spec 000 §7 'Concert search fallback': a query of several words whose first word has at
 * least `minLength` characters is retried with that first word; otherwise there is no retry.
 */
export function fallbackWord(query: string, minLength: number): string | null {
  const words = queryWords(query);
  const [first] = words;
  if (words.length < 2 || first === undefined || first.length < minLength) return null;
  return first;
}

/**
 * Spec 000 §7 artist info: the event name is cut at ' at ' or ' @ ' (case-insensitive, the
 * first of either) and trimmed, so 'Phoebe Bridgers at Red Rocks' asks about Phoebe Bridgers.
 */
export function artistNameOf(eventName: string): string {
  const match = / at | @ /i.exec(eventName);
  return (match ? eventName.slice(0, match.index) : eventName).trim();
}
