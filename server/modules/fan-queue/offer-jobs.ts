import type { Db } from '../../db/client.js';
import {
  type ClaimedJob,
  createJobRunner,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobOutcome,
  type JobRunner,
  jobDone,
  scheduleJobNow,
} from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { scheduleListingMatch } from '../bids/schedule.js';
import { PRICE_ALERT_MATCH_LISTING_JOB } from '../price-alerts/matching.js';
import type { MoneyDeps } from '../sales/deps.js';
import { buyOffer, settleOfferPurchase, stopOfferPurchase } from './buy-for-me.js';
import { endOffer, type HandOn, openOfferOfEntry, openOfferOfHold } from './offer-ends.js';
import { sendOfferMail } from './offer-mail.js';
import {
  FAN_QUEUE_BUY_JOB,
  FAN_QUEUE_OFFER_JOB,
  FAN_QUEUE_OFFER_LAPSE_JOB,
  FAN_QUEUE_OFFER_MAIL_JOB,
  mayGoToQueue,
  offerRow,
} from './offers.js';

/**
 * The Fan Queue's durable jobs (decision 0100): a buyable listing's offer, an offer's expiry, its e-mail and
 * its "buy for me" purchase (the money path's dependencies). `passedOn` is what follows for a listing the
 * queue did not take: bid matching, then price alerts.
 */
export interface OfferJobDeps extends MoneyDeps {
  passedOn(ticketId: number): Promise<void>;
}

function idIn(job: ClaimedJob, field: string): number {
  const value = job.payload[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`job payload has no ${field}`);
  return value;
}

/** After the commit: what no entry took goes on; a row still busy is looked at again when it is free. */
async function followUp(deps: OfferJobDeps, run: HandOn): Promise<JobOutcome> {
  if (run.retryAt)
    return { retryAt: run.retryAt, note: 'the offer’s hold is still live; handed on once it ends' };
  if (run.passOn !== null) await deps.passedOn(run.passOn);
  return jobDone;
}

/** The queue's job handlers, for the app's runner and every instance's (server/main.ts). */
export function fanQueueOfferJobHandlers(deps: OfferJobDeps): Record<string, JobHandler> {
  return {
    [FAN_QUEUE_OFFER_JOB]: async (job, now) => {
      const run = await deps.db.transaction((tx) => offerRow(tx, idIn(job, 'ticketId'), now));
      if (run.busyUntil) return { retryAt: run.busyUntil, note: 'held or being edited; offered once free' };
      return followUp(deps, run);
    },
    [FAN_QUEUE_OFFER_LAPSE_JOB]: async (job, now) => {
      const offerId = idIn(job, 'offerId');
      await settleOfferPurchase(deps, offerId);
      return followUp(deps, await endOffer(deps.db, offerId, 'lapsed', now));
    },
    [FAN_QUEUE_OFFER_MAIL_JOB]: (job) => sendOfferMail(deps, idIn(job, 'offerId')),
    [FAN_QUEUE_BUY_JOB]: (job) => buyOffer(deps, idIn(job, 'offerId')),
  };
}

/**
 * `passedOn` for an instance without the app's matchers (server/main.ts's runner): the durable jobs of bid
 * matching and price alerts, which any instance runs.
 */
export function scheduleMarketFor(db: Db, clock: Clock) {
  return async (ticketId: number): Promise<void> => {
    await scheduleListingMatch(db, ticketId, clock.now());
    await scheduleJobNow(db, PRICE_ALERT_MATCH_LISTING_JOB, `ticket:${ticketId}`, { ticketId }, clock.now());
  };
}

/** The app's side of the queue, as the bids' matching: durable jobs, run at once on this instance. */
export interface FanQueueOffers {
  /** This instance's runner of the queue's jobs (tests await runner.runOnce() after moving the clock). */
  runner: JobRunner;
  /** A listing became buyable: the queue first, then (if it passes) bids and alerts. */
  listingBuyable(ticketId: number): Promise<void>;
  /** The member left the line (helper of the DELETE route): their open offer is withdrawn and handed on. */
  leftWithOffer(entryId: number): Promise<void>;
  /** The member let go of a hold: true when it was an offer's, now withdrawn and handed on. */
  released(ticketId: number, memberId: number): Promise<boolean>;
}

export function createFanQueueOffers(
  deps: OfferJobDeps & { log: JobLog; leaseMs: number; jobObserver?: JobObserver },
): FanQueueOffers {
  const runner = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: fanQueueOfferJobHandlers(deps),
    leaseMs: deps.leaseMs,
    observer: deps.jobObserver,
  });
  const nudge = () => {
    runner.runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'fan queue offers failed'));
  };
  const withdraw = async (offerId: number | null): Promise<boolean> => {
    if (offerId === null) return false;
    await stopOfferPurchase(deps, offerId);
    const run = await endOffer(deps.db, offerId, 'withdrawn', deps.clock.now());
    if (run.passOn !== null) await deps.passedOn(run.passOn);
    // The next entry's e-mail.
    if (run.offered.length > 0) nudge();
    return true;
  };
  return {
    runner,
    async listingBuyable(ticketId) {
      // The listing is saved already: a failure here must not turn its answer into a 500, and must not
      // keep it from bids and alerts.
      try {
        if (!(await mayGoToQueue(deps.db, ticketId))) return await deps.passedOn(ticketId);
        await scheduleJobNow(
          deps.db,
          FAN_QUEUE_OFFER_JOB,
          `ticket:${ticketId}`,
          { ticketId },
          deps.clock.now(),
        );
        nudge();
      } catch (error) {
        deps.log.error({ err: error, ticketId }, 'could not schedule the fan queue offer; passed on');
        await deps.passedOn(ticketId);
      }
    },
    leftWithOffer: async (entryId) => {
      await withdraw(await openOfferOfEntry(deps.db, entryId));
    },
    released: async (ticketId, memberId) => withdraw(await openOfferOfHold(deps.db, ticketId, memberId)),
  };
}
