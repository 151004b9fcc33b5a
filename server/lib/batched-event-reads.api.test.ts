import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earliestListingDateOnSale } from '../../common/on-sale.js';
import { backends, openTestDatabase, type ThrowawayDatabase } from '../test/harness.js';
import { batchedEventReader, EVENTS_AT } from './batched-event-reads.js';

interface EchoRow {
  key: string;
  id: number;
  first_day: string;
  now: string;
  copy: number;
  statement: string;
}

/**
 * Each event asked, twice, with the bounds of the instant it was asked at as the statement saw them, and
 * when the statement began (microseconds: two statements tell apart).
 */
const echoStatement = sql`select k.key, k.id, k.first_day::text as first_day,
    to_char(k.now at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now, copy,
    statement_timestamp()::text as statement
  from ${EVENTS_AT} cross join generate_series(1, 2) as copy
  where k.id > 0`;

describe.each(backends)('batched event reads on %s', (backend) => {
  let database: ThrowawayDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await database.drop();
  });

  const echo = (name: string) => batchedEventReader<EchoRow>(database.db, name, echoStatement);

  it('answers each caller of a turn by its own event and instant, every row of it, in one statement', async () => {
    const read = echo('echo_events_at');
    const evening = new Date('2030-05-02T06:30:00.000Z');
    const morning = new Date('2030-05-03T09:15:30.250Z');
    const [first, second, same] = await Promise.all([read(7, evening), read(7, morning), read(9, evening)]);
    const bounds = (now: Date) => ({ first_day: earliestListingDateOnSale(now), now: now.toISOString() });
    const statement = first[0]?.statement;
    expect(first).toEqual([
      { key: `7 ${evening.toISOString()}`, id: 7, ...bounds(evening), copy: 1, statement },
      { key: `7 ${evening.toISOString()}`, id: 7, ...bounds(evening), copy: 2, statement },
    ]);
    expect(new Set([...first, ...second, ...same].map((row) => row.statement))).toEqual(new Set([statement]));
    expect(second.map((row) => [row.id, row.now, row.first_day])).toEqual([
      [7, morning.toISOString(), bounds(morning).first_day],
      [7, morning.toISOString(), bounds(morning).first_day],
    ]);
    expect(same.map((row) => [row.id, row.now])).toEqual([
      [9, evening.toISOString()],
      [9, evening.toISOString()],
    ]);
  });

  it('answers no rows for an event the statement does not find', async () => {
    const read = echo('echo_events_missing');
    await expect(Promise.all([read(0, new Date()), read(3, new Date())])).resolves.toMatchObject([
      [],
      [{ id: 3 }, { id: 3 }],
    ]);
  });

  it('reads the events of a later turn in a statement of its own', async () => {
    const read = echo('echo_events_later');
    const [before] = await read(4, new Date());
    const [after] = await read(4, new Date());
    expect(after?.statement).not.toBe(before?.statement);
  });
});
