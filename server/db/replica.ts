import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { ReplicaForLoads } from '../lib/synced-index.js';
import type { Db } from './client.js';

/**
 * A read replica for the heavy reads (decision 0095): event pages and the price story read `db`, which is
 * the replica while it is at most `maxLagMs` behind the primary, and the primary otherwise: when the lag is
 * unknown (the replica unreachable, or not a replica at all), and for a visitor whose own write is younger
 * than the bound (read-your-writes).
 */
export interface ReadReplica {
  /** Answers each query on the replica or the primary, as the guard says at that moment. */
  db: Db;
  /** Runs `work` as the request of `writer` (a session), whose recent writes send its reads to the primary. */
  within(writer: string | null, work: () => void): void;
  /** `writer` just wrote: its reads go to the primary for the next `maxLagMs`. */
  wrote(writer: string): void;
  /** Checks the lag now (the timer does it every LAG_CHECK_MS). */
  checkLag(): Promise<void>;
  /** True while reads go to the replica. */
  readonly fresh: boolean;
  /** The search indexes' full loads, which read the replica once it has caught up with the primary. */
  forIndexLoads: ReplicaForLoads;
  stop(): void;
}

const LAG_CHECK_MS = 500;
/** Writers remembered at most; beyond it the oldest are forgotten early (their reads risk a stale page). */
const WRITERS_MAX = 100_000;

/** Whether the replica has replayed the primary's log up to `lsn`; false for a database that is no replica. */
export async function replayedPast(replica: Db, lsn: string): Promise<boolean> {
  const result = (await replica.execute(sql`
    select coalesce(pg_is_in_recovery() and pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, false) as replayed`)) as unknown as {
    rows: { replayed: boolean }[];
  };
  return result.rows[0]?.replayed === true;
}

/**
 * How far the replica's replay is behind, in milliseconds; null when it is not replaying (not a replica).
 * A replica that has replayed all it received is current, however long ago the primary last wrote.
 */
export async function streamingLagMs(replica: Db): Promise<number | null> {
  const result = (await replica.execute(sql`
    select case
      when not pg_is_in_recovery() then null
      when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000
    end::float8 as lag`)) as unknown as { rows: { lag: number | null }[] };
  return result.rows[0]?.lag ?? null;
}

export function startReadReplica(options: {
  primary: Db;
  replica: Db;
  maxLagMs: number;
  /** Defaults to streamingLagMs on the replica. */
  lagMs?: () => Promise<number | null>;
  /** Defaults to replayedPast on the replica. */
  replayedPast?: (lsn: string) => Promise<boolean>;
  onError?: (error: Error) => void;
  now?: () => number;
}): ReadReplica {
  const { primary, replica, maxLagMs } = options;
  const lagMs = options.lagMs ?? (() => streamingLagMs(replica));
  const now = options.now ?? Date.now;
  const scope = new AsyncLocalStorage<string | null>();
  const writes = new Map<string, number>();
  let fresh = false;

  const current = (): Db => {
    if (!fresh) return primary;
    const writer = scope.getStore();
    const wroteAt = writer ? writes.get(writer) : undefined;
    return wroteAt !== undefined && now() - wroteAt < maxLagMs ? primary : replica;
  };
  const checkLag = async () => {
    try {
      const lag = await lagMs();
      fresh = lag !== null && lag <= maxLagMs;
    } catch (error) {
      fresh = false;
      options.onError?.(error as Error);
    }
  };
  const timer = setInterval(() => void checkLag(), LAG_CHECK_MS);
  timer.unref();
  void checkLag();
  // Each property is the one of whichever database answers now: a query built on it runs there.
  const db = new Proxy({} as Db, {
    get(_target, key) {
      const target = current();
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db,
    within: (writer, work) => scope.run(writer, work),
    wrote(writer) {
      writes.delete(writer);
      writes.set(writer, now());
      if (writes.size > WRITERS_MAX) writes.delete(writes.keys().next().value as string);
    },
    checkLag,
    forIndexLoads: {
      db: replica,
      replayedPast: options.replayedPast ?? ((lsn) => replayedPast(replica, lsn)),
      waitMs: maxLagMs,
    },
    get fresh() {
      return fresh;
    },
    stop: () => clearInterval(timer),
  };
}
