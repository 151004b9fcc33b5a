import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { giveBackLeases, type Lease, leaseKeeper } from './leases.js';

export interface JobRequest {
  /** What to do, e.g. 'payout'; the runner looks up its handler by this name. */
  kind: string;
  /** The business key (an order id, say): the same kind and key is one job, however often it is scheduled. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

/** Schedules a job; scheduling the same kind and key again leaves the first one as it is. */
export async function enqueueJob(db: DbOrTx, job: JobRequest): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] });
}

/**
 * Schedules a run of kind and key now. Unlike enqueueJob, a key that ran before runs again (a listing becomes
 * buyable many times). A run in progress loses its lease, so it cannot mark the job done over this newer
 * request; the job runs once more after it.
 */
export async function scheduleJobNow(
  db: DbOrTx,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  now: Date,
  options: { keepRetryBackoff?: boolean } = {},
): Promise<void> {
  // A job waiting out its backoff after a failure will run anyway; with keepRetryBackoff it keeps waiting.
  const waitingToRun = options.keepRetryBackoff
    ? sql`(${jobs.runAt} > ${now.toISOString()}::timestamptz and ${jobs.attempts} = 0)`
    : sql`${jobs.runAt} > ${now.toISOString()}::timestamptz`;
  await db
    .insert(jobs)
    .values({ kind, key, runAt: now, payload })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: { runAt: now, doneAt: null, lockedUntil: null, attempts: 0, lastError: null, gaveUpAt: null },
      setWhere: sql`${jobs.doneAt} is not null or ${waitingToRun} or ${jobs.lockedUntil} is not null`,
    });
}

/** Marks a job that has not run yet as no longer needed (a transfer completed before its deadline, say). */
export async function cancelJob(db: DbOrTx, kind: string, key: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ doneAt: now, lastError: 'cancelled' })
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key), isNull(jobs.doneAt)));
}

/**
 * An admin's Retry of a job that gave up (decision 0068): due now with a fresh count of attempts; its last
 * error stays until it runs. Answers the job, or null when none with this id gave up.
 */
export async function retryGivenUpJob(db: DbOrTx, id: number, now: Date) {
  const [job] = await db
    .update(jobs)
    .set({ gaveUpAt: null, attempts: 0, runAt: now, lockedUntil: null })
    .where(and(eq(jobs.id, id), isNull(jobs.doneAt), isNotNull(jobs.gaveUpAt)))
    .returning();
  return job ?? null;
}

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  /** Failed runs so far. */
  attempts: number;
}

/**
 * What a handler made of its job: finished, or not yet possible (a disputed sale, a seller without a payout
 * account) and to be looked at again at `retryAt`. A thrown error is a failure: retried with backoff.
 */
export type JobOutcome = { done: true } | { retryAt: Date; note: string };

export const jobDone: JobOutcome = { done: true };

export type JobHandler = (job: ClaimedJob, now: Date) => Promise<JobOutcome>;

export interface JobLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Told of each run's fate by kind (the metrics' counters, decision 0067). */
export interface JobObserver {
  /** A handler threw: the job is retried with backoff. */
  failed(kind: string): void;
  /** A job that failed before runs again. */
  retried(kind: string): void;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  log: JobLog;
  handlers: Record<string, JobHandler>;
  /**
   * How long a claim protects a job from other runners without a heartbeat: the runner renews it while the
   * job waits and runs, so a runner that dies leaves its jobs to others once this has passed.
   */
  leaseMs?: number;
  /** How often the runner renews the leases it holds; a third of the lease unless told. */
  heartbeatMs?: number;
  /** How often each instance looks for due jobs. */
  intervalMs?: number;
  /** Jobs claimed per statement. */
  batchSize?: number;
  observer?: JobObserver;
}

/**
 * A dead instance's jobs are taken over within a lease plus one poll of another instance: 25 s at most with
 * these (decision 0053). The lease outlasts two missed heartbeats.
 */
export const JOB_LEASE_MS = 15_000;
export const JOB_POLL_INTERVAL_MS = 10_000;
/** A run stops after this many jobs so a backlog cannot keep one instance busy forever; the next run goes on. */
const MAX_JOBS_PER_RUN = 500;
/** last_error keeps the start of the message: enough to diagnose, bounded for the row. */
export const MAX_JOB_ERROR_LENGTH = 500;
/**
 * After this many failed runs a job gives up (decision 0068): with the backoff below that is about a day of
 * retries. It keeps its row and last error and waits for an admin's Retry in the System tab.
 */
export const MAX_JOB_ATTEMPTS = 12;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 60 * 60_000;

/** 1, 2, 4 … minutes after each failure, at most six hours: a provider outage is retried without hammering it. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS);
}

export function boundedError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_JOB_ERROR_LENGTH);
}

interface Claim extends ClaimedJob, Lease {}

/**
 * Takes due jobs of the known kinds in one statement (its own short transaction): rows another runner is
 * taking right now are skipped (SKIP LOCKED), rows under a live lease are not due. The lease it writes is
 * what keeps other runners away after the statement commits; on PGlite's single connection nothing is held.
 */
async function claim(db: Db, kinds: string[], now: Date, leaseMs: number, limit: number): Promise<Claim[]> {
  if (kinds.length === 0) return [];
  const lockedUntil = new Date(now.getTime() + leaseMs);
  const at = now.toISOString();
  const kindList = sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    update ${jobs} set locked_until = ${lockedUntil.toISOString()}::timestamptz
    where id in (
      select id from ${jobs}
      where done_at is null and gave_up_at is null and run_at <= ${at}::timestamptz and kind in (${kindList})
        and (locked_until is null or locked_until <= ${at}::timestamptz)
      order by run_at, id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, key, payload, attempts, run_at`)) as unknown as {
    rows: (ClaimedJob & { run_at: Date | string })[];
  };
  // UPDATE … RETURNING answers in no particular order: the batch runs in the order it was due.
  const due = (row: { run_at: Date | string }) => new Date(row.run_at).getTime();
  return result.rows
    .sort((a, b) => due(a) - due(b) || a.id - b.id)
    .map(({ run_at: _runAt, ...row }) => ({ ...row, lockedUntil, lost: false }));
}

/** Only the holder of the current lease may record an outcome (a lease that expired may have been retaken). */
function leaseHeld(job: Claim) {
  return and(eq(jobs.id, job.id), eq(jobs.lockedUntil, job.lockedUntil), isNull(jobs.doneAt));
}

async function settle(db: Db, job: Claim, outcome: JobOutcome, now: Date): Promise<void> {
  if ('done' in outcome) {
    await db.update(jobs).set({ doneAt: now, lockedUntil: null }).where(leaseHeld(job));
    return;
  }
  await db
    .update(jobs)
    .set({
      runAt: outcome.retryAt,
      lockedUntil: null,
      lastError: outcome.note.slice(0, MAX_JOB_ERROR_LENGTH),
    })
    .where(leaseHeld(job));
}

async function fail(db: Db, job: Claim, error: unknown, now: Date): Promise<void> {
  const failures = job.attempts + 1;
  await db
    .update(jobs)
    .set({
      attempts: failures,
      runAt: new Date(now.getTime() + backoffMs(failures)),
      lockedUntil: null,
      lastError: boundedError(error),
      gaveUpAt: failures >= MAX_JOB_ATTEMPTS ? now : null,
    })
    .where(leaseHeld(job));
}

export interface JobRunner {
  /** Runs every due job now (tests call this after moving the clock); resolves with how many ran. */
  runOnce(): Promise<number>;
  /**
   * Stops claiming: a run in progress finishes the job it is running, hands the rest of its batch back to the
   * queue (giveBackLeases) and ends; later runs do nothing.
   */
  stop(): Promise<void>;
}

/**
 * The durable job runner (architecture: Jobs). Every instance runs one; a job is claimed by one runner at a
 * time, its handler runs outside any transaction, and it is marked done only while the lease is still
 * held. Handlers are idempotent by their business key, so a job run again after a crash does no harm.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, clock, log, handlers } = options;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const leases = leaseKeeper({
    db,
    clock,
    log,
    leaseMs,
    heartbeatMs: options.heartbeatMs ?? Math.floor(leaseMs / 3),
  });
  const batchSize = options.batchSize ?? 20;
  const kinds = Object.keys(handlers);
  let queue: Promise<unknown> = Promise.resolve();
  let stopping = false;

  /** Runs a claimed job unless its lease was lost while it waited in the batch; true when it ran. */
  async function runJob(job: Claim): Promise<boolean> {
    const handler = handlers[job.kind];
    if (!handler || job.lost) {
      await leases.release(job);
      return false;
    }
    if (job.attempts > 0) options.observer?.retried(job.kind);
    try {
      const outcome = await handler(job, clock.now());
      await leases.release(job);
      await settle(db, job, outcome, clock.now());
    } catch (error) {
      await leases.release(job);
      const gaveUp = job.attempts + 1 >= MAX_JOB_ATTEMPTS;
      log.error(
        { err: error, jobId: job.id, kind: job.kind, key: job.key, attempts: job.attempts + 1 },
        gaveUp ? 'job failed and gave up; an admin may retry it' : 'job failed; retried later',
      );
      options.observer?.failed(job.kind);
      await fail(db, job, error, clock.now());
    }
    return true;
  }

  async function work(): Promise<number> {
    let ran = 0;
    let claims = 0;
    while (claims < MAX_JOBS_PER_RUN && !stopping) {
      const claimed = await claim(db, kinds, clock.now(), leaseMs, batchSize);
      if (claimed.length === 0) break;
      claims += claimed.length;
      // The jobs waiting behind the one running keep their leases too.
      leases.hold(claimed);
      let next = 0;
      try {
        for (; next < claimed.length && !stopping; next += 1) {
          if (await runJob(claimed[next] as Claim)) ran += 1;
        }
      } finally {
        // A run stopped by an error or by stop() renews nothing it will not run, and gives it back.
        for (const job of claimed) await leases.release(job);
        await giveBackLeases(db, claimed.slice(next));
      }
    }
    if (ran > 0) log.info({ ran }, 'ran due jobs');
    return ran;
  }

  function runOnce(): Promise<number> {
    if (stopping) return Promise.resolve(0);
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }

  return {
    runOnce,
    async stop() {
      stopping = true;
      await queue;
    },
  };
}

/** Starts a runner that looks for due jobs every `intervalMs` (main.ts); tests use createJobRunner. */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const runner = createJobRunner(options);
  const intervalMs = options.intervalMs ?? JOB_POLL_INTERVAL_MS;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      runner
        .runOnce()
        .catch((error: unknown) => options.log.error({ err: error }, 'job runner failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  }
  schedule();
  return {
    runOnce: runner.runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await runner.stop();
    },
  };
}
