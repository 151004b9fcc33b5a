import { type SQL, sql } from 'drizzle-orm';
import { INT32_MAX } from '../../../common/schemas/text.js';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../lib/like-patterns.js';

/**
 * An admin list's search (spec 001 §2, decision 0036): the text matches a field when the field contains it,
 * ignoring case, as the spec's client matched its loaded list; a search of digits also matches the row's id
 * exactly. Patterns are LIKE with the text's own % and _ escaped, so the trigram indexes answer them.
 */
export interface AdminSearch {
  /** The text, trimmed and lower-cased. */
  text: string;
  /** `%text%`, lower-cased and escaped. */
  pattern: string;
  id: number | null;
}

export function adminSearchOf(text: string | undefined): AdminSearch | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const digits = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return {
    text: trimmed.toLowerCase(),
    pattern: `%${escapeLike(trimmed.toLowerCase())}%`,
    id: Number.isInteger(digits) && digits >= 1 && digits <= INT32_MAX ? digits : null,
  };
}

/** `lower(column) like pattern` for a column with a trigram index on lower(column). */
export function contains(column: SQL | SQL.Aliased | unknown, search: AdminSearch): SQL {
  return sql`lower(${column}) like ${search.pattern}`;
}

/** Users whose username contains the text: a subquery the planner answers from users_username_trgm_idx. */
export function usersNamed(search: AdminSearch): SQL {
  return sql`(select u.id from users u where lower(u.username) like ${search.pattern})`;
}

/** `= id` when the search is a number, else nothing. */
export function idMatch(column: unknown, search: AdminSearch): SQL[] {
  return search.id === null ? [] : [sql`${column} = ${search.id}`];
}

/**
 * Totals are counted up to a bound, not over the whole table (decision 0036): an admin list over 100,000
 * rows answers "1,000+" instead of counting 40,000 matches of a common word. The bound is at least
 * {@link TOTAL_BOUND} and at least the rows up to the end of the page asked for.
 */
export const TOTAL_BOUND = 1000;

export function totalBoundOf(query: { page: number; pageSize: number }): number {
  return Math.max(TOTAL_BOUND, offsetOf(query) + query.pageSize);
}

/** A list's total: exact when `totalIsEstimate` is false, else at least `total` (the bound). */
export interface BoundedTotal {
  total: number;
  totalIsEstimate: boolean;
}

/** The total of a list from a count of at most bound + 1 rows. */
export function boundedTotal(counted: number, bound: number): BoundedTotal {
  return counted > bound
    ? { total: bound, totalIsEstimate: true }
    : { total: counted, totalIsEstimate: false };
}

/** `select count(*)` of `rows`, reading at most bound + 1 of them. */
export function countUpTo(rows: SQL, bound: number): SQL {
  return sql`select count(*)::integer as counted from (${rows} limit ${bound + 1}) bounded`;
}

/**
 * True when one of the parts alone has more than `bound` rows, each read up to bound + 1 rows, in turn: a
 * common word is settled by its first part (an OR's subqueries run only as far as needed).
 */
export function somePartOver(parts: SQL[], bound: number): SQL {
  const over = parts.map((part) => sql`(select count(*) from (${part} limit ${bound + 1}) part) > ${bound}`);
  return sql`(${sql.join(over, sql` or `)})`;
}

/** The distinct ids of a union of parts, counted up to the bound (each part read up to bound + 1 rows). */
export function countIdsUpTo(parts: SQL[], bound: number): SQL {
  const limited = parts.map((part) => sql`(${part} limit ${bound + 1})`);
  return sql`select case when ${somePartOver(parts, bound)} then ${bound + 1}
    else (select count(distinct id) from (${sql.join(limited, sql` union all `)}) ids) end::integer as counted`;
}

/** The rows of a raw statement. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs a {@link countUpTo} or {@link countIdsUpTo} statement and answers the bounded total. */
export async function totalOf(db: DbOrTx, count: SQL, bound: number): Promise<BoundedTotal> {
  const [row] = await rowsOf<{ counted: number | string }>(db, count);
  return boundedTotal(Number(row?.counted ?? 0), bound);
}

/** The page's offset. */
export function offsetOf(query: { page: number; pageSize: number }): number {
  return (query.page - 1) * query.pageSize;
}

export function direction(order: 'asc' | 'desc'): SQL {
  return order === 'asc' ? sql`asc` : sql`desc`;
}
