import type { DbOrTx } from '../../db/client.js';
import { scheduleJobNow } from '../../jobs/queue.js';

/** The matcher's durable jobs (decision 0045): one per listing and one per new bid, on the jobs table. */
export const BID_MATCH_LISTING_JOB = 'bid_match_listing';
export const BID_MATCH_BID_JOB = 'bid_match_bid';

/** A listing became buyable (listed, edited, released, its editor closed): matching bids may buy it. */
export function scheduleListingMatch(db: DbOrTx, ticketId: number, now: Date): Promise<void> {
  return scheduleJobNow(db, BID_MATCH_LISTING_JOB, `ticket:${ticketId}`, { ticketId }, now);
}

/** A bid was created: listings already on sale may match it. */
export function scheduleBidMatch(db: DbOrTx, bidId: number, now: Date): Promise<void> {
  return scheduleJobNow(db, BID_MATCH_BID_JOB, `bid:${bidId}`, { bidId }, now);
}
