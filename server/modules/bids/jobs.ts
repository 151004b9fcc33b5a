import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checkoutSessions } from '../../db/schema/index.js';
import {
  createJobRunner,
  type JobHandler,
  type JobLog,
  type JobObserver,
  type JobRunner,
} from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { MoneyDeps } from '../sales/deps.js';
import { cancelledEventJobHandlers } from './cancelled-event.js';
import { matchBid, matchListing, unmatchedListings } from './matcher.js';
import { postponedEventJobHandlers } from './postponed-event.js';
import { resolveBidPurchase } from './purchase.js';
import {
  BID_MATCH_BID_JOB,
  BID_MATCH_LISTING_JOB,
  scheduleBidMatch,
  scheduleListingMatch,
} from './schedule.js';
import { expireBids } from './service.js';

function idIn(payload: Record<string, unknown>, field: string): number {
  const value = payload[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new Error(`job payload has no ${field}`);
  return value;
}

/** The matcher's job handlers and the bids' e-mails, for every instance's job runner. */
export function bidJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [BID_MATCH_LISTING_JOB]: (job) => matchListing(deps, idIn(job.payload, 'ticketId')),
    [BID_MATCH_BID_JOB]: (job) => matchBid(deps, idIn(job.payload, 'bidId')),
    ...cancelledEventJobHandlers(deps),
    ...postponedEventJobHandlers(deps),
  };
}

/**
 * The periodic sweep (every instance, with checkout recovery): bids past their event end; bid purchases a
 * crash left without an outcome are charged again with their key or read back, then fulfilled or
 * refunded; lapsed confirmations release their ticket; listings a bid may buy without a pending job get one,
 * for the next SWEEP_BIDS_PER_RUN active bids after `afterBidId` (the answer's lastBidId continues the walk).
 */
export async function sweepBids(deps: MoneyDeps, afterBidId = 0, limit = 50) {
  const now = deps.clock.now();
  const expired = await expireBids(deps.db, now);
  const unsettled = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.kind, 'off_session'),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.outcome),
        or(
          isNull(checkoutSessions.paymentReference),
          eq(checkoutSessions.awaitingAuthentication, false),
          lte(checkoutSessions.expiresAt, now),
        ),
      ),
    )
    .orderBy(checkoutSessions.createdAt)
    .limit(limit);
  for (const { id } of unsettled) {
    try {
      await resolveBidPurchase(deps, id);
    } catch (error) {
      deps.log.error({ err: error, sessionId: id }, 'could not settle a bid purchase; retried next sweep');
    }
  }
  const listings = await unmatchedListings(deps.db, now, afterBidId);
  for (const ticketId of listings.ticketIds) await scheduleListingMatch(deps.db, ticketId, now);
  return {
    expired,
    purchases: unsettled.length,
    listings: listings.ticketIds.length,
    lastBidId: listings.lastBidId,
  };
}

/**
 * The app's side of matching: schedules the durable job, then runs due matching jobs in this instance right
 * away, so a matching listing is bought within moments; the job stays for any instance should this one stop.
 */
export interface BidMatching {
  /** This instance's runner of the matcher's jobs (tests await runOnce()). */
  runner: JobRunner;
  listingBuyable(ticketId: number): Promise<void>;
  bidCreated(bidId: number): Promise<void>;
}

export function createBidMatching(
  deps: MoneyDeps & { db: Db; clock: Clock; log: JobLog; leaseMs: number; jobObserver?: JobObserver },
): BidMatching {
  const runner = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    handlers: bidJobHandlers(deps),
    leaseMs: deps.leaseMs,
    observer: deps.jobObserver,
  });
  const nudge = () => {
    runner.runOnce().catch((error: unknown) => deps.log.error({ err: error }, 'bid matching failed'));
  };
  // The listing or bid is saved already: a job that could not be scheduled must not turn its answer into a
  // 500 (the member would save it twice). The sweep's walk over active bids schedules what was missed.
  const schedule = async (job: Promise<void>, details: object) => {
    try {
      await job;
      nudge();
    } catch (error) {
      deps.log.error({ err: error, ...details }, 'could not schedule bid matching; the sweep will');
    }
  };
  return {
    runner,
    listingBuyable: (ticketId) =>
      schedule(scheduleListingMatch(deps.db, ticketId, deps.clock.now()), { ticketId }),
    bidCreated: (bidId) => schedule(scheduleBidMatch(deps.db, bidId, deps.clock.now()), { bidId }),
  };
}
