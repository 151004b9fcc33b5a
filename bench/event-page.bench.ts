import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { benchSizes, catalogSize, generateCatalog } from './concert-search.bench.js';
import { seededRandom } from './distinct-queries.js';
import { assertAllAnswered, loadPaths } from './load-paths.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * The event page (decision 0058) at BENCH_EVENT_PAGE_SIZE events (default 1m, with 100,000 listings: the
 * catalog of bench/concert-search.bench.ts). Each request asks for an event drawn at run time, never one
 * asked before in the run, so no shared answer or warm page serves it: its data (GET /api/events/:id) by
 * one client and by 50 connections, and the page a visitor's browser gets (GET /events/:id-slug, rendered
 * on request) by one client. PostgreSQL only by default (BENCH_EVENT_PAGE_PGLITE=on adds PGlite).
 * Goals: data p95 ≤ 50 ms for one client, ≥ 1,000 req/s at 50 connections.
 */
const CONNECTIONS = 50;
const SINGLE_REQUESTS = 500;
const LOAD_REQUESTS = 60_000;

/** `count` distinct event ids of the catalog, in a random order drawn from `seed`. */
async function distinctEventIds(database: Database, count: number, seed: number): Promise<number[]> {
  const result = (await database.db.execute(sql`select max(id)::int as max from events`)) as unknown as {
    rows: { max: number }[];
  };
  const max = result.rows[0]?.max ?? 0;
  const random = seededRandom(seed);
  const ids = new Set<number>();
  while (ids.size < Math.min(count, max)) ids.add(1 + Math.floor(random() * max));
  return [...ids];
}

async function oneClient(base: string, paths: string[], name: string, label: string, note: string) {
  const timings: number[] = [];
  for (const path of paths) {
    const start = performance.now();
    const response = await fetch(`${base}${path}`, { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== 200 && response.status !== 301)
      throw new Error(`${path} answered ${response.status}`);
    timings.push(performance.now() - start);
  }
  return summarize(name, label, timings, note);
}

async function measure(label: string, database: Database, events: number): Promise<BenchResult[]> {
  const size = catalogSize(events);
  const count = events.toLocaleString('en-US');
  const started = performance.now();
  await database.migrate();
  await generateCatalog(database.db, size);
  const setupSeconds = (performance.now() - started) / 1000;
  const ids = await distinctEventIds(database, 2 * SINGLE_REQUESTS + LOAD_REQUESTS, events);
  const config = loadConfig({ NODE_ENV: 'test', PORT: '3000', APP_URL: 'http://127.0.0.1:3000' });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const dataPaths = ids.map((id) => `/api/events/${id}`);
  const rows: BenchResult[] = [];
  try {
    // An untimed pass of other events warms the planner and the connection pool.
    for (const path of dataPaths.slice(-50)) await (await fetch(`${base}${path}`)).arrayBuffer();
    rows.push(
      await oneClient(
        base,
        dataPaths.slice(0, SINGLE_REQUESTS),
        `GET /api/events/:id, ${count} events (${size.listings.toLocaleString('en-US')} listings), distinct events, single client`,
        label,
        `the event page's data; catalog generated in ${setupSeconds.toFixed(1)} s`,
      ),
    );
    // The page as a visitor's browser asks for it: the id alone, answered by a redirect to its slug, is
    // not what a link holds, so the slug is read first (untimed).
    const pagePaths: string[] = [];
    for (const path of dataPaths.slice(SINGLE_REQUESTS, 2 * SINGLE_REQUESTS)) {
      const body = (await (await fetch(`${base}${path}`)).json()) as { event: { path: string } };
      pagePaths.push(body.event.path);
    }
    rows.push(
      await oneClient(
        base,
        pagePaths,
        `GET /events/:id-slug as HTML for a visitor, ${count} events, distinct events, single client`,
        label,
        "rendered on request by the client's own renderer, head tags and JSON-LD included",
      ),
    );
    const seconds = Number(process.env.BENCH_EVENT_PAGE_SECONDS ?? 10);
    const result = await loadPaths(base, dataPaths.slice(2 * SINGLE_REQUESTS), {
      connections: CONNECTIONS,
      seconds,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    const name = `GET /api/events/:id, ${count} events, distinct events, ${CONNECTIONS} connections`;
    assertAllAnswered(name, result);
    rows.push({
      name,
      backend: label,
      samples: result.total,
      p50Ms: result.p50Ms,
      p95Ms: result.p97_5Ms,
      maxMs: result.maxMs,
      note: `${result.requestsPerSecond.toFixed(0)} req/s; ${result.repeated === 0 ? 'every request distinct' : `${result.repeated} requests repeated an event`} (p97.5 in the p95 column); load average ${loadavg()[0]?.toFixed(1)}`,
    });
  } finally {
    await app.close();
  }
  return rows;
}

export async function run(): Promise<BenchResult[]> {
  const [events = 1_000_000] = benchSizes(process.env.BENCH_EVENT_PAGE_SIZE ?? '1m');
  return onEachDatabase((label, database) => measure(label, database, events), 10, {
    pglite: process.env.BENCH_EVENT_PAGE_PGLITE === 'on',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
