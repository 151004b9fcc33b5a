import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../lib/like-patterns.js';
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

const textArray = (list: string[]) =>
  `{${list.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Words a typo is looked for in: letters and digits only, long enough for a slip to be told from a prefix. */
const correctable = (word: string) =>
  /^[\p{L}\p{N}]+$/u.test(word) && characters(word).length >= TYPO_MIN_LETTERS;

interface WordLookup {
  index: number;
  known: boolean;
  candidates: string[];
}

/**
 * The query (folded) with its one-letter slips corrected: at most CORRECTED_QUERIES texts, none when
 * every word starts a catalog word (as typed, or still being typed) or no word has a correction.
 * One statement, equality and prefix lookups on two primary keys; none when `knownWithout` already says
 * that every word starts a catalog word.
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
  const lookups = asked.map(
    (word, index) => sql`select ${index}::int as index,
      exists(select 1 from search_words w where w.word like ${`${escapeLike(word)}%`}) as known,
      array(select near.word from (
          select v.word, bool_or(v.variant = ${word}) as missing_letter from search_word_variants v
          where v.variant = any(${textArray(variantsOf(word))}::text[]) group by v.word
        ) near order by near.missing_letter desc, near.word limit ${CANDIDATES_PER_WORD}) as candidates`,
  );
  const result = (await db.execute(sql.join(lookups, sql` union all `))) as unknown as { rows: WordLookup[] };
  const corrections = new Map<string, string[]>();
  for (const { index, known, candidates } of result.rows) {
    const word = asked[index];
    if (word === undefined || known) continue;
    const near = candidates
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
