import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Cdn, EVENT_PAGES_SURROGATE_KEY, showSurrogateKey } from '../../adapters/cdn/cdn.js';
import type { Db } from '../../db/client.js';
import {
  createJobRunner,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobRunner,
  jobDone,
  scheduleJobNow,
} from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { type PeriodicRun, startPeriodicRun } from '../../lib/periodic-run.js';

/**
 * The CDN keeps a visitor's event page a few seconds (decision 0090); when a show changes, its pages are
 * purged from the CDN within about a second. Each instance looks every second at the change counters the
 * search indexes read (listings: migration 0007; the catalog's search documents: migration 0021); when
 * one moved, it reads which shows changed since it last looked and schedules a durable purge job per show
 * (one job per show, however many instances schedule it), which it then runs once every instance's page
 * reflects the change (`settleMs`: the change counters the pages read are at most that old, decision 0089),
 * so that the CDN's next request cannot fetch the page as it was. A purge the CDN refuses is retried with
 * the job queue's backoff.
 */

export const CDN_PURGE_JOB = 'cdn_purge';
/** How often each instance looks at the change counters. */
export const CDN_PURGE_WATCH_MS = 1_000;
/** More shows changed at once than this (a bulk import) purges every event page at once. */
export const MAX_SHOWS_PER_PURGE = 500;

interface Position {
  versions: string;
  /** Every row a transaction not yet visible writes will carry a change time at or after this. */
  horizon: string;
  /** A transaction that has written was still open: its rows are read on a later look, counters moved or not. */
  writing: boolean;
}

/**
 * The counters, and the horizon from which changed rows are read: the earlier of now and the start of the
 * oldest transaction that has written and not finished, less a second for clock steps (as the search
 * indexes' SyncedIndex reads it).
 */
async function positionOf(db: Db): Promise<Position> {
  const result = (await db.execute(sql`
    select (select (case when is_called then last_value else 0 end)::text from listing_changes) || '.' ||
        (select (case when is_called then last_value else 0 end)::text from event_search_changes) as versions,
      (least(statement_timestamp(), writer.since) - interval '1 second')::text as horizon,
      writer.since is not null as writing
    from (select min(xact_start) as since from pg_stat_activity
      where backend_xid is not null and datname = current_database() and pid <> pg_backend_pid()) writer`)) as unknown as {
    rows: Position[];
  };
  return result.rows[0] as Position;
}

/**
 * The shows whose listings or catalog entry changed at or after `since`, or null when more than
 * MAX_SHOWS_PER_PURGE did. A deleted listing's show is not known any more: its page leaves the CDN by age.
 */
async function changedShows(db: Db, since: string): Promise<number[] | null> {
  const result = (await db.execute(sql`
    select event_id from tickets where search_changed_at >= ${since}::timestamptz and event_id is not null
    union
    select event_id from event_search where changed_at >= ${since}::timestamptz
    union
    select event_id from event_search_removals where removed_at >= ${since}::timestamptz
    limit ${MAX_SHOWS_PER_PURGE + 1}`)) as unknown as { rows: { event_id: number }[] };
  return result.rows.length > MAX_SHOWS_PER_PURGE ? null : result.rows.map((row) => row.event_id);
}

export interface CdnPurgesOptions {
  db: Db;
  clock: Clock;
  cdn: Cdn;
  log: JobLog;
  leaseMs: number;
  jobObserver?: JobObserver;
  watchMs?: number;
  /** How old, at most, the change counters are that an instance's event pages are served by (real time). */
  settleMs: number;
}

export interface CdnPurges {
  cdn: Cdn;
  /** The purge job's handler, for the instance's job runner (server/main.ts). */
  handlers: Record<string, JobHandler>;
  /** This instance's runner of purge jobs: the watcher runs it after scheduling; tests run it too. */
  runner: JobRunner;
  /** One look at the counters now (tests); resolves with the surrogate keys scheduled for a purge. */
  look(): Promise<string[]>;
  stop(): Promise<void>;
}

/** The CDN's purges, watched from the change counters; with no CDN configured, the keys are only recorded. */
export function startCdnPurges(options: CdnPurgesOptions): CdnPurges {
  const { db, clock, cdn, log } = options;
  const handlers: Record<string, JobHandler> = {
    [CDN_PURGE_JOB]: async (job) => {
      await cdn.purge([job.key]);
      return jobDone;
    },
  };
  const runner = createJobRunner({
    db,
    clock,
    log,
    handlers,
    leaseMs: options.leaseMs,
    observer: options.jobObserver,
  });
  let last: Position | null = null;

  async function look(): Promise<string[]> {
    const now = await positionOf(db);
    const before = last;
    if (before && before.versions === now.versions && !before.writing) return [];
    last = now;
    // The first look only marks where this instance starts: what changed before is in no page it served.
    if (!before) return [];
    const shows = await changedShows(db, before.horizon);
    const keys = shows === null ? [EVENT_PAGES_SURROGATE_KEY] : shows.map(showSurrogateKey);
    if (keys.length === 0) return [];
    if (cdn.kind === 'none') {
      await cdn.purge(keys);
      return keys;
    }
    // A purge the CDN refused keeps its backoff: its retry purges this change too.
    for (const key of keys) {
      await scheduleJobNow(db, CDN_PURGE_JOB, key, {}, clock.now(), { keepRetryBackoff: true });
    }
    await delay(options.settleMs);
    await runner.runOnce();
    return keys;
  }

  const watch: PeriodicRun<string[]> = startPeriodicRun({
    work: look,
    intervalMs: options.watchMs ?? CDN_PURGE_WATCH_MS,
    onError: (error) => log.error({ err: error }, 'looking for shows to purge from the CDN failed'),
    stoppedResult: [],
  });
  return {
    cdn,
    handlers,
    runner,
    look: () => watch.runOnce(),
    async stop() {
      await watch.stop();
      await runner.stop();
    },
  };
}
