import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaymentProvider } from '../adapters/payments/index.js';
import { ManualClock } from '../lib/clock.js';
import { createTestUser, signedInClient } from '../modules/auth/testing.js';
import { sandboxSessionStore } from '../modules/checkout/service.js';
import { runLedgerCheck } from '../modules/ledger/self-check.js';
import { ALL_TIME, salesInEveryState } from '../modules/ledger/testing.js';
import { sandboxCardStore } from '../modules/payment-methods/service.js';
import { backends, openTestDatabase, startTestAppOn, type TestApp } from '../test/harness.js';
import { openPostgres } from './client.js';

/**
 * docs/operations.md's backup and restore, for real (issue 36 §5): a database with sales in every state is
 * dumped with pg_dump, restored with pg_restore into a new database, Encore starts on it, and the ledger
 * check passes there. PostgreSQL only: PGlite is a file under data/, backed up by copying it while stopped.
 */

const run = promisify(execFile);

/** The client tools' major version, or null when they are not installed. */
async function clientMajor(): Promise<number | null> {
  try {
    const { stdout } = await run('pg_dump', ['--version']);
    return Number(/(\d+)(?:\.\d+)*/.exec(stdout)?.[1] ?? Number.NaN);
  } catch {
    return null;
  }
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const onPostgres = backends.includes('postgres');
const major = onPostgres ? await clientMajor() : null;
if (!onPostgres) console.info('backup and restore test skipped: it needs PostgreSQL (TEST_DATABASE_URL)');
else if (major === null)
  console.info(
    'backup and restore test skipped: pg_dump is not installed (apt-get install postgresql-client)',
  );

describe.runIf(onPostgres && major !== null)('backup and restore of PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('restores a dump of sales in every state into a new database where Encore starts and the ledger check passes', async () => {
    const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
    const source = await openTestDatabase('postgres');
    const original: TestApp = await startTestAppOn(source, {}, { clock }, () => source.drop());
    cleanups.push(() => original.close());
    await salesInEveryState(original, clock);
    const statuses = async (app: TestApp) =>
      (
        (await app.database.db.execute(
          sql`select status, count(*)::int as count from orders group by status order by status`,
        )) as unknown as { rows: { status: string; count: number }[] }
      ).rows;
    const before = await statuses(original);
    expect(before.map((row) => row.status)).toEqual(['in_escrow', 'refunded', 'released']);

    // pg_dump must be at least the server's major version.
    const server = new pg.Client({ connectionString: source.url });
    await server.connect();
    const version = await server.query<{ server_version_num: string }>('show server_version_num');
    await server.end();
    expect(major, 'pg_dump is older than the server').toBeGreaterThanOrEqual(
      Math.floor(Number(version.rows[0]?.server_version_num) / 10_000),
    );

    const folder = await mkdtemp(join(tmpdir(), 'encore-backup-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const dump = join(folder, 'encore.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, source.url as string]);

    const restoredName = `encore_restore_${Date.now().toString(36)}`;
    const serverUrl = new URL(source.url as string);
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${restoredName}`);
    await admin.end();
    const restoredUrl = new URL(serverUrl);
    restoredUrl.pathname = `/${restoredName}`;
    cleanups.push(async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${restoredName} with (force)`);
      await cleanup.end();
    });
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', restoredUrl.toString(), dump]);

    // Encore starts on the restored database as main.ts does: migrations find nothing to do.
    const restoredDb = await openPostgres(restoredUrl.toString(), { poolSize: 5 });
    await restoredDb.migrate();
    const restored = await startTestAppOn(restoredDb, {}, { clock }, () => restoredDb.close());
    cleanups.push(() => restored.close());
    expect(await statuses(restored)).toEqual(before);

    const db = restored.database.db;
    const check = await runLedgerCheck(
      {
        db,
        payments: createPaymentProvider(
          restored.config,
          sandboxSessionStore(db, clock),
          sandboxCardStore(db, clock),
        ),
        mailer: restored.mailer,
        clock,
        appUrl: restored.config.appUrl,
        log: quiet,
      },
      ALL_TIME,
    );
    expect(check.mismatches).toEqual([]);
    // The restored app answers: an admin sees the check in the System tab.
    const adminClient = await signedInClient(restored, (await createTestUser(db, { role: 'admin' })).id);
    const system = await adminClient.get('/api/admin/system');
    expect(system.status, system.text).toBe(200);
    expect(system.body.ledgerCheck).toEqual(check);
  });
});
