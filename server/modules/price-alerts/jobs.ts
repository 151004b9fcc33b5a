import type { Db } from '../../db/client.js';
import {
  type ClaimedJob,
  createJobRunner,
  enqueueJob,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobRunner,
  scheduleJobNow,
} from '../../jobs/queue.js';
import { sendMatchedAlertMail } from './mail.js';
import {
  matchListingAlerts,
  PRICE_ALERT_MATCH_LISTING_JOB,
  PRICE_ALERT_MATCHED_MAIL_JOB,
} from './matching.js';
import { endPassedPriceAlerts, type PriceAlertDeps } from './service.js';

/** Ends the alerts of passed events: one durable job that runs again every hour (decision 0060). */
export const PRICE_ALERTS_END_PASSED_JOB = 'price_alerts_end_passed';
const END_PASSED_KEY = 'every-hour';
const END_PASSED_EVERY_MS = 60 * 60_000;

function idIn(job: ClaimedJob, field: string): number {
  const value = job.payload[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`job payload has no ${field}`);
  return value;
}

/** Matching: quick statements, kept apart from the e-mails so a listing never waits behind another's mail. */
function matchingHandlers(deps: PriceAlertDeps): Record<string, JobHandler> {
  return {
    [PRICE_ALERT_MATCH_LISTING_JOB]: (job) =>
      matchListingAlerts(deps.db, idIn(job, 'ticketId'), deps.clock.now()),
  };
}

/** The e-mails of matched alerts, and the hourly ending of passed events' alerts. */
function mailHandlers(deps: PriceAlertDeps): Record<string, JobHandler> {
  return {
    [PRICE_ALERT_MATCHED_MAIL_JOB]: (job) => sendMatchedAlertMail(deps, idIn(job, 'alertId')),
    [PRICE_ALERTS_END_PASSED_JOB]: async () => {
      const now = deps.clock.now();
      const ended = await endPassedPriceAlerts(deps.db, now);
      return {
        retryAt: new Date(now.getTime() + END_PASSED_EVERY_MS),
        note: `hourly: ended ${ended} alert(s) of passed events`,
      };
    },
  };
}

/** Every price alert job, for every instance's job runner (server/main.ts). */
export function priceAlertJobHandlers(deps: PriceAlertDeps): Record<string, JobHandler> {
  return { ...matchingHandlers(deps), ...mailHandlers(deps) };
}

/**
 * The app's side of matching, as the bids' (decision 0045): a buyable listing schedules its durable job,
 * then this instance runs due jobs right away, so a fan hears within moments; the job stays for any
 * instance should this one stop.
 */
export interface PriceAlertMatching {
  /** This instance's runner of matching jobs. */
  runner: JobRunner;
  /** This instance's runner of the e-mails and the hourly ending, nudged after each matching run. */
  mailRunner: JobRunner;
  listingBuyable(ticketId: number): Promise<void>;
  /** Makes sure the hourly job that ends passed alerts exists (once per database; idempotent). */
  scheduleEndingPassed(): Promise<void>;
}

export function createPriceAlertMatching(
  deps: PriceAlertDeps & { db: Db; log: JobLog; leaseMs: number; jobObserver?: JobObserver },
): PriceAlertMatching {
  const runnerOf = (handlers: Record<string, JobHandler>) =>
    createJobRunner({
      db: deps.db,
      clock: deps.clock,
      log: deps.log,
      handlers,
      leaseMs: deps.leaseMs,
      observer: deps.jobObserver,
    });
  const runner = runnerOf(matchingHandlers(deps));
  const mailRunner = runnerOf(mailHandlers(deps));
  const nudge = () => {
    runner
      .runOnce()
      .then(() => mailRunner.runOnce())
      .catch((error: unknown) => deps.log.error({ err: error }, 'price alert matching failed'));
  };
  return {
    runner,
    mailRunner,
    async listingBuyable(ticketId) {
      // The listing is saved already: a job that could not be scheduled must not turn its answer into a 500.
      try {
        await scheduleJobNow(
          deps.db,
          PRICE_ALERT_MATCH_LISTING_JOB,
          `ticket:${ticketId}`,
          { ticketId },
          deps.clock.now(),
        );
        nudge();
      } catch (error) {
        deps.log.error({ err: error, ticketId }, 'could not schedule price alert matching');
      }
    },
    scheduleEndingPassed: () =>
      enqueueJob(deps.db, {
        kind: PRICE_ALERTS_END_PASSED_JOB,
        key: END_PASSED_KEY,
        runAt: deps.clock.now(),
      }),
  };
}
