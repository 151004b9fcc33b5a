import { eq, sql } from 'drizzle-orm';
import { BID_TEXT } from '../../../common/messages.js';
import type { DbOrTx } from '../../db/client.js';
import { bids, events, jobs, users } from '../../db/schema/index.js';
import { type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { MoneyDeps } from '../sales/deps.js';
import { bidEventCancelledMail } from './mail-templates.js';

/**
 * The bids of a cancelled event end (issue 32 §4; decision 0054): in the cancellation's own transaction, so
 * no bid outlives its event and each frees one of its member's 2 places at once; the bidders are e-mailed
 * by a durable job per bid scheduled in the same transaction, so a crash after the commit still tells them.
 */
export const BID_EVENT_CANCELLED_MAIL_JOB = 'bid_event_cancelled_mail';

interface EndedBid {
  bidId: number;
  eventId: number;
}

/**
 * Ends the active bids of event `eventId`: those naming it, and those naming its name and date without a
 * catalog event when no other event of that name and date is still on. One statement, with the e-mail jobs;
 * answers how many ended. Called by cancelEvent (admin-money/events.ts) inside its transaction.
 */
export async function endBidsOfCancelledEvent(tx: DbOrTx, eventId: number, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await tx.execute(sql`
    with event as (select id, name, date from ${events} where id = ${eventId}),
    ended as (
      update ${bids} b set is_active = false, ended_reason = ${BID_TEXT.endedEventCancelled}, ended_at = ${at}
      from event e
      where b.is_active and (
        b.event_id = e.id
        or (b.event_id is null and lower(b.event_name) = lower(e.name) and b.event_date = e.date
          and not exists (select 1 from ${events} other where other.id <> e.id
            and lower(other.name) = lower(e.name) and other.date = e.date and other.status <> 'cancelled')))
      returning b.id
    )
    insert into ${jobs} (kind, key, run_at, payload)
    select ${BID_EVENT_CANCELLED_MAIL_JOB}, 'bid:' || id, ${at},
      jsonb_build_object('bidId', id, 'eventId', ${eventId}::int)
    from ended
    on conflict (kind, key) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

function endedBidOf(payload: Record<string, unknown>): EndedBid {
  const { bidId, eventId } = payload;
  if (![bidId, eventId].every((value) => typeof value === 'number' && Number.isInteger(value)))
    throw new Error('job payload has no bidId and eventId');
  return payload as unknown as EndedBid;
}

/** The bidder's e-mail; a mailer failure throws and the runner retries. */
async function runBidEventCancelledMail(deps: MoneyDeps, { bidId, eventId }: EndedBid): Promise<JobOutcome> {
  const [bid] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      eventName: bids.eventName,
      eventDate: bids.eventDate,
      quantity: bids.quantity,
    })
    .from(bids)
    .innerJoin(users, eq(users.id, bids.userId))
    .where(eq(bids.id, bidId));
  if (!bid) return jobDone;
  const [event] = await deps.db
    .select({ reason: events.statusReason })
    .from(events)
    .where(eq(events.id, eventId));
  await deps.mailer.send(
    bidEventCancelledMail(
      bid.email,
      bid.firstName,
      { eventName: bid.eventName, eventDate: bid.eventDate, quantity: bid.quantity },
      event?.reason ?? '',
      `${deps.appUrl}/my-bids`,
    ),
  );
  return jobDone;
}

export function cancelledEventJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [BID_EVENT_CANCELLED_MAIL_JOB]: (job) => runBidEventCancelledMail(deps, endedBidOf(job.payload)),
  };
}
