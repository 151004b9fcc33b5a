import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OutboxMailer } from '../server/adapters/mail/outbox.js';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import type { Database } from '../server/db/client.js';
import { sessions, tickets, users } from '../server/db/schema/index.js';
import { newToken, sha256 } from '../server/lib/tokens.js';
import { SESSION_COOKIE } from '../server/plugins/session.js';
import { seedDemoData } from '../server/seed/demo.js';
import { load } from './http-load.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, printRows, summarize } from './stats.js';

/**
 * Issue 36 §1: what the metrics cost. The signed-in ticket detail (GET /api/tickets/:id) of the demo seed,
 * served by two apps on one database: one without metrics (no METRICS_TOKEN: nothing collected) and one
 * with them, scraped every second meanwhile (Prometheus' default is every 15 s or more, so this overstates
 * the cost). The two take turns, ROUNDS times each, so that a slow moment of the machine hits both; each
 * row gives its median rate over the rounds. Goal: within 5 %.
 */

const CONCURRENCY = 10;
const REQUESTS = 2_000;
const MAX_SECONDS = 10;
const WARM_UP = 100;
const ROUNDS = 5;
const SCRAPE_INTERVAL_MS = 1_000;
const CPU_SCRAPES = 20;
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function appOn(database: Database, metrics: boolean): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    APP_URL: 'http://localhost:3000',
    ...(metrics ? { METRICS_TOKEN } : {}),
  });
  const app = await buildApp({ config, database, mailer: new OutboxMailer(database.db) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function measure(backend: string, database: Database): Promise<BenchResult[]> {
  await database.migrate();
  await seedDemoData(database.db);
  const [maya] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, 'maya'));
  const [ticket] = await database.db.select({ id: tickets.id }).from(tickets).orderBy(tickets.id).limit(1);
  if (!maya || !ticket) throw new Error('the demo seed has no maya or no listing');
  const token = newToken();
  await database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId: maya.id, expiresAt: new Date(Date.now() + 86_400_000) });
  const plain = await appOn(database, false);
  const measured = await appOn(database, true);
  const scrapes: number[] = [];
  let scrapeCpuMs = 0;
  let scraping = true;
  const scraper = (async () => {
    while (scraping) {
      const started = performance.now();
      const response = await fetch(`${measured.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      await response.text();
      if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
      scrapes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, SCRAPE_INTERVAL_MS));
    }
  })();
  const runs = {
    off: { rates: [] as number[], latencies: [] as number[] },
    on: { rates: [] as number[], latencies: [] as number[] },
  };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each takes the first turn in turn.
      const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) {
        const job = {
          url: `${(which === 'on' ? measured : plain).url}/api/tickets/${ticket.id}`,
          headers: { cookie: `${SESSION_COOKIE}=${token}` },
          concurrency: CONCURRENCY,
          maxMs: MAX_SECONDS * 1000,
        };
        const warm = await load({ ...job, requests: WARM_UP });
        if (warm.failures > 0) throw new Error(`ticket detail failed: ${warm.firstFailure}`);
        const result = await load({ ...job, requests: REQUESTS });
        if (result.failures > 0) throw new Error(`ticket detail failed: ${result.firstFailure}`);
        runs[which].rates.push(result.latencies.length / (result.elapsedMs / 1000));
        runs[which].latencies.push(...result.latencies);
      }
    }
    scraping = false;
    await scraper;
    // What one scrape costs the process on its own, the app idle (CPU time, not time waiting behind requests).
    const registry = measured.app.metrics?.registry;
    if (!registry) throw new Error('METRICS_TOKEN should turn the metrics on');
    const cpuBefore = process.cpuUsage();
    for (let scrape = 0; scrape < CPU_SCRAPES; scrape += 1) await registry.metrics();
    const cpu = process.cpuUsage(cpuBefore);
    scrapeCpuMs = (cpu.user + cpu.system) / 1000 / CPU_SCRAPES;
  } finally {
    scraping = false;
    await plain.app.close();
    await measured.app.close();
  }
  const off = median(runs.off.rates);
  const on = median(runs.on.rates);
  const rounds = (rates: number[]) => rates.map((rate) => rate.toFixed(0)).join(', ');
  const change = ((on - off) / off) * 100;
  return [
    summarize(
      'metrics cost: GET /api/tickets/:id (signed in), metrics off',
      backend,
      runs.off.latencies,
      `${off.toFixed(0)} req/s median of ${ROUNDS} (${rounds(runs.off.rates)}), ${CONCURRENCY} concurrent`,
    ),
    summarize(
      'metrics cost: GET /api/tickets/:id (signed in), metrics on',
      backend,
      runs.on.latencies,
      `${on.toFixed(0)} req/s median of ${ROUNDS} (${rounds(runs.on.rates)}), ${change >= 0 ? '+' : ''}${change.toFixed(1)} % vs off; /metrics scraped every ${SCRAPE_INTERVAL_MS / 1000} s, p50 ${median(scrapes).toFixed(1)} ms over ${scrapes.length} scrapes, ${scrapeCpuMs.toFixed(1)} ms CPU each`,
    ),
  ];
}

export function run(): Promise<BenchResult[]> {
  // The production default pool size.
  return onEachDatabase(measure, 10);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
