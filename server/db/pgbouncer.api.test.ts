import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner, enqueueJob, jobDone } from '../jobs/queue.js';
import { systemClock } from '../lib/clock.js';
import { createTestUser, signedInClient } from '../modules/auth/testing.js';
import { openLive } from '../modules/live/testing.js';
import { buySoldTicket } from '../modules/messages/testing.js';
import { freePort } from '../test/free-port.js';
import { startTestAppOn, type TestApp } from '../test/harness.js';
import { type Database, openDatabase } from './client.js';

/**
 * Decision 0095: the app behind PgBouncer in transaction mode, with DATABASE_DIRECT_URL for what needs a
 * session of its own (the migrations). Needs PostgreSQL (TEST_DATABASE_URL) and /usr/sbin/pgbouncer.
 */
const PGBOUNCER = '/usr/sbin/pgbouncer';
const serverUrl = process.env.TEST_DATABASE_URL;
const skipped = !serverUrl
  ? ' (skipped: TEST_DATABASE_URL is not set)'
  : !existsSync(PGBOUNCER)
    ? ` (skipped: ${PGBOUNCER} is not installed)`
    : '';

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(skipped !== '')(`the app behind PgBouncer in transaction mode${skipped}`, () => {
  const name = `encore_test_bouncer_${randomBytes(6).toString('hex')}`;
  const directory = mkdtempSync(path.join(tmpdir(), 'encore-pgbouncer-'));
  let bouncer: ChildProcess;
  let database: Database;
  let app: TestApp;

  beforeAll(async () => {
    const server = new URL(serverUrl as string);
    const admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const port = await freePort();
    writeFileSync(path.join(directory, 'users.txt'), `"${decodeURIComponent(server.username)}" ""\n`);
    // Two server connections for the whole app: every statement lands on whichever is free.
    writeFileSync(
      path.join(directory, 'pgbouncer.ini'),
      `[databases]
encore = host=${server.hostname} port=${server.port || 5432} dbname=${name} connect_query='set statement_timeout = 5000'
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(directory, 'users.txt')}
pool_mode = transaction
default_pool_size = 2
`,
    );
    // PgBouncer refuses to run as root (a container's user): there it runs as nobody, who reads the files.
    chmodSync(directory, 0o755);
    const asRoot = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
    bouncer = spawn(PGBOUNCER, [...asRoot, path.join(directory, 'pgbouncer.ini')], { stdio: 'ignore' });
    await vi.waitFor(async () => expect(await portOpen(port)).toBe(true), { timeout: 10_000 });
    const pooled = new URL(server.toString());
    pooled.port = String(port);
    pooled.pathname = '/encore';
    const direct = new URL(server.toString());
    direct.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: pooled.toString(), directUrl: direct.toString() });
    await database.migrate();
    app = await startTestAppOn(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    bouncer?.kill();
    rmSync(directory, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('migrates on the direct connection, and the pooler’s connections keep the statement timeout', async () => {
    const applied = (await database.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { count: number }[] };
    expect(applied.rows[0]?.count).toBeGreaterThan(40);
    const timeout = (await database.db.execute(sql`show statement_timeout`)) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(timeout.rows[0]?.statement_timeout).toBe('5s');
  });

  it('serves signed-in requests, its prepared reads among them, and a message’s notice reaches the other party', async () => {
    const seller = await createTestUser(database.db);
    const buyer = await createTestUser(database.db);
    const buyerClient = await signedInClient(app, buyer.id);
    const ticketId = await buySoldTicket(app, seller.id, buyerClient);
    const sellerClient = await signedInClient(app, seller.id);
    const live = await openLive(sellerClient);
    expect(live.status).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const details = await sellerClient.get(`/api/tickets/${ticketId}`);
      expect(details.status).toBe(200);
    }
    const sent = await buyerClient.post(`/api/tickets/${ticketId}/messages`, {
      content: 'Through the pool?',
    });
    expect(sent.status).toBe(201);
    await live.next((notice) => notice.kind === 'message' && notice.id === ticketId);
    live.close();
  });

  it('runs a job', async () => {
    const ran: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      clock: systemClock,
      log: { info: () => undefined, error: () => undefined },
      handlers: {
        greet: async (job) => {
          ran.push(job.key);
          return jobDone;
        },
      },
    });
    await enqueueJob(database.db, { kind: 'greet', key: 'through-the-pool', runAt: new Date() });
    expect(await runner.runOnce()).toBe(1);
    expect(ran).toEqual(['through-the-pool']);
  });
});
