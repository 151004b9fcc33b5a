import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import pg from 'pg';
import { expectMessageShownLive, expectTransferShownLive, liveSale } from './live-helpers';

/**
 * Live updates across two instances (issue 35, decision 0066): two compiled Encore processes on one
 * throwaway PostgreSQL database, the seller on one and the buyer on the other. A change committed through
 * one instance reaches the open page of a member connected to the other through LISTEN/NOTIFY. Needs
 * TEST_DATABASE_URL (a PostgreSQL server), as the API tests on PostgreSQL do; the embedded database is one
 * process and has no second instance.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const PORTS = (process.env.E2E_LIVE_PORTS ?? '3320,3321').split(',').map(Number) as [number, number];
const root = path.resolve(import.meta.dirname, '..');

async function onAdminDatabase(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function startInstance(port: number, databaseUrl: string, dataDir: string): ChildProcess {
  return spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      SMTP_URL: '',
      CLOUDINARY_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      JOB_POLL_INTERVAL_MS: '1000',
    },
  });
}

async function untilReady(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the instance on port ${port} was not ready within 60 s`);
}

test.describe('Live updates across two instances', () => {
  test.skip(!adminUrl, 'needs TEST_DATABASE_URL: two instances share a PostgreSQL database');
  const database = `encore_e2e_live_${Date.now()}_${process.pid}`;
  const instances: ChildProcess[] = [];
  let dataDir = '';
  const [instanceA, instanceB] = PORTS.map((port) => `http://localhost:${port}`) as [string, string];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await onAdminDatabase(`create database ${database}`);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-live-'));
    const databaseUrl = `${(adminUrl as string).replace(/\/[^/]*$/, '')}/${database}`;
    // One after the other: the first applies the migrations the second then finds done.
    for (const port of PORTS) {
      instances.push(startInstance(port, databaseUrl, dataDir));
      await untilReady(port);
    }
  });

  test.afterAll(async () => {
    await Promise.all(
      instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.exitCode !== null) return resolve();
            instance.once('exit', () => resolve());
            instance.kill('SIGTERM');
          }),
      ),
    );
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await onAdminDatabase(`drop database if exists ${database} with (force)`);
  });

  test('Initiate Transfer through one instance shows Confirm Receipt on the buyer’s page on the other', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const sale = await liveSale(
      browser,
      'Two Rooms Live Night',
      { baseURL: instanceA },
      { baseURL: instanceB },
    );
    await expectTransferShownLive(sale);
  });

  test('a message sent through one instance shows in the open thread on the other', async ({ browser }) => {
    test.setTimeout(120_000);
    const sale = await liveSale(
      browser,
      'Two Rooms Lantern Hall',
      { baseURL: instanceB },
      { baseURL: instanceA },
    );
    await expectMessageShownLive(sale, 'Sent through the other instance: is the ticket on its way?');
  });
});
