import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CloudinaryImageStore } from '../adapters/images/cloudinary-store.js';
import { CLOUD, field, interceptCloudinary } from '../adapters/images/cloudinary-testing.js';
import { DatabaseImageStore } from '../adapters/images/database-store.js';
import { type Database, type Db, openPostgres } from '../db/client.js';
import {
  cloudinaryUploads,
  emailTokens,
  loginCodes,
  rateLimitCounters,
  retiredUsernames,
  sessions,
  storedImages,
  tickets,
  trustedDevices,
  users,
} from '../db/schema/index.js';
import { releaseRetiredUsernames } from '../modules/auth/retired-usernames.js';
import { createTestUser } from '../modules/auth/testing.js';
import { backends, openTestDatabase } from '../test/harness.js';
import {
  SWEEP_LOCK_KEY,
  type SweepLog,
  type SweepReport,
  startSweeps,
  sweepExpiredSessions,
  sweepExpiredTrustedDevices,
  sweepOldEmailTokens,
  sweepOldLoginCodes,
  sweepOrphanedUploads,
  sweepRateLimitCounters,
} from './sweeps.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A logger that keeps what it is told; a test fails on an error it did not expect. */
function recordingLog() {
  const errors: { details: object; message: string }[] = [];
  const log: SweepLog = {
    info: () => undefined,
    error: (details, message) => {
      errors.push({ details, message });
    },
  };
  return { log, errors };
}

/** Rows on both sides of every sweep's line, labelled by whether the sweep should remove them. */
async function seedStaleAndLiveRows(db: Db, now: Date) {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const userId = (await createTestUser(db, { username: 'seller' })).id;
  const otherId = (await createTestUser(db, { username: 'buyer' })).id;

  await db.insert(sessions).values([
    { tokenHash: 'gone-expired', userId, expiresAt: at(-MINUTE) },
    { tokenHash: 'kept-live', userId, expiresAt: at(HOUR) },
    { tokenHash: 'kept-live-other', userId: otherId, expiresAt: at(30 * DAY) },
  ]);
  await db.insert(loginCodes).values([
    { codeHash: 'gone-expired-2-days-ago', userId, expiresAt: at(-2 * DAY) },
    { codeHash: 'gone-consumed-2-days-ago', userId, expiresAt: at(-DAY + MINUTE), consumedAt: at(-2 * DAY) },
    { codeHash: 'kept-expired-an-hour-ago', userId, expiresAt: at(-HOUR) },
    {
      codeHash: 'kept-consumed-an-hour-ago',
      userId,
      expiresAt: at(-HOUR + 10 * MINUTE),
      consumedAt: at(-HOUR),
    },
    { codeHash: 'kept-live', userId, expiresAt: at(10 * MINUTE) },
  ]);
  await db.insert(emailTokens).values([
    { tokenHash: 'gone-expired-8-days-ago', userId, purpose: 'verify_email', expiresAt: at(-8 * DAY) },
    {
      tokenHash: 'gone-used-8-days-ago',
      userId,
      purpose: 'password_reset',
      expiresAt: at(-6 * DAY),
      usedAt: at(-8 * DAY),
    },
    { tokenHash: 'kept-expired-6-days-ago', userId, purpose: 'verify_email', expiresAt: at(-6 * DAY) },
    {
      tokenHash: 'kept-used-a-day-ago',
      userId,
      purpose: 'email_change',
      newEmail: 'new@example.com',
      expiresAt: at(DAY),
      usedAt: at(-DAY),
    },
    { tokenHash: 'kept-live', userId, purpose: 'password_reset', expiresAt: at(HOUR) },
  ]);
  await db.insert(trustedDevices).values([
    { tokenHash: 'gone-expired', userId, expiresAt: at(-MINUTE) },
    { tokenHash: 'kept-live', userId, expiresAt: at(30 * DAY) },
  ]);
  await db.insert(rateLimitCounters).values([
    { key: 'gone-window-over', count: 20, resetAt: at(-MINUTE) },
    { key: 'kept-window-open', count: 3, resetAt: at(10 * MINUTE) },
  ]);
  await db.insert(retiredUsernames).values([
    { skeletonHash: 'gone-quarantine-over', retiredAt: at(-400 * DAY), releasedAt: at(-MINUTE) },
    { skeletonHash: 'kept-in-quarantine', retiredAt: at(-DAY), releasedAt: at(364 * DAY) },
  ]);
  const image = (publicId: string, ageMs: number) => ({
    publicId,
    ownerId: userId,
    contentType: 'image/png',
    width: 10,
    height: 10,
    bytes: Buffer.from(publicId),
    createdAt: at(-ageMs),
  });
  await db
    .insert(storedImages)
    .values([
      image('img_gone_orphan_two_days_old', 2 * DAY),
      image('img_gone_orphan_a_day_and_a_minute', DAY + MINUTE),
      image('img_kept_listed_two_days_old', 2 * DAY),
      image('img_kept_orphan_an_hour_old', HOUR),
    ]);
  await db.insert(tickets).values({
    sellerId: userId,
    eventName: 'Test Concert',
    eventDate: '2099-06-01',
    description: 'Two seats',
    section: 'A',
    row: '1',
    seats: '1-2',
    faceValueCents: 5_000,
    serviceFeeCents: 500,
    listingPriceCents: 5_500,
    imageUrl: '/api/images/img_kept_listed_two_days_old',
    imagePublicId: 'img_kept_listed_two_days_old',
  });
}

/** Every swept table's labels, to compare before and after. */
async function remaining(db: Db) {
  const labels = <T extends { label: string }>(rows: T[]) => rows.map((row) => row.label).sort();
  return {
    sessions: labels(await db.select({ label: sessions.tokenHash }).from(sessions)),
    loginCodes: labels(await db.select({ label: loginCodes.codeHash }).from(loginCodes)),
    emailTokens: labels(await db.select({ label: emailTokens.tokenHash }).from(emailTokens)),
    trustedDevices: labels(await db.select({ label: trustedDevices.tokenHash }).from(trustedDevices)),
    rateLimitCounters: labels(await db.select({ label: rateLimitCounters.key }).from(rateLimitCounters)),
    retiredUsernames: labels(
      await db.select({ label: retiredUsernames.skeletonHash }).from(retiredUsernames),
    ),
    storedImages: labels(await db.select({ label: storedImages.publicId }).from(storedImages)),
  };
}

const kept = (labels: string[]) => labels.filter((label) => !label.includes('gone'));

describe.each(backends)('housekeeping sweeps on %s', (backend) => {
  let database: Database & { drop(): Promise<void> };
  let db: Db;
  let now: Date;
  beforeEach(async () => {
    database = await openTestDatabase(backend);
    db = database.db;
    now = new Date();
    await seedStaleAndLiveRows(db, now);
  });
  afterEach(async () => {
    await database.drop();
  });

  it.each([
    ['sessions', () => sweepExpiredSessions(db, now), 1],
    ['loginCodes', () => sweepOldLoginCodes(db, now), 2],
    ['emailTokens', () => sweepOldEmailTokens(db, now), 2],
    ['trustedDevices', () => sweepExpiredTrustedDevices(db, now), 1],
    ['rateLimitCounters', () => sweepRateLimitCounters(db, now), 1],
    ['retiredUsernames', () => releaseRetiredUsernames(db, now), 1],
    ['storedImages', () => sweepOrphanedUploads(db, new DatabaseImageStore(db), now), 2],
  ] as const)(
    'sweeps %s: removes exactly the stale rows, and again removes nothing',
    async (table, sweep, count) => {
      const before = await remaining(db);
      expect(await sweep()).toBe(count);
      const after = await remaining(db);
      // Only this sweep's table changed, and in it only the rows labelled "gone".
      expect(after).toEqual({ ...before, [table]: kept(before[table]) });
      expect(before[table].length - after[table].length).toBe(count);
      expect(await sweep()).toBe(0);
      expect(await remaining(db)).toEqual(after);
    },
  );

  it('destroys unused Cloudinary uploads found in their records, and leaves stored_images alone', async () => {
    const [{ id: ownerId } = { id: 0 }] = await db.select({ id: users.id }).from(users).limit(1);
    const upload = (publicId: string, ageMs: number) => ({
      publicId,
      ownerId,
      createdAt: new Date(now.getTime() - ageMs),
    });
    await db
      .insert(cloudinaryUploads)
      .values([
        upload('encore/tickets/gone-orphan-two-days-old', 2 * DAY),
        upload('encore/tickets/kept-orphan-an-hour-old', HOUR),
        upload('img_kept_listed_two_days_old', 2 * DAY),
      ]);
    const destroys = interceptCloudinary(() => ({ status: 200, body: { result: 'ok' } }));
    const before = await remaining(db);
    expect(await sweepOrphanedUploads(db, new CloudinaryImageStore(CLOUD, db), now)).toBe(1);
    expect(destroys.map((request) => [request.path, field(request.body, 'public_id')])).toEqual([
      ['/v1_1/encore-demo/image/destroy', 'encore/tickets/gone-orphan-two-days-old'],
    ]);
    const left = await db.select({ publicId: cloudinaryUploads.publicId }).from(cloudinaryUploads);
    expect(left.map((row) => row.publicId).sort()).toEqual([
      'encore/tickets/kept-orphan-an-hour-old',
      'img_kept_listed_two_days_old',
    ]);
    expect(await remaining(db)).toEqual(before);
  });

  it('runs every sweep in one run; a second run changes nothing', async () => {
    const { log, errors } = recordingLog();
    const sweeps = startSweeps({ db, images: new DatabaseImageStore(db), intervalMs: HOUR, log });
    try {
      const before = await remaining(db);
      expect(await sweeps.runOnce()).toEqual({
        ran: true,
        removed: {
          sessions: 1,
          loginCodes: 2,
          emailTokens: 2,
          trustedDevices: 1,
          rateLimitCounters: 1,
          orphanedUploads: 2,
          idleParts: 0,
          retiredUsernames: 1,
        },
        failed: [],
      });
      const after = await remaining(db);
      expect(after).toEqual({
        sessions: kept(before.sessions),
        loginCodes: kept(before.loginCodes),
        emailTokens: kept(before.emailTokens),
        trustedDevices: kept(before.trustedDevices),
        rateLimitCounters: kept(before.rateLimitCounters),
        retiredUsernames: kept(before.retiredUsernames),
        storedImages: kept(before.storedImages),
      });
      expect(after.storedImages).toEqual(['img_kept_listed_two_days_old', 'img_kept_orphan_an_hour_old']);
      // The listed image is still there, bytes and all.
      expect(await new DatabaseImageStore(db).get('img_kept_listed_two_days_old')).not.toBeNull();

      expect(await sweeps.runOnce()).toEqual({
        ran: true,
        removed: {
          sessions: 0,
          loginCodes: 0,
          emailTokens: 0,
          trustedDevices: 0,
          rateLimitCounters: 0,
          orphanedUploads: 0,
          idleParts: 0,
          retiredUsernames: 0,
        },
        failed: [],
      });
      expect(await remaining(db)).toEqual(after);
    } finally {
      await sweeps.stop();
    }
    expect(errors).toEqual([]);
  });

  it('logs a failing sweep and still commits the others', async () => {
    await db.execute(sql`alter table trusted_devices rename to trusted_devices_elsewhere`);
    const { log, errors } = recordingLog();
    const sweeps = startSweeps({ db, images: new DatabaseImageStore(db), intervalMs: HOUR, log });
    try {
      const report = await sweeps.runOnce();
      expect(report).toMatchObject({
        ran: true,
        removed: { sessions: 1, loginCodes: 2, emailTokens: 2, rateLimitCounters: 1, orphanedUploads: 2 },
        failed: ['trustedDevices'],
      });
      expect(errors).toEqual([
        {
          details: expect.objectContaining({ sweep: 'trustedDevices' }),
          message: 'housekeeping sweep failed',
        },
      ]);
      const left = await db.select({ key: sessions.tokenHash }).from(sessions);
      expect(left.map((row) => row.key).sort()).toEqual(['kept-live', 'kept-live-other']);
    } finally {
      await sweeps.stop();
    }
  });

  it('sweeps on its own timer, and not after stop()', async () => {
    const { log, errors } = recordingLog();
    const sweeps = startSweeps({ db, images: new DatabaseImageStore(db), intervalMs: 25, log });
    const gone = async (tokenHash: string) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
        if (rows.length === 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return false;
    };
    expect(await gone('gone-expired')).toBe(true);
    await sweeps.stop();
    await db.insert(sessions).values({
      tokenHash: 'expired-after-stop',
      userId: (await db.select().from(users))[0]?.id ?? 0,
      expiresAt: now,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, 'expired-after-stop'))).toHaveLength(
      1,
    );
    expect(await sweeps.runOnce()).toEqual({ ran: false, reason: 'stopped' });
    expect(errors).toEqual([]);
  });

  it('stop() waits for the run in progress', async () => {
    const { log, errors } = recordingLog();
    const sweeps = startSweeps({ db, images: new DatabaseImageStore(db), intervalMs: HOUR, log });
    const settled: string[] = [];
    const run = sweeps.runOnce().then((report) => {
      settled.push('run');
      return report;
    });
    const stopped = sweeps.stop().then(() => settled.push('stop'));
    await Promise.all([run, stopped]);
    expect(settled).toEqual(['run', 'stop']);
    expect(await run).toMatchObject({ ran: true, removed: { sessions: 1, orphanedUploads: 2 } });
    expect(errors).toEqual([]);
  });

  it.skipIf(backend === 'pglite')(
    'lets one instance sweep at a time: a racing instance skips, and stop() waits for the holder',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL ?? '';
      const [{ name } = { name: '' }] = (
        (await db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
      ).rows;
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      // Two instances, each with its own pool, and a third connection that holds up whichever one wins.
      const instances = [
        await openPostgres(url.toString(), { poolSize: 2 }),
        await openPostgres(url.toString(), { poolSize: 2 }),
      ];
      const blocker = new pg.Client({ connectionString: url.toString() });
      await blocker.connect();
      const { log, errors } = recordingLog();
      const runners = instances.map((instance) =>
        startSweeps({ db: instance.db, images: new DatabaseImageStore(instance.db), intervalMs: HOUR, log }),
      );
      try {
        await blocker.query('begin');
        await blocker.query("select * from rate_limit_counters where key = 'gone-window-over' for update");

        const runs = runners.map((runner) => runner.runOnce());
        const first = await Promise.race(runs.map((run, index) => run.then((report) => ({ index, report }))));
        expect(first.report).toEqual({ ran: false, reason: 'locked' });
        const winner = 1 - first.index;
        const holders = await blocker.query(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and granted",
          [SWEEP_LOCK_KEY],
        );
        expect(holders.rows[0].n).toBe(1);

        // The winner is mid-run (waiting on the blocker's row lock); stopping it waits for that run.
        let stopDone = false;
        const stopping = runners[winner]?.stop().then(() => {
          stopDone = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(stopDone).toBe(false);

        await blocker.query('commit');
        await stopping;
        const won: SweepReport | undefined = await runs[winner];
        expect(won).toMatchObject({
          ran: true,
          removed: { sessions: 1, rateLimitCounters: 1, orphanedUploads: 2 },
          failed: [],
        });
        // The lock went with the transaction: the other instance can sweep now (and finds nothing left).
        expect(await runners[first.index]?.runOnce()).toMatchObject({
          ran: true,
          removed: { sessions: 0, rateLimitCounters: 0, orphanedUploads: 0 },
        });
      } finally {
        await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
        await Promise.all(runners.map((runner) => runner.stop()));
        await Promise.all(instances.map((instance) => instance.close()));
      }
      expect(errors).toEqual([]);
    },
  );
});
