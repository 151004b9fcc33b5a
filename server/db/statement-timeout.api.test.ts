import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres, STATEMENT_TIMEOUT_MS } from './client.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Issue 6 §1: no statement can hold a PostgreSQL connection for long. */
describe.skipIf(!serverUrl)('statement timeout on PostgreSQL', () => {
  it('sets statement_timeout on every connection of the pool', async () => {
    const database = await openPostgres(serverUrl ?? '', { poolSize: 2 });
    try {
      const results = await Promise.all(
        [1, 2].map(() => database.db.execute(sql`select current_setting('statement_timeout') as value`)),
      );
      for (const result of results)
        expect((result as unknown as { rows: { value: string }[] }).rows[0]?.value).toBe(
          `${STATEMENT_TIMEOUT_MS / 1000}s`,
        );
    } finally {
      await database.close();
    }
  });

  it('stops a long statement with SQLSTATE 57014 and keeps the connection usable', async () => {
    const database = await openPostgres(serverUrl ?? '', { poolSize: 1, statementTimeoutMs: 200 });
    try {
      const started = Date.now();
      const error = await database.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (failure: unknown) => failure as { cause?: { code?: string } },
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(error?.cause?.code).toBe('57014');
      // The metrics count it (decision 0067), and only it.
      await database.db.execute(sql`select 1`);
      expect(database.poolStats?.()).toMatchObject({ statementTimeouts: 1, waiting: 0 });
      const after = await database.db.execute(sql`select 1 as one`);
      expect((after as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
