import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type ThrowawayDatabase } from '../test/harness.js';
import type { Db } from './client.js';
import { retryConflictingTransactions } from './retry-transactions.js';
import { isTransactionConflict } from './sql-state.js';

/**
 * Two transactions that lock two rows in opposite orders deadlock; PostgreSQL ends one of them (40P01).
 * Retried inside the server, both finish; without the retry one of them fails.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('transactions retried after a deadlock (postgres)', () => {
  let database: ThrowawayDatabase;
  let pool: pg.Pool;
  /** A database handle of its own, without the retry openPostgres puts on every pool. */
  const rawDb = () => drizzle(pool) as unknown as Db;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await database.db.execute(sql`create table counters (id int primary key, value int not null)`);
    await database.db.execute(sql`insert into counters values (1, 0), (2, 0)`);
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  /** Each side locks its first row, waits until the other has too, then asks for the other's row. */
  function deadlockingPair(db: Db) {
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothHoldOne = new Promise<void>((resolve) => {
      release = resolve;
    });
    const side = (first: number, second: number) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`update counters set value = value + 1 where id = ${first}`);
        arrived += 1;
        if (arrived === 2) release();
        await Promise.race([bothHoldOne, new Promise((resolve) => setTimeout(resolve, 200))]);
        await tx.execute(sql`update counters set value = value + 1 where id = ${second}`);
      });
    return Promise.allSettled([side(1, 2), side(2, 1)]);
  }

  it('deadlocks without the retry: one of the two fails', async () => {
    const results = await deadlockingPair(rawDb());
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isTransactionConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
  });

  it('runs the transaction the database chose to end again, so both commit', async () => {
    await database.db.execute(sql`update counters set value = 0`);
    const db = rawDb();
    retryConflictingTransactions(db);
    const results = await deadlockingPair(db);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const rows = (await database.db.execute(sql`select value from counters order by id`)) as unknown as {
      rows: { value: number }[];
    };
    expect(rows.rows.map((row) => row.value)).toEqual([2, 2]);
  });

  it('lets the conflict through once the attempts are spent', async () => {
    const db = rawDb();
    retryConflictingTransactions(db, 1);
    const results = await deadlockingPair(db);
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(isTransactionConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
  });
});
