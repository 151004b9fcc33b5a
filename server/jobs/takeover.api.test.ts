import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids, jobs, orders, tickets } from '../db/schema/index.js';
import { createTestUser } from '../modules/auth/testing.js';
import { bidExpiresAt } from '../modules/bids/service.js';
import { insertSavedCard } from '../modules/bids/testing.js';
import { insertListing, isoDay } from '../modules/marketplace/testing.js';
import { freePort } from '../test/free-port.js';
import { openThrowawayPostgres, type ThrowawayDatabase } from '../test/harness.js';
import { instanceEnv } from '../test/instance-env.js';

/**
 * Issue 32 §3: two real instances (OS processes running server/main.ts) on one PostgreSQL database; the one
 * holding claimed matching jobs is killed with SIGKILL, and the other must buy those listings within 30 s.
 * The lease and the poll are short here so the test is quick; their defaults are checked in config.test.ts.
 */

const LEASE_MS = 1_500;
const POLL_MS = 250;
/** The bound on taking over a dead instance's jobs. */
const TAKEOVER_LIMIT_MS = 30_000;
const START_TIMEOUT_MS = 60_000;
const LISTINGS = 4;
const root = path.resolve(import.meta.dirname, '../..');

/**
 * An SMTP server that greets and then never answers: the sale e-mail of the first purchase hangs in it (for
 * nodemailer's 10-minute socket timeout), so the instance is killed in the middle of its batch of jobs.
 */
async function silentSmtpServer(): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.write('220 silent.test ESMTP\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, sockets };
}

interface Instance {
  child: ChildProcess;
  url: string;
  stderr: string;
  exited: Promise<void>;
}

/** server/main.ts in a process of its own, with tsx as a loader of that process so SIGKILL reaches it. */
function startInstance(databaseUrl: string, port: number, dataDir: string, smtpUrl = ''): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: instanceEnv(port, {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      STRIPE_SECRET_KEY: '',
      SEED_DEMO_DATA: 'false',
      JOB_LEASE_MS: String(LEASE_MS),
      JOB_POLL_INTERVAL_MS: String(POLL_MS),
    }),
  });
  const instance: Instance = {
    child,
    url: `http://127.0.0.1:${port}`,
    stderr: '',
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  child.stderr?.on('data', (chunk: Buffer) => {
    instance.stderr = (instance.stderr + chunk.toString()).slice(-10_000);
  });
  return instance;
}

async function waitHealthy(instance: Instance): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (instance.child.exitCode !== null) throw new Error(`instance exited: ${instance.stderr}`);
    const status = await fetch(`${instance.url}/api/health`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance not healthy within ${START_TIMEOUT_MS} ms: ${instance.stderr}`);
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  instance.child.kill('SIGTERM');
  await instance.exited;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a killed instance’s jobs on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  let smtp: Awaited<ReturnType<typeof silentSmtpServer>>;
  let dataDir: string;
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await openThrowawayPostgres(process.env.TEST_DATABASE_URL as string, {
      poolSize: 3,
      prefix: 'encore_takeover',
    });
    smtp = await silentSmtpServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-takeover-'));
  });
  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance);
    for (const socket of smtp?.sockets ?? []) socket.destroy();
    await new Promise((resolve) => smtp?.server.close(resolve));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('buys the listings whose matching jobs a SIGKILLed instance had claimed within 30 s', async () => {
    const db = database.db;
    const seller = await createTestUser(db);
    const eventDate = isoDay(30);
    const wanted: { ticketId: number; bidderId: number }[] = [];
    for (let index = 0; index < LISTINGS; index += 1) {
      const bidder = await createTestUser(db);
      const card = await insertSavedCard(db, bidder.id);
      const eventName = `Takeover Night ${index}`;
      const ticket = await insertListing(db, seller.id, { eventName, eventDate });
      await db.insert(bids).values({
        userId: bidder.id,
        eventName,
        eventDate,
        maxPriceCents: 100_000,
        quantity: ticket.quantity,
        stripePaymentMethodId: card,
        expiresAt: bidExpiresAt({ eventDate, daysCount: 1, timeZone: 'America/New_York' }),
      });
      wanted.push({ ticketId: ticket.id, bidderId: bidder.id });
    }
    // The listings' matching jobs, due now: the first instance up claims them in one batch.
    for (const { ticketId } of wanted)
      await db.insert(jobs).values({
        kind: 'bid_match_listing',
        key: `ticket:${ticketId}`,
        runAt: new Date(),
        payload: { ticketId },
      });
    const ticketIds = wanted.map((entry) => entry.ticketId);
    const buyers = async () =>
      (
        await db
          .select({ id: tickets.id, buyerId: tickets.buyerId })
          .from(tickets)
          .where(inArray(tickets.id, ticketIds))
          .orderBy(tickets.id)
      ).map((row) => row.buyerId);
    /** Jobs not done whose lease has run out (or that nobody holds): what another runner could take. */
    const takeable = async () => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, 'bid_match_listing'),
            isNull(jobs.doneAt),
            sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= now())`,
          ),
        );
      return row?.count ?? 0;
    };
    const holdsFor = async (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        expect(await takeable()).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    const first = startInstance(
      database.url as string,
      await freePort(),
      path.join(dataDir, 'first'),
      `smtp://127.0.0.1:${smtp.port}`,
    );
    instances.push(first);
    await waitHealthy(first);
    // The first listing is bought; its sale e-mail hangs, the other three jobs wait behind it, claimed.
    await expect
      .poll(buyers, { timeout: START_TIMEOUT_MS, interval: 100 })
      .toEqual([wanted[0]?.bidderId, null, null, null]);
    await expect.poll(() => smtp.sockets.length, { timeout: 10_000 }).toBeGreaterThan(0);

    const second = startInstance(database.url as string, await freePort(), path.join(dataDir, 'second'));
    instances.push(second);
    // While the second instance starts, and then while it polls, the first one's heartbeat keeps every job
    // it claimed leased, well past one lease.
    await Promise.all([holdsFor(3 * LEASE_MS), waitHealthy(second)]);
    await holdsFor(2 * LEASE_MS);
    expect(await buyers()).toEqual([wanted[0]?.bidderId, null, null, null]);

    first.child.kill('SIGKILL');
    const killedAt = Date.now();
    await first.exited;
    await expect
      .poll(buyers, { timeout: TAKEOVER_LIMIT_MS, interval: 100 })
      .toEqual(wanted.map((entry) => entry.bidderId));
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(TAKEOVER_LIMIT_MS);

    const pending = () =>
      db
        .select({ key: jobs.key })
        .from(jobs)
        .where(and(eq(jobs.kind, 'bid_match_listing'), isNull(jobs.doneAt)));
    await expect.poll(pending, { timeout: 10_000 }).toEqual([]);
    const sold = await db.select({ ticketId: orders.ticketId }).from(orders).orderBy(orders.ticketId);
    expect(sold.map((row) => row.ticketId)).toEqual(ticketIds);
    const matched = await db
      .select({ userId: bids.userId, ticketId: bids.matchedTicketId })
      .from(bids)
      .orderBy(bids.matchedTicketId);
    expect(matched).toEqual(wanted.map((entry) => ({ userId: entry.bidderId, ticketId: entry.ticketId })));
  }, 180_000);
});
