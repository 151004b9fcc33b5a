import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from './db/schema/index.js';
import { TRANSFER_REMINDER_JOB } from './modules/sales/timeline.js';
import { freePort } from './test/free-port.js';
import { openThrowawayPostgres, type ThrowawayDatabase } from './test/harness.js';

const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '..');
const DRAIN_DELAY_MS = 1_500;
const WORKERS = 6;

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not so within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Issue 36 §2: the real server process (server/main.ts) on a throwaway PostgreSQL database, under a steady
 * stream of requests, gets SIGTERM. Like a load balancer, the test stops sending new requests once readiness
 * fails; every request sent gets a whole answer, and the process exits 0 holding no job lease.
 */
describe.skipIf(!serverUrl)('SIGTERM on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let server: ChildProcess;
  let baseUrl: string;
  let output = '';

  beforeAll(async () => {
    database = await openThrowawayPostgres(serverUrl ?? '', { poolSize: 2, prefix: 'encore_shutdown' });
    // Jobs for the instance's runner to claim while it serves (their orders do not exist: each ends at once).
    await database.db.insert(jobs).values(
      Array.from({ length: 300 }, (_, index) => ({
        kind: TRANSFER_REMINDER_JOB,
        key: `missing-order-${index}`,
        runAt: new Date(Date.now() - 1_000),
        payload: { orderId: 1_000_000 + index },
      })),
    );
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'false',
        DATA_DIR: path.join(root, 'data-shutdown-test-unused'),
        // Set, so the unused data directory gets no generated secret of its own (decision 0080).
        EMAIL_LINK_SECRET: 'shutdown-test-email-link-secret-0123456789abcdef',
        BARCODE_HASH_SECRET: 'shutdown-test-barcode-hash-secret-0123456789abcdef',
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        SHUTDOWN_TIMEOUT_MS: '10000',
        JOB_POLL_INTERVAL_MS: '100',
        // A lease left behind would outlast the test by far.
        JOB_LEASE_MS: '600000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    await until(async () => {
      const ready = await fetch(`${baseUrl}/api/health/ready`).catch(() => null);
      return ready?.status === 200;
    }, 90_000);
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await database?.drop();
  });

  it('turns not ready, answers every request it was sent, gives back its job leases and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    let stopSending = false;
    const answers: { path: string; status: number | string; afterSigterm: boolean }[] = [];
    let sigtermSent = false;
    const paths = [
      '/api/health',
      '/api/tickets?page=1',
      '/api/concerts/search?query=harbor',
      '/api/health/live',
    ];
    const worker = async (index: number) => {
      for (let sent = 0; !stopSending; sent += 1) {
        const requestPath = paths[(index + sent) % paths.length] as string;
        const afterSigterm = sigtermSent;
        try {
          const response = await fetch(`${baseUrl}${requestPath}`);
          await response.arrayBuffer();
          answers.push({ path: requestPath, status: response.status, afterSigterm });
        } catch (error) {
          answers.push({ path: requestPath, status: String((error as Error).cause ?? error), afterSigterm });
        }
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));
    await new Promise((resolve) => setTimeout(resolve, 700));
    server.kill('SIGTERM');
    sigtermSent = true;
    // The load balancer's check: it stops sending once readiness fails.
    let notReadyBody: unknown;
    await until(async () => {
      const ready = await fetch(`${baseUrl}/api/health/ready`);
      if (ready.status !== 503) return false;
      notReadyBody = await ready.json();
      return true;
    }, DRAIN_DELAY_MS);
    stopSending = true;
    await Promise.all(workers);
    expect(await exited, output).toBe(0);

    expect(notReadyBody).toMatchObject({ status: 'not_ready', checks: { lifecycle: 'draining' } });
    expect(answers.filter((answer) => answer.afterSigterm).length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(WORKERS * 2);
    const notAnswered = answers.filter((answer) => answer.status !== 200);
    expect(notAnswered).toEqual([]);
    const leased = await database.db.execute(
      sql`select count(*)::int as count from ${jobs} where done_at is null and locked_until > now()`,
    );
    expect((leased as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(0);
    expect(output).not.toMatch(/deadline passed|failed/i);
  }, 60_000);
});
