import { eq, sql } from 'drizzle-orm';
import { formatVenueDateTime } from '../../../common/venue-time.js';
import type { DbOrTx } from '../../db/client.js';
import { bids, jobs, users } from '../../db/schema/index.js';
import { type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';
import { saleEndsAtSql } from '../../lib/on-sale-sql.js';
import type { MoneyDeps } from '../sales/deps.js';
import { bidEventPostponedMail } from './mail-templates.js';

/**
 * The bids of a postponed event follow its new date (issue 43 §8; decision 0072), as its price alerts do:
 * in the postponement's own transaction each active bid of the event takes the new date and ends when the
 * show at the new date stops being on sale (decision 0071). Each bidder is e-mailed by a durable job per
 * bid and new date, scheduled by the same statement, so a crash after the commit still tells them.
 */
export const BID_EVENT_POSTPONED_MAIL_JOB = 'bid_event_postponed_mail';

interface MovedBid {
  bidId: number;
  oldDate: string;
  /** The venue's zone, in which the bid's new end is told (decision 0056). */
  timeZone: string;
}

/**
 * Moves the active bids of event `eventId`, whose row already carries its new date, from `oldDate`: those
 * naming it, and those naming its name and old date without a catalog event when no other event of that
 * name and date is still on (the bids a cancellation would end, decision 0054). One statement, with the
 * e-mail jobs; answers how many moved. Called by postponeEvent (admin-money/postpone.ts) in its transaction.
 */
export async function moveBidsOfPostponedEvent(
  tx: DbOrTx,
  eventId: number,
  oldDate: string,
  now: Date,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ends = saleEndsAtSql(sql`e.date`, sql`e.days_count`, sql`e.time_zone`);
  const result = (await tx.execute(sql`
    with event as (
      select ev.id, ev.name, ev.date, ev.days_count, v.time_zone
      from events ev join venues v on v.id = ev.venue_id where ev.id = ${eventId}
    ),
    moved as (
      update ${bids} b set event_date = e.date, expires_at = ${ends}
      from event e
      where b.is_active and not b.matched and (
        b.event_id = e.id
        or (b.event_id is null and lower(b.event_name) = lower(e.name) and b.event_date = ${oldDate}::date
          and not exists (select 1 from events other where other.id <> e.id
            and lower(other.name) = lower(e.name) and other.date = ${oldDate}::date and other.status <> 'cancelled')))
      returning b.id, e.date, e.time_zone
    )
    insert into ${jobs} (kind, key, run_at, payload)
    select ${BID_EVENT_POSTPONED_MAIL_JOB}, 'bid:' || id || ':' || date, ${at},
      jsonb_build_object('bidId', id, 'oldDate', ${oldDate}::text, 'timeZone', time_zone)
    from moved
    on conflict (kind, key) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

function movedBidOf(payload: Record<string, unknown>): MovedBid {
  const { bidId, oldDate, timeZone } = payload;
  if (
    typeof bidId !== 'number' ||
    !Number.isInteger(bidId) ||
    typeof oldDate !== 'string' ||
    typeof timeZone !== 'string'
  )
    throw new Error('job payload has no bidId, oldDate and timeZone');
  return { bidId, oldDate, timeZone };
}

/**
 * The bidder's e-mail, with the bid as it is when the job runs (a later postponement's job tells the later
 * date); a bid that has ended since is not written about. A mailer failure throws and the runner retries.
 */
async function runBidEventPostponedMail(
  deps: MoneyDeps,
  { bidId, oldDate, timeZone }: MovedBid,
): Promise<JobOutcome> {
  const [bid] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      eventName: bids.eventName,
      eventDate: bids.eventDate,
      quantity: bids.quantity,
      expiresAt: bids.expiresAt,
      isActive: bids.isActive,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.id, bidId));
  if (!bid?.isActive) return jobDone;
  await deps.mailer.send(
    bidEventPostponedMail(
      bid.email,
      bid.firstName,
      { eventName: bid.eventName, eventDate: bid.eventDate, quantity: bid.quantity },
      oldDate,
      formatVenueDateTime(bid.expiresAt, timeZone),
      `${deps.appUrl}/my-bids`,
    ),
  );
  return jobDone;
}

export function postponedEventJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [BID_EVENT_POSTPONED_MAIL_JOB]: (job) => runBidEventPostponedMail(deps, movedBidOf(job.payload)),
  };
}
