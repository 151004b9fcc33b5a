import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchedReader } from '../../lib/batched-reads.js';
import { preparedSql } from '../../lib/prepared-sql.js';
import { queryWords } from './search-terms.js';

/**
 * One-letter slips in a search (decision 0040): a query word of TYPO_MIN_LETTERS or more that starts no
 * catalog word is looked up among the catalog's words one letter away (a letter missing, extra, changed,
 * or two neighbours swapped), and the query is asked again with the correction, ranked below every
 * match of the query as typed. Three letters since issue 33 ("Ellie Hrt" finds Ellie Hart; decision
 * 0059): a word still being typed starts a catalog word, so it is never "corrected".
 */
export const TYPO_MIN_LETTERS = 3;
/** Corrections kept per word, and corrected queries per search: what one search may add is bounded. */
const CORRECTIONS_PER_WORD = 3;
const CORRECTED_QUERIES = 3;
/**
 * Catalog words read per query word before the one-edit check (variants also match some two-edit words),
 * a letter missing from the query first: a short word's deletions match many words.
 */
const CANDIDATES_PER_WORD = 30;

const characters = (text: string) => [...text];

/** a and b differ by one edit: one character inserted, deleted or replaced, or two neighbours swapped. */
export function withinOneEdit(a: string, b: string): boolean {
  const x = characters(a);
  const y = characters(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const restX = endX - start;
  const restY = endY - start;
  if (restX <= 1 && restY <= 1) return true;
  // Two neighbours swapped: 'ab' against 'ba'.
  return restX === 2 && restY === 2 && x[start] === y[start + 1] && x[start + 1] === y[start];
}

/** The word and each of its one-letter deletions, as the variants table holds them for catalog words. */
export function variantsOf(word: string): string[] {
  const letters = characters(word);
  const deletions = letters.map((_, index) =>
    [...letters.slice(0, index), ...letters.slice(index + 1)].join(''),
  );
  return [...new Set([word, ...deletions])];
}

/** Words a typo is looked for in: letters and digits only, long enough for a slip to be told from a prefix. */
const correctable = (word: string) =>
  /^[\p{L}\p{N}]+$/u.test(word) && characters(word).length >= TYPO_MIN_LETTERS;

/** What the catalog says of a query word: whether a catalog word starts with it, and the words near it. */
interface WordLookup {
  known: boolean;
  candidates: string[];
}

/**
 * One statement for any number of words: `words`, and each one's variants (`variants`, with the word's
 * 1-based position in `of`). "Some catalog word starts with it" is "the first catalog word at or after it
 * starts with it" (the words are in "C" order), which the primary key answers with a parameter, as a LIKE
 * prefix pattern would not in a prepared statement.
 */
const lookupStatement = (words: SQL, variants: SQL, of: SQL) => sql`select q.word,
    starts_with(coalesce((select w.word from search_words w where w.word >= q.word order by w.word limit 1), ''),
      q.word) as known,
    array(select near.word from (
        select v.word, bool_or(v.variant = q.word) as missing_letter from search_word_variants v
        where v.variant = any(array(
          select x.variant from unnest(${variants}::text[], ${of}::int[]) x(variant, word_number) where x.word_number = q.word_number))
        group by v.word
      ) near order by near.missing_letter desc, near.word limit ${sql.raw(String(CANDIDATES_PER_WORD))}) as candidates
  from unnest(${words}::text[]) with ordinality q(word, word_number)`;

const lookupValues = (words: string[]) => {
  const variants = words.map(variantsOf);
  return {
    words,
    variants: variants.flat(),
    of: variants.flatMap((list, index) => list.map(() => index + 1)),
  };
};

type LookupRow = WordLookup & { word: string };
const rowsByWord = (rows: LookupRow[]) => new Map(rows.map(({ word, ...lookup }) => [word, lookup]));

const lookupReaders = new WeakMap<Db, (word: string) => Promise<WordLookup | undefined>>();

/**
 * The database's word lookups, read in batches: the words of every search in one turn cost one statement
 * (decision 0047), prepared once per connection (decision 0091).
 */
function lookupReaderOf(db: Db) {
  let reader = lookupReaders.get(db);
  if (reader) return reader;
  const read = preparedSql<LookupRow>(
    db,
    'search_word_lookups',
    lookupStatement(
      sql`${sql.placeholder('words')}`,
      sql`${sql.placeholder('variants')}`,
      sql`${sql.placeholder('of')}`,
    ),
  );
  reader = batchedReader(async (words: string[]) => rowsByWord(await read(lookupValues(words))));
  lookupReaders.set(db, reader);
  return reader;
}

/** The lookups of `words`: batched, or in one statement of their own inside a transaction. */
async function lookUp(db: DbOrTx, words: string[]): Promise<Map<string, WordLookup>> {
  if (db instanceof PgTransaction) {
    const values = lookupValues(words);
    const statement = lookupStatement(sql`${values.words}`, sql`${values.variants}`, sql`${values.of}`);
    return rowsByWord(((await db.execute(statement)) as unknown as { rows: LookupRow[] }).rows);
  }
  const read = lookupReaderOf(db);
  const found = await Promise.all(words.map(read));
  return new Map(words.flatMap((word, index) => (found[index] ? [[word, found[index]]] : [])));
}

/**
 * The query (folded) with its one-letter slips corrected: at most CORRECTED_QUERIES texts, none when
 * every word starts a catalog word (as typed, or still being typed) or no word has a correction.
 * Equality and prefix lookups on two primary keys, in the statement of the turn's lookups; none when
 * `knownWithout` already says that every word starts a catalog word.
 */
export async function correctedQueries(
  db: DbOrTx,
  query: string,
  knownWithout: (word: string) => boolean = () => false,
): Promise<string[]> {
  const words = queryWords(query);
  // A word known without asking (the concert index's own words, decision 0049) has no correction either.
  const asked = [...new Set(words.filter((word) => correctable(word) && !knownWithout(word)))];
  if (asked.length === 0) return [];
  const lookups = await lookUp(db, asked);
  const corrections = new Map<string, string[]>();
  for (const word of asked) {
    const lookup = lookups.get(word);
    if (!lookup || lookup.known) continue;
    const near = lookup.candidates
      .filter((candidate) => candidate !== word && withinOneEdit(word, candidate))
      .sort((a, b) => a.localeCompare(b, 'en'))
      .slice(0, CORRECTIONS_PER_WORD);
    if (near.length > 0) corrections.set(word, near);
  }
  if (corrections.size === 0) return [];
  let texts: string[][] = [[]];
  for (const word of words) {
    const options = corrections.get(word) ?? [word];
    texts = texts.flatMap((start) => options.map((option) => [...start, option])).slice(0, CORRECTED_QUERIES);
  }
  return texts.map((list) => list.join(' '));
}
