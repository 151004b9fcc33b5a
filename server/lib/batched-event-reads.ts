import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { batchedReader } from './batched-reads.js';
import { onSaleValues } from './on-sale-sql.js';
import { preparedSql } from './prepared-sql.js';

/**
 * The events a batched statement reads, one row each (`k`): `k.id`, and the on-sale bounds of the instant
 * its caller asked at, `k.first_day` and `k.now` (onSaleValues, one pair per event). `k.key`
 * names the row's caller; every row the statement returns must carry it as `key`.
 */
export const EVENTS_AT = sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('ids')}::integer[],
  ${sql.placeholder('firstDays')}::date[], ${sql.placeholder('nows')}::timestamptz[]) as k(key, id, first_day, now)`;

/**
 * A read of one event at an instant that coalesces with the reads of other events, at other instants, asked
 * in the same turn (decision 0047): one prepared statement (decision 0091) over EVENTS_AT answers them all,
 * each by the bounds of its own instant, so a page of a show read by many visitors at once costs one round
 * trip rather than one per visitor. Answers the rows of that event and instant, or none.
 */
export function batchedEventReader<Row extends { key: string }>(
  db: Db,
  name: string,
  statement: SQL,
): (id: number, now: Date) => Promise<Row[]> {
  const read = preparedSql<Row>(db, name, statement);
  const readBatch = batchedReader(async (keys: string[]) => {
    const asked = keys.map((key) => {
      const [id = '', now = ''] = key.split(' ');
      return { id: Number(id), ...onSaleValues(new Date(now)) };
    });
    const rows = await read({
      keys,
      ids: asked.map((event) => event.id),
      firstDays: asked.map((event) => event.firstDay),
      nows: asked.map((event) => event.now),
    });
    const byKey = new Map<string, Row[]>();
    for (const row of rows) {
      const kept = byKey.get(row.key);
      if (kept) kept.push(row);
      else byKey.set(row.key, [row]);
    }
    return byKey;
  });
  return async (id, now) => (await readBatch(`${id} ${now.toISOString()}`)) ?? [];
}
