import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

/**
 * The lease of a claimed job (decision 0053). `lockedUntil` is also the lease's token: only the runner whose
 * value is still in the row may renew the lease or record the job's outcome.
 */
export interface Lease {
  id: number;
  lockedUntil: Date;
  /** The row no longer carries this lease (it was renewed too late, or the job was scheduled again). */
  lost: boolean;
}

export interface LeaseLog {
  error(details: object, message: string): void;
}

/**
 * The heartbeat of one runner: every `heartbeatMs` it moves the lease of every job it holds to `leaseMs`
 * from now, in one statement per lease value (normally one: a batch is claimed together). A runner that
 * dies stops renewing, so its jobs are free a lease after its last heartbeat instead of after a long lease
 * sized for the slowest job.
 */
export function leaseKeeper(options: {
  db: Db;
  clock: Clock;
  log: LeaseLog;
  leaseMs: number;
  heartbeatMs: number;
}) {
  const { db, clock, log, leaseMs, heartbeatMs } = options;
  const held = new Set<Lease>();
  let renewal: Promise<void> = Promise.resolve();
  let renewing = false;
  let timer: NodeJS.Timeout | undefined;

  async function renewAll(): Promise<void> {
    const byToken = new Map<number, Lease[]>();
    for (const lease of held) {
      const same = byToken.get(lease.lockedUntil.getTime()) ?? [];
      same.push(lease);
      byToken.set(lease.lockedUntil.getTime(), same);
    }
    const lockedUntil = new Date(clock.now().getTime() + leaseMs);
    for (const [token, leases] of byToken) {
      try {
        const renewed = await db
          .update(jobs)
          .set({ lockedUntil })
          .where(
            and(
              inArray(
                jobs.id,
                leases.map((lease) => lease.id),
              ),
              eq(jobs.lockedUntil, new Date(token)),
              isNull(jobs.doneAt),
            ),
          )
          .returning({ id: jobs.id });
        const ids = new Set(renewed.map((row) => row.id));
        for (const lease of leases) {
          if (ids.has(lease.id)) lease.lockedUntil = lockedUntil;
          else {
            lease.lost = true;
            held.delete(lease);
          }
        }
      } catch (error) {
        // The lease still runs; the next heartbeat tries again well before it ends.
        log.error({ err: error, jobIds: leases.map((lease) => lease.id) }, 'could not renew job leases');
      }
    }
  }

  function beat(): void {
    // A renewal slower than the heartbeat (a loaded database) is not queued up behind itself.
    if (renewing) return;
    renewing = true;
    renewal = renewAll().finally(() => {
      renewing = false;
    });
  }

  return {
    /** Starts renewing these leases (the runner's freshly claimed batch). */
    hold(leases: Lease[]): void {
      for (const lease of leases) held.add(lease);
      if (!timer && held.size > 0) {
        timer = setInterval(beat, heartbeatMs);
        timer.unref();
      }
    },
    /**
     * Stops renewing a lease and waits for a renewal under way, so `lockedUntil` is the row's value when the
     * runner then records the outcome.
     */
    async release(lease: Lease): Promise<void> {
      held.delete(lease);
      if (held.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
      await renewal;
    },
  };
}

/**
 * Hands claimed jobs this runner will not run back to the queue (a draining instance, decision 0067): each
 * lease still carrying this runner's token ends now, so another instance may claim the job at once instead
 * of waiting for the lease to run out. Call after `release`, so no renewal is under way.
 */
export async function giveBackLeases(db: Db, leases: Lease[]): Promise<void> {
  const byToken = new Map<number, number[]>();
  for (const lease of leases) {
    if (lease.lost) continue;
    const ids = byToken.get(lease.lockedUntil.getTime()) ?? [];
    ids.push(lease.id);
    byToken.set(lease.lockedUntil.getTime(), ids);
  }
  for (const [token, ids] of byToken)
    await db
      .update(jobs)
      .set({ lockedUntil: null })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedUntil, new Date(token)), isNull(jobs.doneAt)));
}
