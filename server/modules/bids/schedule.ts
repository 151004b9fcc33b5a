import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

/** The matcher's durable jobs (decision 0045): one per listing and one per new bid, on the jobs table. */
export const BID_MATCH_LISTING_JOB = 'bid_match_listing';
export const BID_MATCH_BID_JOB = 'bid_match_bid';

/**
 * Schedules a matching run now. Unlike enqueueJob, a key that ran before runs again: a listing becomes
 * buyable many times. A run in progress loses its lease, so it cannot mark the job done over this newer
 * request; the job runs once more after it.
 */
async function scheduleNow(
  db: DbOrTx,
  kind: string,
  key: string,
  payload: Record<string, unknown>,
  now: Date,
) {
  await db
    .insert(jobs)
    .values({ kind, key, runAt: now, payload })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.key],
      set: { runAt: now, doneAt: null, lockedUntil: null, attempts: 0, lastError: null },
      setWhere: sql`${jobs.doneAt} is not null or ${jobs.runAt} > ${now.toISOString()}::timestamptz or ${jobs.lockedUntil} is not null`,
    });
}

/** A listing became buyable (listed, edited, released, its editor closed): matching bids may buy it. */
export function scheduleListingMatch(db: DbOrTx, ticketId: number, now: Date): Promise<void> {
  return scheduleNow(db, BID_MATCH_LISTING_JOB, `ticket:${ticketId}`, { ticketId }, now);
}

/** A bid was created: listings already on sale may match it. */
export function scheduleBidMatch(db: DbOrTx, bidId: number, now: Date): Promise<void> {
  return scheduleNow(db, BID_MATCH_BID_JOB, `bid:${bidId}`, { bidId }, now);
}
