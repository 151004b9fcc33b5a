import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { eventPath } from '../common/event-path.js';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { benchSizes, catalogSize, generateCatalog } from './concert-search.bench.js';
import { seededRandom } from './distinct-queries.js';
import { assertAllAnswered, type LoadResult, loadPaths } from './load-paths.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * The event page (decision 0058) at BENCH_EVENT_PAGE_SIZE events (default 1m, with 100,000 listings: the
 * catalog of bench/concert-search.bench.ts). Each request asks for an event drawn at run time, never one
 * asked before in the run, so no shared answer or warm page serves it: its data (GET /api/events/:id) by
 * one client and by 50 connections, and the page a visitor's browser gets (GET /events/:id-slug, rendered
 * on request) by one client and by 50 connections; then one hot show's page (every request the same, the
 * show with the most listings) by 500 connections; beside a hello-world Fastify measured in the same run.
 * PostgreSQL only by default (BENCH_EVENT_PAGE_PGLITE=on adds PGlite).
 * Goals: data p95 ≤ 50 ms for one client, ≥ 1,000 req/s at 50 connections; the visitor's HTML of distinct
 * shows ≥ 10% of hello-world's rate at 50 connections with p99 ≤ 250 ms; one hot show ≥ 30% of hello-world's
 * rate at 500 connections, 0 × 5xx (decision 0089).
 */
const CONNECTIONS = 50;
const HOT_CONNECTIONS = 500;
/** A browser's Accept-Encoding: pages come compressed, as they would to a browser. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
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
  const ids = await distinctEventIds(database, 2 * SINGLE_REQUESTS + 2 * LOAD_REQUESTS, events);
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
    const helloRate = await helloWorld(rows, label, seconds, CONNECTIONS);
    const result = await loadPaths(
      base,
      dataPaths.slice(2 * SINGLE_REQUESTS, 2 * SINGLE_REQUESTS + LOAD_REQUESTS),
      {
        connections: CONNECTIONS,
        seconds,
        headers: BROWSER_HEADERS,
      },
    );
    const name = `GET /api/events/:id, ${count} events, distinct events, ${CONNECTIONS} connections`;
    assertAllAnswered(name, result);
    rows.push({
      name,
      backend: label,
      samples: result.total,
      p50Ms: result.p50Ms,
      p95Ms: result.p97_5Ms,
      maxMs: result.maxMs,
      note: `${result.requestsPerSecond.toFixed(0)} req/s (${share(result, helloRate)} of hello-world's); ${result.repeated === 0 ? 'every request distinct' : `${result.repeated} requests repeated an event`} (p97.5 in the p95 column); load average ${loadavg()[0]?.toFixed(1)}`,
    });
    // The visitor's HTML of shows never asked before in the run: read, rendered and compressed each time.
    const htmlPaths = await showPaths(database, ids.slice(2 * SINGLE_REQUESTS + LOAD_REQUESTS));
    const htmlName = `GET /events/:id-slug as HTML for a visitor, ${count} events, distinct shows, ${CONNECTIONS} connections`;
    const html = await loadPaths(base, htmlPaths, {
      connections: CONNECTIONS,
      seconds,
      headers: BROWSER_HEADERS,
    });
    assertAllAnswered(htmlName, html);
    rows.push(loadRow(htmlName, label, html, `${share(html, helloRate)} of hello-world's`));
    // One hot show (a shared link): every request the same page, the show with the most listings.
    const hot = await hottestShow(database);
    const hotHello = await helloWorld(rows, label, seconds, HOT_CONNECTIONS);
    const hotName = `GET /events/:id-slug as HTML for a visitor, one hot show (${hot.listings} listings), ${HOT_CONNECTIONS} connections`;
    const hotResult = await loadPaths(base, [hot.path], {
      connections: HOT_CONNECTIONS,
      seconds,
      headers: BROWSER_HEADERS,
    });
    assertAllAnswered(hotName, hotResult);
    rows.push(
      loadRow(
        hotName,
        label,
        hotResult,
        `${share(hotResult, hotHello)} of hello-world's at ${HOT_CONNECTIONS}`,
      ),
    );
  } finally {
    await app.close();
  }
  return rows;
}

const share = (result: LoadResult, helloRate: number) =>
  `${((100 * result.requestsPerSecond) / helloRate).toFixed(1)}%`;

function loadRow(name: string, label: string, result: LoadResult, note: string): BenchResult {
  return {
    name,
    backend: label,
    samples: result.total,
    p50Ms: result.p50Ms,
    p95Ms: result.p97_5Ms,
    maxMs: result.maxMs,
    note: `${result.requestsPerSecond.toFixed(0)} req/s, ${note}; p99 ${result.p99Ms.toFixed(0)} ms; ${result.non2xx} non-2xx${result.repeated === 0 ? ', every request distinct' : ''} (p97.5 in the p95 column); load average ${loadavg()[0]?.toFixed(1)}`,
  };
}

/** A hello-world Fastify in this process, measured as the app is: its rate is what the ratios divide by. */
async function helloWorld(rows: BenchResult[], label: string, seconds: number, connections: number) {
  const hello = Fastify();
  hello.get('/hello', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  try {
    const base = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}`;
    const result = await loadPaths(base, ['/hello'], { connections, seconds, headers: BROWSER_HEADERS });
    rows.push(
      loadRow(`hello-world Fastify (same run), ${connections} connections`, label, result, 'the yardstick'),
    );
    return result.requestsPerSecond;
  } finally {
    await hello.close();
  }
}

/** The pages' addresses of `ids`, slugs included, read from the catalog in one statement. */
async function showPaths(database: Database, ids: number[]): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select id, name from events where id = any(${`{${ids.join(',')}}`}::int[])`,
  )) as unknown as { rows: { id: number; name: string }[] };
  const byId = new Map(result.rows.map((row) => [row.id, eventPath(row.id, row.name)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The show with the most listings on sale, and its page's address. */
async function hottestShow(database: Database): Promise<{ path: string; listings: number }> {
  const result = (await database.db.execute(sql`
    select e.id, e.name, count(*)::int as listings from tickets t join events e on e.id = t.event_id
    where not t.sold and t.status = 'available' and e.date > current_date + 1
    group by e.id, e.name order by count(*) desc, e.id limit 1`)) as unknown as {
    rows: { id: number; name: string; listings: number }[];
  };
  const [show] = result.rows;
  if (!show) throw new Error('the catalog has no show with listings');
  return { path: eventPath(show.id, show.name), listings: show.listings };
}

export async function run(): Promise<BenchResult[]> {
  const [events = 1_000_000] = benchSizes(process.env.BENCH_EVENT_PAGE_SIZE ?? '1m');
  return onEachDatabase((label, database) => measure(label, database, events), 10, {
    pglite: process.env.BENCH_EVENT_PAGE_PGLITE === 'on',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
