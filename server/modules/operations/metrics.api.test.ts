import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerChecks } from '../../db/schema/index.js';
import { createJobRunner, jobDone, MAX_JOB_ATTEMPTS } from '../../jobs/queue.js';
import { systemClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { buyListing, startCheckoutOf } from '../payouts/testing.js';
import { METRICS_TEXT } from './metrics.js';
import { startMetricsServer } from './metrics-server.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const quiet = { info: () => undefined, error: () => undefined };

/** The value of one sample of the exposition text: `name{labels} value`, labels written as Prometheus does. */
function sampleOf(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

/** With the client built, an unknown address gets the app's page (which says not found); without it, a 404. */
function expectNoMetricsAt(response: { status: number; text: string }): void {
  expect([200, 404]).toContain(response.status);
  expect(response.text).not.toContain('# HELP');
}

describe('metrics without METRICS_TOKEN or METRICS_PORT', () => {
  it('has no /metrics and collects nothing', async () => {
    const harness = await startTestApp('pglite');
    try {
      expect(harness.app.metrics).toBeNull();
      expectNoMetricsAt(await harness.client().get('/metrics'));
    } finally {
      await harness.close();
    }
  });
});

describe.each(backends)('GET /metrics on %s (issue 36 §1)', (backend) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(backend, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await harness?.close();
  });
  const scrape = async () => {
    const response = await harness
      .client()
      .request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status, response.text).toBe(200);
    return response;
  };

  it('answers only the bearer token set in METRICS_TOKEN', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-of-some-length-000000',
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await harness
        .client()
        .request('GET', '/metrics', authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: METRICS_TEXT.tokenRequired });
    }
    // A session is no way in: an admin's cookie without the token is refused too.
    const admin = await createTestUser(harness.database.db, { role: 'admin' });
    expect((await (await signedInClient(harness, admin.id)).get('/metrics')).status).toBe(401);
    const response = await scrape();
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by route template and status class, never by the URL asked for', async () => {
    const client = harness.client();
    for (const id of [987_654_321, 987_654_322])
      expect((await client.get(`/api/tickets/${id}`)).status).toBe(401);
    expect((await client.get('/api/health/live')).status).toBe(200);
    const { text } = await scrape();
    expect(
      sampleOf(
        text,
        'encore_http_request_duration_seconds_count',
        'route="/api/tickets/:id",method="GET",status_class="4xx"',
      ),
    ).toBe(2);
    expect(
      sampleOf(
        text,
        'encore_http_request_duration_seconds_count',
        'route="/api/health/live",method="GET",status_class="2xx"',
      ),
    ).toBe(1);
    expect(text).not.toContain('987654321');
    // The scrape itself is in flight while it is collected.
    expect(sampleOf(text, 'encore_http_requests_in_flight')).toBe(1);
  });

  it('has the process’s default metrics, and the pool’s on PostgreSQL', async () => {
    const { text } = await scrape();
    expect(sampleOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds ');
    expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
    if (backend === 'postgres') {
      const connections = (state: string) =>
        sampleOf(text, 'encore_db_pool_connections', `state="${state}"`) ?? 0;
      expect(connections('in_use') + connections('idle')).toBeGreaterThanOrEqual(1);
      expect(sampleOf(text, 'encore_db_pool_connections', 'state="waiting"')).toBe(0);
      expect(sampleOf(text, 'encore_db_statement_timeouts_total')).toBe(0);
    } else {
      expect(text).not.toContain('encore_db_pool_connections');
    }
  });

  it('reads due, running, late and given-up jobs per kind from the database at scrape time', async () => {
    const now = Date.now();
    const at = (offsetMs: number) => new Date(now + offsetMs);
    await harness.database.db.insert(jobs).values([
      { kind: 'metrics_probe', key: 'due-old', runAt: at(-120_000) },
      { kind: 'metrics_probe', key: 'due-new', runAt: at(-1_000) },
      { kind: 'metrics_probe', key: 'later', runAt: at(3_600_000) },
      { kind: 'metrics_probe', key: 'running', runAt: at(-5_000), lockedUntil: at(60_000) },
      {
        kind: 'metrics_probe',
        key: 'stuck',
        runAt: at(-600_000),
        attempts: MAX_JOB_ATTEMPTS,
        gaveUpAt: at(-300_000),
      },
      { kind: 'metrics_probe', key: 'done', runAt: at(-500_000), doneAt: at(-400_000) },
    ]);
    const { text } = await scrape();
    const of = (name: string) => sampleOf(text, name, 'kind="metrics_probe"');
    expect(of('encore_jobs_due')).toBe(2);
    expect(of('encore_jobs_running')).toBe(1);
    expect(of('encore_jobs_given_up')).toBe(1);
    expect(of('encore_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(of('encore_jobs_oldest_due_age_seconds')).toBeLessThan(200);
    expect(sampleOf(text, 'encore_metrics_database_read')).toBe(1);
  });

  it('counts job failures and retries by kind in this instance', async () => {
    let fails = true;
    const runner = createJobRunner({
      db: harness.database.db,
      clock: systemClock,
      log: quiet,
      observer: harness.app.metrics?.jobObserver,
      handlers: {
        metrics_flaky: async () => {
          if (fails) throw new Error('provider down');
          return jobDone;
        },
      },
    });
    await harness.database.db.insert(jobs).values({ kind: 'metrics_flaky', key: 'a', runAt: new Date() });
    await runner.runOnce();
    await harness.database.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where kind = 'metrics_flaky'`,
    );
    fails = false;
    await runner.runOnce();
    const { text } = await scrape();
    expect(sampleOf(text, 'encore_job_failures_total', 'kind="metrics_flaky"')).toBe(1);
    expect(sampleOf(text, 'encore_job_retries_total', 'kind="metrics_flaky"')).toBe(1);
  });

  it('reads the money in flight: holds, open checkouts, orders and the balance in escrow, refunds, payouts', async () => {
    const before = (await scrape()).text;
    const seller = await createTestUser(harness.database.db);
    const buyer = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
    const sale = await buyListing(harness, buyer, seller.id);
    const otherBuyer = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
    await startCheckoutOf(harness, otherBuyer, seller.id);
    const { text } = await scrape();
    const change = (name: string) => (sampleOf(text, name) ?? 0) - (sampleOf(before, name) ?? 0);
    expect(change('encore_orders_in_escrow')).toBe(1);
    expect(change('encore_escrow_balance_cents')).toBe(sale.order.amountCents);
    // The second buyer holds a listing and has the provider's page open.
    expect(change('encore_holds_open')).toBe(1);
    expect(change('encore_checkout_sessions_open')).toBe(1);
    for (const name of ['encore_refunds_pending', 'encore_payouts_due', 'encore_payouts_overdue'])
      expect(sampleOf(text, name)).toBe(0);
  });

  it('reports each search index: ready, its documents, how far behind, its last full load', async () => {
    await harness.app.listingSearch.ready();
    await harness.app.concertSearch.ready();
    const { text } = await scrape();
    for (const index of ['listing search index', 'concert search index']) {
      const label = `index="${index}"`;
      expect(sampleOf(text, 'encore_search_index_ready', label)).toBe(1);
      expect(sampleOf(text, 'encore_search_index_documents', label)).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'encore_search_index_lag', label)).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'encore_search_index_last_full_load_seconds', label)).toBeGreaterThanOrEqual(0);
    }
  });

  it('reports the mismatches of the latest ledger check', async () => {
    const { db } = harness.database;
    const check = (checkedAt: string, mismatchCount: number) => ({
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2026-11-02T00:00:00Z'),
      checkedAt: new Date(checkedAt),
      provider: 'sandbox' as const,
      mismatchCount,
    });
    await db
      .insert(ledgerChecks)
      .values([check('2099-11-02T00:30:00Z', 0), check('2099-11-03T00:30:00Z', 2)]);
    expect(sampleOf((await scrape()).text, 'encore_ledger_check_mismatches')).toBe(2);
  });
});

describe('the metrics listener of its own (METRICS_PORT)', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp('pglite', { METRICS_PORT: '9464' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('serves /metrics on its port only; the app’s port has none', async () => {
    const registry = harness.app.metrics?.registry;
    if (!registry) throw new Error('METRICS_PORT should turn the metrics on');
    expectNoMetricsAt(await harness.client().get('/metrics'));
    const server = await startMetricsServer({
      registry,
      port: 0,
      host: '127.0.0.1',
      token: undefined,
      log: quiet,
    });
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('encore_jobs_due');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('asks for METRICS_TOKEN there too when it is set', async () => {
    const registry = harness.app.metrics?.registry;
    if (!registry) throw new Error('METRICS_PORT should turn the metrics on');
    const server = await startMetricsServer({
      registry,
      port: 0,
      host: '127.0.0.1',
      token: TOKEN,
      log: quiet,
    });
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      const refused = await fetch(url);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: METRICS_TEXT.tokenRequired });
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
