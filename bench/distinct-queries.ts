import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { TEXT_LIMITS } from '../common/schemas/text.js';
import type { Db } from '../server/db/client.js';
import type { BenchResult } from './run.js';
import { percentile, summarize } from './stats.js';

/**
 * Search queries drawn at run time from the catalog a benchmark generated (issue 23): names of artists,
 * venues, cities and events, their words, prefixes, two-word phrases and one-letter misspellings, each
 * query once. Real traffic is mostly distinct, so these are the benchmarks' first figures; a fixed list
 * asked again and again measures the shared answers instead.
 */

export interface CatalogNames {
  artists: string[];
  venues: string[];
  cities: string[];
  events: string[];
}

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);

/** Up to `sample` names of each kind, read at random (events by random ids: no sort of a large table). */
export async function catalogNames(db: Db, sample: number): Promise<CatalogNames> {
  return {
    artists: await rowsOf(db, sql`select name from artists order by random() limit ${sample}`),
    venues: await rowsOf(db, sql`select distinct name from venues order by 1 limit ${sample}`),
    cities: await rowsOf(db, sql`select distinct city as name from venues order by 1 limit ${sample}`),
    events: await rowsOf(
      db,
      sql`select name from events where id = any(array(
        select (1 + floor(random() * (select max(id) from events)))::int from generate_series(1, ${sample})))`,
    ),
  };
}

/** A small seeded generator (mulberry32): the same catalog gives the same queries, run after run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One letter deleted, replaced, inserted, or two neighbours swapped, somewhere inside the word. */
export function misspell(word: string, random: () => number): string {
  const letters = [...word];
  const at = 1 + Math.floor(random() * (letters.length - 2));
  const letter = LETTERS[Math.floor(random() * LETTERS.length)] ?? 'e';
  switch (Math.floor(random() * 4)) {
    case 0:
      letters.splice(at, 1);
      break;
    case 1:
      letters[at] = letters[at] === letter ? 'q' : letter;
      break;
    case 2:
      letters.splice(at, 0, letter);
      break;
    default:
      [letters[at - 1], letters[at]] = [letters[at] ?? '', letters[at - 1] ?? ''];
  }
  return letters.join('');
}

export const QUERY_KINDS = [
  'artist',
  'venue',
  'city',
  'event',
  'word',
  'prefix',
  'phrase',
  'misspelt word',
  'misspelt name',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export interface DrawnQuery {
  kind: QueryKind;
  text: string;
}

/** `count` distinct queries (fewer if the catalog cannot give that many), each of a kind drawn in turn. */
export function distinctQueries(names: CatalogNames, count: number, random: () => number): DrawnQuery[] {
  const pick = (list: string[]) => list[Math.floor(random() * list.length)] ?? '';
  const anyName = () => pick([...[names.artists, names.venues, names.events][Math.floor(random() * 3)]!]);
  const wordsOf = (name: string) => name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  const longWord = (name: string) => pick(wordsOf(name).filter((word) => [...word].length >= 5));
  const draw = (kind: QueryKind): string => {
    switch (kind) {
      case 'artist':
        return pick(names.artists);
      case 'venue':
        return pick(names.venues);
      case 'city':
        return pick(names.cities);
      case 'event':
        return pick(names.events);
      case 'word':
        return pick(wordsOf(anyName()));
      case 'prefix': {
        const name = anyName();
        return name.slice(0, 3 + Math.floor(random() * Math.max(1, name.length - 3)));
      }
      case 'phrase': {
        const words = anyName().split(/\s+/);
        const at = Math.floor(random() * Math.max(1, words.length - 1));
        return words.slice(at, at + 2).join(' ');
      }
      case 'misspelt word': {
        const word = longWord(anyName());
        return word ? misspell(word, random) : '';
      }
      case 'misspelt name': {
        const name = random() < 0.5 ? pick(names.artists) : pick(names.venues);
        const word = longWord(name);
        return word ? name.replace(word, misspell(word, random)) : '';
      }
    }
  };
  const seen = new Set<string>();
  const queries: DrawnQuery[] = [];
  for (let attempt = 0; queries.length < count && attempt < count * 20; attempt++) {
    const kind = QUERY_KINDS[attempt % QUERY_KINDS.length] ?? 'word';
    const text = draw(kind).trim();
    const key = text.toLowerCase();
    const words = text.split(/\s+/).length;
    if (text.length < 3 || text.length > TEXT_LIMITS.searchQuery || words > TEXT_LIMITS.searchWords) continue;
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push({ kind, text });
  }
  return queries;
}

/** Each query once, one at a time; the slowest five and each kind's p95 go to the console. */
export async function singleClient(
  label: string,
  name: string,
  queries: DrawnQuery[],
  search: (query: string) => Promise<unknown[]>,
  note: string,
): Promise<BenchResult> {
  const timed: { query: DrawnQuery; ms: number; found: number }[] = [];
  for (const query of queries) {
    const start = performance.now();
    const found = await search(query.text);
    timed.push({ query, ms: performance.now() - start, found: found.length });
  }
  const slowest = [...timed].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(
    `  ${name} [${label}]: slowest ${slowest.map((entry) => `'${entry.query.text}' (${entry.query.kind}) ${entry.ms.toFixed(0)} ms, ${entry.found} found`).join('; ')}`,
  );
  const byKind = QUERY_KINDS.map((kind) => {
    const sorted = timed
      .filter((entry) => entry.query.kind === kind)
      .map((entry) => entry.ms)
      .sort((a, b) => a - b);
    return `${kind} ${sorted.length === 0 ? 'none asked' : `${percentile(sorted, 0.95).toFixed(1)} (${sorted.length})`}`;
  });
  console.log(`    p95 ms by kind: ${byKind.join(', ')}`);
  const found = timed.filter((entry) => entry.found > 0).length;
  return summarize(
    name,
    label,
    timed.map((entry) => entry.ms),
    `${queries.length} distinct queries drawn from the catalog, each once; ${found} found something; ${note}; load average ${loadavg()[0]?.toFixed(1)}`,
  );
}
