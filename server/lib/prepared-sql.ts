import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/**
 * A hand-written statement prepared under `name` (decision 0091): rendered once, then parsed and planned
 * once per pooled PostgreSQL connection, and run by name with only its `sql.placeholder` values sent. The
 * query builder's `.prepare()` does the same for the statements it can build; the hot reads whose lateral
 * joins it cannot express (search cards, word lookups) spent more of PostgreSQL's time planning than
 * running. Names are per connection, so each must be unique in the app. On PGlite the name is ignored.
 */
export function preparedSql<Row>(
  db: Db,
  name: string,
  statement: SQL,
): (values: Record<string, unknown>) => Promise<Row[]> {
  // The session behind the database (drizzle keeps it in `_`): it prepares any rendered query by name.
  const { session } = (db as unknown as { _: { session: PgSession } })._;
  const prepared = session.prepareQuery(new PgDialect().sqlToQuery(statement), undefined, name, false);
  return async (values) => ((await prepared.execute(values)) as { rows: Row[] }).rows;
}
