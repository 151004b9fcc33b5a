import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import { type PeriodicRun, startPeriodicRun } from '../../lib/periodic-run.js';
import { noOpenOfferSql } from '../fan-queue/open-offer-sql.js';
import { returnIdlePart, returnIdleParts } from './splits.js';

/**
 * Holds that end by time (issue 43). A hold needs nothing to lapse (decision 0011), but open pages hear of
 * a change only from a row that changes (decision 0066): each instance looks every second for holds whose
 * time is up and ends them for good, so the database's trigger announces the listing to every instance's
 * streams and its card opens again within 2 s. A lapsed part goes back into its listing at once, and a
 * listing whose own hold lapsed takes back the parts that stayed on sale on their own meanwhile. Every
 * instance may run it at once: each row is ended by one conditional statement, once.
 */

/** How often each instance looks for holds that ended. */
export const HOLD_END_POLL_MS = 1_000;
/** Holds ended per run at most; the rest in the next run, a second later. */
export const HOLD_ENDS_PER_RUN = 500;

/** Ends the holds whose time is up at `now`; answers how many. */
export async function endLapsedHolds(db: DbOrTx, now: Date): Promise<number> {
  const lapsed = await db
    .select({ id: tickets.id, listingId: tickets.splitFromTicketId })
    .from(tickets)
    // Fan Queue (decision 0100): a hold an open offer has is left to the offer's expiry job, which hands it on.
    .where(and(isNotNull(tickets.currentViewerId), lte(tickets.lockExpiresAt, now), noOpenOfferSql()))
    .orderBy(tickets.lockExpiresAt)
    .limit(HOLD_ENDS_PER_RUN);
  for (const { id, listingId } of lapsed) {
    if (listingId !== null) await returnIdlePart(db, id, now);
    // A part its listing could not take back (or one a checkout may still pay for), or a listing.
    await db
      .update(tickets)
      .set({ currentViewerId: null, lockExpiresAt: null })
      .where(
        and(
          eq(tickets.id, id),
          isNotNull(tickets.currentViewerId),
          lte(tickets.lockExpiresAt, now),
          noOpenOfferSql(),
        ),
      );
    if (listingId === null) await returnIdleParts(db, id, now);
  }
  return lapsed.length;
}

export interface HoldEndsOptions {
  db: Db;
  clock: Clock;
  log: { error(details: object, message: string): void };
  intervalMs?: number;
}

export type HoldEnds = PeriodicRun<number>;

/** Every instance runs one, from start to shutdown. */
export function startHoldEnds(options: HoldEndsOptions): HoldEnds {
  const { db, clock, log } = options;
  return startPeriodicRun({
    work: () => endLapsedHolds(db, clock.now()),
    intervalMs: options.intervalMs ?? HOLD_END_POLL_MS,
    onError: (error) => log.error({ err: error }, 'ending lapsed holds failed'),
    stoppedResult: 0,
  });
}
