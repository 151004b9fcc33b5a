import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_TEXT } from '../../../common/texts/system.js';
import { createPaymentProvider } from '../../adapters/payments/index.js';
import { adminAuditLog, jobs } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { runLedgerCheck } from '../ledger/self-check.js';
import { ALL_TIME } from '../ledger/testing.js';
import { sandboxCardStore } from '../payment-methods/service.js';

const NOW = new Date('2030-03-01T12:00:00Z');
const MINUTE = 60_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(backends)('the admin System tab on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(NOW);
  let admin: TestClient;
  let adminId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    adminId = (await createTestUser(db, { role: 'admin' })).id;
    admin = await signedInClient(harness, adminId);
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
    const rows = await db
      .insert(jobs)
      .values([
        { kind: 'payout', key: '1', runAt: at(-30) },
        { kind: 'payout', key: '2', runAt: at(-10), attempts: 2, lastError: 'Error: provider down' },
        { kind: 'payout', key: '3', runAt: at(60) },
        { kind: 'payout', key: '4', runAt: at(-5), lockedUntil: at(1) },
        { kind: 'payout', key: '5', runAt: at(-90), doneAt: at(-80) },
        {
          kind: 'escrow_refund',
          key: '7',
          runAt: at(-600),
          attempts: 12,
          lastError: 'Error: card_declined',
          gaveUpAt: at(-120),
        },
        {
          kind: 'payout',
          key: '6',
          runAt: at(-600),
          attempts: 12,
          lastError: 'Error: no such destination',
          gaveUpAt: at(-60),
        },
      ])
      .returning({ id: jobs.id, key: jobs.key });
    for (const row of rows) ids[row.key] = row.id;
  });
  afterAll(async () => {
    await harness.close();
  });

  it('counts the jobs not done by kind and state, with the oldest due, and no ledger check before the first', async () => {
    const response = await admin.get('/api/admin/system');
    expect(response.status, response.text).toBe(200);
    // The app's own hourly job (price alerts) is there too.
    expect(response.body).toEqual({
      kinds: expect.arrayContaining([
        {
          kind: 'escrow_refund',
          due: 0,
          running: 0,
          scheduled: 0,
          failing: 0,
          givenUp: 1,
          oldestDueAt: null,
        },
        {
          kind: 'payout',
          due: 2,
          running: 1,
          scheduled: 1,
          failing: 1,
          givenUp: 1,
          oldestDueAt: new Date(NOW.getTime() - 30 * MINUTE).toISOString(),
        },
      ]),
      ledgerCheck: null,
    });
  });

  it('shows the last ledger check with its mismatches', async () => {
    const db = harness.database.db;
    const check = await runLedgerCheck(
      {
        db,
        payments: createPaymentProvider(
          harness.config,
          sandboxSessionStore(db, clock),
          sandboxCardStore(db, clock),
        ),
        mailer: harness.mailer,
        clock,
        appUrl: harness.config.appUrl,
        log: quiet,
      },
      ALL_TIME,
    );
    const response = await admin.get('/api/admin/system');
    expect(response.body.ledgerCheck).toEqual(check);
    expect(response.body.ledgerCheck).toMatchObject({ mismatchCount: 0, provider: 'sandbox' });
  });

  it('lists the given-up jobs newest first with their last error, paged, and the failing ones', async () => {
    const first = await admin.get('/api/admin/system/jobs?pageSize=1');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      rows: [
        {
          id: ids['6'],
          kind: 'payout',
          key: '6',
          attempts: 12,
          runAt: new Date(NOW.getTime() - 600 * MINUTE).toISOString(),
          lastError: 'Error: no such destination',
          gaveUpAt: new Date(NOW.getTime() - 60 * MINUTE).toISOString(),
        },
      ],
      page: 1,
      pageSize: 1,
      total: 2,
      totalIsEstimate: false,
    });
    const second = await admin.get('/api/admin/system/jobs?pageSize=1&page=2');
    expect(second.body.rows.map((row: { key: string }) => row.key)).toEqual(['7']);
    const failing = await admin.get('/api/admin/system/jobs?state=failing');
    expect(failing.body.rows).toEqual([
      expect.objectContaining({ key: '2', lastError: 'Error: provider down' }),
    ]);
    expect((await admin.get('/api/admin/system/jobs?state=done')).status).toBe(400);
  });

  it('retries a job that gave up, once, and records it in the audit log', async () => {
    const id = ids['7'] as number;
    const retried = await admin.post(`/api/admin/system/jobs/${id}/retry`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toEqual({
      message: 'Job escrow_refund 7 will run again now',
      job: {
        id,
        kind: 'escrow_refund',
        key: '7',
        attempts: 0,
        runAt: NOW.toISOString(),
        lastError: 'Error: card_declined',
        gaveUpAt: null,
      },
    });
    const [entry] = await harness.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'job.retry'), eq(adminAuditLog.targetId, String(id))));
    expect(entry).toMatchObject({
      adminId,
      targetType: 'job',
      before: {
        kind: 'escrow_refund',
        key: '7',
        attempts: 12,
        gaveUpAt: new Date(NOW.getTime() - 120 * MINUTE).toISOString(),
        lastError: 'Error: card_declined',
      },
      after: { attempts: 0, runAt: NOW.toISOString() },
    });
    // Now due again, no longer given up.
    const summary = await admin.get('/api/admin/system');
    expect(summary.body.kinds).toContainEqual(
      expect.objectContaining({ kind: 'escrow_refund', due: 1, givenUp: 0 }),
    );

    const again = await admin.post(`/api/admin/system/jobs/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SYSTEM_TEXT.notGivenUp);
    const missing = await admin.post('/api/admin/system/jobs/2000000000/retry');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(SYSTEM_TEXT.jobNotFound);
    const entries = await harness.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'job.retry'));
    expect(entries).toHaveLength(1);
  });
});
