import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { ManualClock } from '../lib/clock.js';
import { backends, openTestDatabase, type ThrowawayDatabase } from '../test/harness.js';
import {
  backoffMs,
  type ClaimedJob,
  createJobRunner,
  enqueueJob,
  type JobHandler,
  jobDone,
  MAX_JOB_ATTEMPTS,
  MAX_JOB_ERROR_LENGTH,
  retryGivenUpJob,
  scheduleJobNow,
} from './queue.js';

const quiet = { info: () => undefined, error: () => undefined };
const START = new Date('2030-03-01T12:00:00Z');

describe.each(backends)('durable job runner on %s', (backend) => {
  let database: ThrowawayDatabase;
  afterEach(async () => {
    await database?.drop();
  });

  async function open() {
    database = await openTestDatabase(backend);
    return database.db;
  }
  const rowOf = async (key: string) => {
    const [row] = await database.db.select().from(jobs).where(eq(jobs.key, key));
    return row;
  };

  it('runs a job once it is due, never before, and marks it done', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    const ran: string[] = [];
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      handlers: {
        greet: async (job) => {
          ran.push(job.key);
          return jobDone;
        },
      },
    });
    await enqueueJob(db, { kind: 'greet', key: 'a', runAt: new Date(START.getTime() + 60_000) });
    await enqueueJob(db, { kind: 'greet', key: 'a', runAt: START });
    expect(await runner.runOnce()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runOnce()).toBe(1);
    expect(await runner.runOnce()).toBe(0);
    expect(ran).toEqual(['a']);
    const row = await rowOf('a');
    expect(row?.doneAt?.getTime()).toBe(clock.now().getTime());
    expect(row?.lockedUntil).toBeNull();
  });

  it('gives up a job after its last allowed failure, keeps its last error, and runs it again once retried', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    let healthy = false;
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      handlers: {
        stubborn: async () => {
          if (!healthy) throw new Error('provider down');
          return jobDone;
        },
      },
    });
    await enqueueJob(db, { kind: 'stubborn', key: 's', runAt: START });
    for (let failure = 1; failure <= MAX_JOB_ATTEMPTS; failure += 1) {
      expect(await runner.runOnce()).toBe(1);
      const row = await rowOf('s');
      expect(row?.attempts).toBe(failure);
      expect(row?.gaveUpAt?.getTime() ?? null).toBe(
        failure === MAX_JOB_ATTEMPTS ? clock.now().getTime() : null,
      );
      clock.advance(backoffMs(failure));
    }
    // Given up: however long one waits, no runner claims it.
    clock.advance(30 * 24 * 60 * 60_000);
    expect(await runner.runOnce()).toBe(0);
    const givenUp = await rowOf('s');
    expect(givenUp?.lastError).toBe('Error: provider down');
    expect(givenUp?.doneAt).toBeNull();

    expect(await retryGivenUpJob(db, givenUp?.id ?? 0, clock.now())).toMatchObject({
      attempts: 0,
      gaveUpAt: null,
      runAt: clock.now(),
    });
    // A job that has not given up cannot be retried this way.
    expect(await retryGivenUpJob(db, givenUp?.id ?? 0, clock.now())).toBeNull();
    healthy = true;
    expect(await runner.runOnce()).toBe(1);
    expect((await rowOf('s'))?.doneAt?.getTime()).toBe(clock.now().getTime());
  });

  it('retries a failing job with exponential backoff and a bounded last_error', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    let calls = 0;
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      handlers: {
        flaky: async () => {
          calls += 1;
          if (calls < 3) throw new Error(`provider down ${'x'.repeat(2_000)}`);
          return jobDone;
        },
      },
    });
    await enqueueJob(db, { kind: 'flaky', key: 'f', runAt: START });
    await runner.runOnce();
    let row = await rowOf('f');
    expect(row?.attempts).toBe(1);
    expect(row?.runAt.getTime()).toBe(START.getTime() + 60_000);
    expect(row?.lastError?.startsWith('Error: provider down')).toBe(true);
    expect(row?.lastError?.length).toBe(MAX_JOB_ERROR_LENGTH);
    expect(row?.doneAt).toBeNull();

    clock.advance(59_000);
    expect(await runner.runOnce()).toBe(0);
    clock.advance(1_000);
    await runner.runOnce();
    row = await rowOf('f');
    expect(row?.attempts).toBe(2);
    expect(row?.runAt.getTime()).toBe(clock.now().getTime() + 120_000);

    clock.advance(120_000);
    await runner.runOnce();
    row = await rowOf('f');
    expect(calls).toBe(3);
    expect(row?.doneAt).not.toBeNull();
    expect([1, 2, 3, 4, 20].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000, 6 * 3_600_000]);
  });

  it('runs a job scheduled now at once, and keeps a failed one waiting out its backoff when asked to', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    const runs: string[] = [];
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      handlers: {
        refused: async (job) => {
          runs.push(job.key);
          throw new Error('refused');
        },
      },
    });
    await scheduleJobNow(db, 'refused', 'kept', {}, clock.now());
    await scheduleJobNow(db, 'refused', 'reset', {}, clock.now());
    await runner.runOnce();
    expect(runs.sort()).toEqual(['kept', 'reset']);

    await scheduleJobNow(db, 'refused', 'kept', {}, clock.now(), { keepRetryBackoff: true });
    await scheduleJobNow(db, 'refused', 'reset', {}, clock.now());
    await runner.runOnce();
    expect(runs.sort()).toEqual(['kept', 'reset', 'reset']);
    expect(await rowOf('kept')).toMatchObject({ attempts: 1, runAt: new Date(START.getTime() + 60_000) });
    expect((await rowOf('reset'))?.attempts).toBe(1);
  });

  it('puts a job that cannot finish yet back to its retry time without counting a failure', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    const later = new Date(START.getTime() + 86_400_000);
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      handlers: { wait: async () => ({ retryAt: later, note: 'on hold' }) },
    });
    await enqueueJob(db, { kind: 'wait', key: 'w', runAt: START });
    await runner.runOnce();
    const row = await rowOf('w');
    expect(row).toMatchObject({ attempts: 0, lastError: 'on hold', doneAt: null, lockedUntil: null });
    expect(row?.runAt.getTime()).toBe(later.getTime());
  });

  it('takes over a job whose runner died once its lease has expired, and the dead runner cannot settle it', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    // The first runner hangs inside the handler and never beats again, as a process that died mid-job.
    const dying = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      heartbeatMs: 3_600_000,
      handlers: {
        pay: async () => {
          started.push('dying');
          await stuck;
          return jobDone;
        },
      },
    });
    const healthy = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      handlers: {
        pay: async () => {
          started.push('healthy');
          return jobDone;
        },
      },
    });
    await enqueueJob(db, { kind: 'pay', key: 'p', runAt: START });
    const hanging = dying.runOnce();
    await expect.poll(() => started).toEqual(['dying']);
    expect(await healthy.runOnce()).toBe(0);
    clock.advance(60_000);
    expect(await healthy.runOnce()).toBe(1);
    expect(started).toEqual(['dying', 'healthy']);
    const done = await rowOf('p');
    expect(done?.doneAt).not.toBeNull();
    // The old holder wakes up; its lease is gone, so it changes nothing.
    clock.advance(10_000);
    release();
    await hanging;
    expect((await rowOf('p'))?.doneAt?.getTime()).toBe(done?.doneAt?.getTime());
  });

  it('renews the leases of the running job and of the jobs waiting behind it, so no other runner takes them', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: string[] = [];
    const handler = (name: string): JobHandler => {
      return async (job) => {
        ran.push(`${name}:${job.key}`);
        if (job.key === 'slow') await stuck;
        return jobDone;
      };
    };
    const holder = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      heartbeatMs: 10,
      handlers: { pay: handler('holder') },
    });
    const other = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      handlers: { pay: handler('other') },
    });
    await enqueueJob(db, { kind: 'pay', key: 'slow', runAt: START });
    await enqueueJob(db, { kind: 'pay', key: 'waiting', runAt: new Date(START.getTime() + 1) });
    clock.advance(1);
    const running = holder.runOnce();
    await expect.poll(() => ran).toEqual(['holder:slow']);
    // Three times the lease goes by; each heartbeat moves both leases a full lease past the clock.
    for (let step = 1; step <= 6; step += 1) {
      clock.advance(30_000);
      const renewedTo = clock.now().getTime() + 60_000;
      await expect
        .poll(async () => [
          (await rowOf('slow'))?.lockedUntil?.getTime(),
          (await rowOf('waiting'))?.lockedUntil?.getTime(),
        ])
        .toEqual([renewedTo, renewedTo]);
      expect(await other.runOnce()).toBe(0);
    }
    release();
    expect(await running).toBe(2);
    expect(ran).toEqual(['holder:slow', 'holder:waiting']);
    expect(await rowOf('waiting')).toMatchObject({ lockedUntil: null, attempts: 0 });
    expect((await rowOf('waiting'))?.doneAt).not.toBeNull();
  });

  it('does not run a job whose lease it lost while the job waited behind another', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ran: string[] = [];
    const handler = (name: string): JobHandler => {
      return async (job) => {
        ran.push(`${name}:${job.key}`);
        if (job.key === 'slow' && name === 'holder') await stuck;
        return jobDone;
      };
    };
    const holder = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      heartbeatMs: 10,
      handlers: { pay: handler('holder') },
    });
    const other = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      handlers: { pay: handler('other') },
    });
    await enqueueJob(db, { kind: 'pay', key: 'slow', runAt: START });
    await enqueueJob(db, { kind: 'pay', key: 'waiting', runAt: new Date(START.getTime() + 1) });
    clock.advance(1);
    const running = holder.runOnce();
    await expect.poll(() => ran).toEqual(['holder:slow']);
    // The waiting job is asked for again (as a listing that becomes buyable once more is): its lease ends,
    // and the other runner runs it at once.
    await db.update(jobs).set({ lockedUntil: null }).where(eq(jobs.key, 'waiting'));
    expect(await other.runOnce()).toBe(1);
    const done = await rowOf('waiting');
    expect(done?.doneAt).not.toBeNull();
    // A few heartbeats later the holder knows; it finishes its slow job and leaves the other one alone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await running).toBe(1);
    expect(ran).toEqual(['holder:slow', 'other:waiting']);
    expect((await rowOf('waiting'))?.doneAt?.getTime()).toBe(done?.doneAt?.getTime());
  });
  it('stops claiming on stop(): finishes the job it runs and hands the rest of its batch back (decision 0067)', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const finishing = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const ran: string[] = [];
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      leaseMs: 60_000,
      handlers: {
        slow: async (job) => {
          ran.push(job.key);
          started();
          await finishing;
          return jobDone;
        },
      },
    });
    for (const key of ['a', 'b', 'c']) await enqueueJob(db, { kind: 'slow', key, runAt: START });
    const run = runner.runOnce();
    await running;
    // The whole batch is claimed while the first job runs.
    expect((await rowOf('b'))?.lockedUntil).not.toBeNull();
    const stopped = runner.stop();
    finish();
    await stopped;
    await expect(run).resolves.toBe(1);
    expect(ran).toEqual(['a']);
    expect((await rowOf('a'))?.doneAt).not.toBeNull();
    for (const key of ['b', 'c']) {
      const row = await rowOf(key);
      expect(row?.lockedUntil).toBeNull();
      expect(row?.doneAt).toBeNull();
    }
    // A stopped runner claims nothing more; another instance takes the given-back jobs at once.
    expect(await runner.runOnce()).toBe(0);
    const other = createJobRunner({ db, clock, log: quiet, handlers: { slow: async () => jobDone } });
    expect(await other.runOnce()).toBe(2);
  });

  it('tells its observer of each failure and each retry by kind (the metrics, decision 0067)', async () => {
    const db = await open();
    const clock = new ManualClock(START);
    const seen: string[] = [];
    let fails = true;
    const runner = createJobRunner({
      db,
      clock,
      log: quiet,
      observer: {
        failed: (kind) => seen.push(`failed ${kind}`),
        retried: (kind) => seen.push(`retried ${kind}`),
      },
      handlers: {
        flaky: async () => {
          if (fails) throw new Error('provider down');
          return jobDone;
        },
      },
    });
    await enqueueJob(db, { kind: 'flaky', key: 'x', runAt: START });
    await runner.runOnce();
    expect(seen).toEqual(['failed flaky']);
    fails = false;
    clock.advance(backoffMs(1));
    await runner.runOnce();
    expect(seen).toEqual(['failed flaky', 'retried flaky']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several runners on PostgreSQL', () => {
  let database: ThrowawayDatabase;
  afterEach(async () => {
    await database?.drop();
  });

  it('never runs a job twice when four instances with their own pools run at the same time', async () => {
    database = await openTestDatabase('postgres');
    const clock = new ManualClock(START);
    const runs = new Map<string, number>();
    const handler: JobHandler = async (job: ClaimedJob) => {
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
      // Long enough for the other runners to look at the same rows meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return jobDone;
    };
    for (let index = 0; index < 120; index += 1)
      await enqueueJob(database.db, { kind: 'pay', key: `k${index}`, runAt: START });
    const pools = await Promise.all([1, 2, 3, 4].map(() => openPostgres(database.url as string)));
    try {
      const runners = pools.map((pool) =>
        createJobRunner({ db: pool.db, clock, log: quiet, batchSize: 5, handlers: { pay: handler } }),
      );
      const counts = await Promise.all(runners.map((runner) => runner.runOnce()));
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(120);
      expect(counts.filter((count) => count > 0).length).toBeGreaterThan(1);
      expect(runs.size).toBe(120);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
