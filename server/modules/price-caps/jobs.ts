import type { Db } from '../../db/client.js';
import {
  createJobRunner,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobRunner,
  scheduleJobNow,
} from '../../jobs/queue.js';
import { type PriceCapMailDeps, pausedListingMailOf, sendPausedListingMail } from './mail.js';
import { PRICE_CAP_MAIL_JOB, pauseListingsOverCap } from './pauses.js';

/**
 * The price-cap sweep (decision 0084): one durable job for all instances that runs every hour, so a rule's
 * effective day is met within the hour, and runs at once whenever an instance starts, so a table changed by
 * a deploy is applied right away. Each pause's e-mail is a job of its own.
 */
export const PRICE_CAPS_SWEEP_JOB = 'price_caps_sweep';
const SWEEP_KEY = 'every-hour';
export const PRICE_CAPS_SWEEP_EVERY_MS = 60 * 60_000;

export function priceCapJobHandlers(deps: PriceCapMailDeps): Record<string, JobHandler> {
  return {
    [PRICE_CAPS_SWEEP_JOB]: async () => {
      const now = deps.clock.now();
      const paused = await pauseListingsOverCap(deps.db, now);
      return {
        retryAt: new Date(now.getTime() + PRICE_CAPS_SWEEP_EVERY_MS),
        note: `hourly: paused ${paused.length} listing(s) above their price cap`,
      };
    },
    [PRICE_CAP_MAIL_JOB]: (job) => sendPausedListingMail(deps, pausedListingMailOf(job.payload)),
  };
}

export interface PriceCapSweeps {
  /** This instance's runner of the sweep and its e-mails (tests run it; server/main.ts runs every job). */
  runner: JobRunner;
  /** Makes the sweep due now (on every start: the table may have changed). */
  scheduleSweepNow(): Promise<void>;
}

export function createPriceCapSweeps(
  deps: PriceCapMailDeps & { db: Db; log: JobLog; leaseMs: number; jobObserver?: JobObserver },
): PriceCapSweeps {
  const runner = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: priceCapJobHandlers(deps),
    leaseMs: deps.leaseMs,
    observer: deps.jobObserver,
  });
  return {
    runner,
    scheduleSweepNow: () => scheduleJobNow(deps.db, PRICE_CAPS_SWEEP_JOB, SWEEP_KEY, {}, deps.clock.now()),
  };
}
