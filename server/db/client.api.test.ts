import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './client.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Connections other than `admin`'s own to the database `name`. */
async function connectionsTo(admin: pg.Client, name: string): Promise<number> {
  const result = await admin.query(
    'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  return result.rows[0].n;
}

describe.skipIf(!serverUrl)('the PostgreSQL connection pool', () => {
  const name = `encore_pool_${randomBytes(6).toString('hex')}`;
  let url: string;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const parsed = new URL(serverUrl ?? '');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('survives a connection the server drops while idle, and replaces it', async () => {
    const dropped: Error[] = [];
    const database = await openPostgres(url, {
      poolSize: 2,
      onConnectionError: (error) => dropped.push(error),
    });
    try {
      await Promise.all([
        database.db.execute(sql`select 1`),
        database.db.execute(sql`select pg_sleep(0.05)`),
      ]);
      expect(await connectionsTo(admin, name)).toBe(2);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
      await expect.poll(() => dropped.length).toBe(2);
      expect(dropped[0]?.message).toMatch(/terminating connection/);
      const answer = (await database.db.execute(sql`select 41 + 1 as n`)) as unknown as {
        rows: { n: number }[];
      };
      expect(answer.rows[0]?.n).toBe(42);
    } finally {
      await database.close();
    }
  });

  it('close() returns only once every connection has closed', async () => {
    const database = await openPostgres(url, { poolSize: 3 });
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
    expect(await connectionsTo(admin, name)).toBe(3);
    await database.close();
    expect(await connectionsTo(admin, name)).toBe(0);
  });
});
