import { type SQL, sql } from 'drizzle-orm';
import { INT32_MAX } from '../../../common/schemas/text.js';
import { escapeLike } from '../events/search-terms.js';

/**
 * An admin list's search (spec 001 §2, decision 0036): the text matches a field when the field contains it,
 * ignoring case, as the spec's client matched its loaded list; a search of digits also matches the row's id
 * exactly. Patterns are LIKE with the text's own % and _ escaped, so the trigram indexes answer them.
 */
export interface AdminSearch {
  /** `%text%`, lower-cased and escaped. */
  pattern: string;
  id: number | null;
}

export function adminSearchOf(text: string | undefined): AdminSearch | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const digits = /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return {
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

/** The page's offset. */
export function offsetOf(query: { page: number; pageSize: number }): number {
  return (query.page - 1) * query.pageSize;
}

export function direction(order: 'asc' | 'desc'): SQL {
  return order === 'asc' ? sql`asc` : sql`desc`;
}
