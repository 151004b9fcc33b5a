import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../server/db/client.js';
import { sessions, ticketMessages, tickets, users } from '../server/db/schema/index.js';
import { sha256 } from '../server/lib/tokens.js';
import { openLive } from '../server/modules/live/testing.js';
import { SESSION_COOKIE } from '../server/plugins/session.js';
import { openThrowawayPostgres, startTestAppOn, TestClient } from '../server/test/harness.js';
import type { BenchResult } from './run.js';
import { printRows, summarize } from './stats.js';

/**
 * Live notices (issue 35, decision 0066), on PostgreSQL (BENCH_DATABASE_URL; it creates and drops its own
 * database): two app instances on one database; a message committed through instance A's pool (the insert
 * the message route makes) is timed until the other party's stream on instance B announces it, 100 times.
 * Then 2,000 streams of 2,000 members are held open on instance B: the process's memory beyond what it
 * used before, and its CPU over one idle minute (three heartbeats). The streams' client ends run in the same
 * process, so both figures hold both ends of every connection: an upper bound for the server alone.
 */

const MESSAGES = Number(process.env.LIVE_BENCH_MESSAGES ?? 100);
const STREAMS = Number(process.env.LIVE_BENCH_STREAMS ?? 2_000);
const IDLE_MS = Number(process.env.LIVE_BENCH_IDLE_MS ?? 60_000);

async function members(db: Awaited<ReturnType<typeof openPostgres>>['db'], count: number, prefix: string) {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        username: `${prefix}${i}`,
        email: `${prefix}${i}@example.com`,
        passwordHash: 'not-a-hash',
        firstName: 'Bench',
        lastName: 'Member',
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(sessions).values(
      rows.slice(start, start + 500).map((row, i) => ({
        tokenHash: sha256(tokens[start + i] as string),
        userId: row.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
  return rows.map((row, i) => ({ id: row.id, token: tokens[i] as string }));
}

export async function run(): Promise<BenchResult[]> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('live bench: BENCH_DATABASE_URL is not set; skipped');
    return [];
  }
  const database = await openThrowawayPostgres(serverUrl, { poolSize: 10, prefix: 'encore_bench' });
  if (!database.url) throw new Error('no database url');
  const second = await openPostgres(database.url, { poolSize: 10 });
  const deps = { liveLimits: { perMember: 4, perInstance: STREAMS + 10, maxBufferedBytes: 65_536 } };
  const a = await startTestAppOn(database, {}, deps);
  const b = await startTestAppOn(second, {}, deps);
  const results: BenchResult[] = [];
  try {
    const db = database.db;
    const [seller, buyer] = await members(db, 2, 'livepair');
    if (!seller || !buyer) throw new Error('no members');
    const [ticket] = await db
      .insert(tickets)
      .values({
        sellerId: seller.id,
        buyerId: buyer.id,
        sold: true,
        status: 'sold',
        eventName: 'Bench Show',
        eventDate: '2030-06-01',
        description: 'Bench Show at Hall',
        section: 'A',
        row: '1',
        seats: '1',
        faceValueCents: 5_000,
        serviceFeeCents: 500,
        listingPriceCents: 5_500,
      })
      .returning({ id: tickets.id });
    if (!ticket) throw new Error('no ticket');
    const sellerClient = new TestClient(b.baseUrl);
    sellerClient.cookies.set(SESSION_COOKIE, seller.token);
    const sellerStream = await openLive(sellerClient);
    const timings: number[] = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      const heardBefore = sellerStream.notices.length;
      const started = performance.now();
      await db
        .insert(ticketMessages)
        .values({ ticketId: ticket.id, senderId: buyer.id, content: `Message ${i}` });
      await sellerStream.next((_notice) => sellerStream.notices.length > heardBefore, 5_000);
      timings.push(performance.now() - started);
    }
    sellerStream.close();
    results.push(
      summarize(
        'live: message through A heard on B',
        'postgres',
        timings,
        'commit to the event on the stream',
      ),
    );

    const many = await members(db, STREAMS, 'livemany');
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rssBefore = process.memoryUsage().rss;
    const streams = [];
    for (let start = 0; start < many.length; start += 100) {
      const batch = many.slice(start, start + 100).map((member) => {
        const client = new TestClient(b.baseUrl);
        client.cookies.set(SESSION_COOKIE, member.token);
        return openLive(client);
      });
      streams.push(...(await Promise.all(batch)));
    }
    const open = streams.filter((stream) => stream.status === 200).length;
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssMiB = (process.memoryUsage().rss - rssBefore) / 1_048_576;
    const cpuBefore = process.cpuUsage();
    const idleStarted = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const cpu = process.cpuUsage(cpuBefore);
    const idleMs = performance.now() - idleStarted;
    const corePercent = ((cpu.user + cpu.system) / 1_000 / idleMs) * 100;
    const inHub = b.app.liveHub.size;
    for (const stream of streams) stream.close();
    results.push({
      name: `live: ${open} open streams, idle`,
      backend: 'postgres',
      samples: open,
      p50Ms: 0,
      p95Ms: 0,
      maxMs: 0,
      note: `${rssMiB.toFixed(1)} MiB beyond before (both ends); ${corePercent.toFixed(2)}% of a core over ${(idleMs / 1000).toFixed(0)} s idle (both ends, ${inHub} in the hub)`,
    });
    await db.execute(sql`select 1`);
  } finally {
    await a.close();
    await b.close();
    await second.close();
    await database.drop();
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printRows(await run());
