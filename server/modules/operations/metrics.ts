import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.js';
import type { JobObserver } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { type GaugeLog, registerDatabaseGauges } from './database-gauges.js';

/**
 * This instance's Prometheus metrics (decision 0067). Each app has a registry of its own (tests build several
 * apps in one process); anything else worth a gauge registers on `registry`, reading its value in `collect()`
 * at scrape time.
 */
export interface AppMetrics {
  registry: Registry;
  /** Counts the job runners' failures and retries by kind. */
  jobObserver: JobObserver;
  /** A verified provider webhook arrived, of the provider's type ('charge.refunded'). */
  providerEventReceived(type: string): void;
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds; from a cached read to the statement timeout and beyond. */
/** 0.2 s is a goal of its own (a hold answers within it at p95: issue 45, decision 0094). */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2.5, 5, 10];
/** Provider event types are the provider's own short names; anything longer is not one. */
const MAX_EVENT_TYPE_LENGTH = 64;

export function createMetrics(options: { database: Database; clock: Clock; log: GaugeLog }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPoolGauges(registry, options.database);
  registerDatabaseGauges(registry, { db: options.database.db, clock: options.clock, log: options.log });
  const failures = new Counter({
    name: 'encore_job_failures_total',
    help: 'Job runs whose handler threw (retried with backoff), by kind, in this instance',
    labelNames: ['kind'],
    registers: [registry],
  });
  const retries = new Counter({
    name: 'encore_job_retries_total',
    help: 'Runs of jobs that had failed before, by kind, in this instance',
    labelNames: ['kind'],
    registers: [registry],
  });
  const providerEvents = new Counter({
    name: 'encore_provider_events_received_total',
    help: 'Verified payment provider webhooks received by this instance, by the provider’s event type',
    labelNames: ['type'],
    registers: [registry],
  });
  return {
    registry,
    jobObserver: {
      failed: (kind) => failures.inc({ kind }),
      retried: (kind) => retries.inc({ kind }),
    },
    providerEventReceived: (type) => providerEvents.inc({ type: type.slice(0, MAX_EVENT_TYPE_LENGTH) }),
  };
}

function registerPoolGauges(registry: Registry, database: Database): void {
  const { poolStats } = database;
  // PGlite is one in-process connection: nothing to pool, nothing to time out.
  if (!poolStats) return;
  new Gauge({
    name: 'encore_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance: in use, idle, and callers waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats();
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  let reported = 0;
  new Counter({
    name: 'encore_db_statement_timeouts_total',
    help: 'Statements PostgreSQL cancelled at the statement timeout (SQLSTATE 57014) in this instance',
    registers: [registry],
    collect() {
      const { statementTimeouts } = poolStats();
      if (statementTimeouts > reported) this.inc(statementTimeouts - reported);
      reported = statementTimeouts;
    },
  });
}

/**
 * Request durations by route template (`/api/tickets/:id`, never the URL asked for, so ids and queries cannot
 * multiply the series), method and status class, and the requests being served right now.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'encore_http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status class',
    labelNames: ['route', 'method', 'status_class'],
    buckets: HTTP_DURATION_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'encore_http_requests_in_flight',
    help: 'HTTP requests this instance is serving right now',
    registers: [registry],
  });
  app.addHook('onRequest', async (_request, reply) => {
    inFlight.inc();
    // 'close' comes once per response, whether it finished or the client went away.
    reply.raw.once('close', () => inFlight.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: HTTP_METHODS.has(request.method) ? request.method : 'other',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
}

/** Compares in constant time: the digests have one length whatever was sent. */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S{1,256})$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

export const METRICS_TEXT = {
  tokenRequired: 'Metrics need the bearer token set in METRICS_TOKEN.',
} as const;

/** GET /metrics on the app's own port, for a scraper that sends METRICS_TOKEN as a bearer token. */
export function registerMetricsRoute(app: FastifyInstance, registry: Registry, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerTokenMatches(request.headers.authorization, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: METRICS_TEXT.tokenRequired });
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
