import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { enqueueJob, type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf } from '../sales/sale.js';
import { listingsWithdrawnMail } from './mail-templates.js';

/**
 * The e-mail to a seller whose unsold listings a cancelled event withdrew (decision 0042): a durable job per
 * event and seller, scheduled in the cancellation's transaction, like the buyers' refunds, so a crash after
 * the commit still tells every seller; a mailer failure throws and the runner retries.
 */
export const WITHDRAWN_LISTINGS_MAIL_JOB = 'withdrawn_listings_mail';

interface WithdrawnListings {
  eventId: number;
  sellerId: number;
  listings: number;
}

/** Schedules one e-mail per seller of the withdrawn listings (`sellerIds`: one entry per listing). */
export async function scheduleWithdrawnListingsMail(
  tx: DbOrTx,
  eventId: number,
  sellerIds: number[],
  now: Date,
): Promise<void> {
  const perSeller = new Map<number, number>();
  for (const sellerId of sellerIds) perSeller.set(sellerId, (perSeller.get(sellerId) ?? 0) + 1);
  for (const [sellerId, listings] of perSeller)
    await enqueueJob(tx, {
      kind: WITHDRAWN_LISTINGS_MAIL_JOB,
      key: `${eventId}:${sellerId}`,
      runAt: now,
      payload: { eventId, sellerId, listings } satisfies WithdrawnListings,
    });
}

function withdrawnListingsOf(payload: Record<string, unknown>): WithdrawnListings {
  const { eventId, sellerId, listings } = payload;
  if (![eventId, sellerId, listings].every((value) => typeof value === 'number' && Number.isInteger(value)))
    throw new Error('job payload has no eventId, sellerId and listings');
  return payload as unknown as WithdrawnListings;
}

export async function runWithdrawnListingsMail(
  deps: MoneyDeps,
  { eventId, sellerId, listings }: WithdrawnListings,
): Promise<JobOutcome> {
  const [event] = await deps.db
    .select({ name: events.name, date: events.date, reason: events.statusReason })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return jobDone;
  const seller = await contactOf(deps.db, sellerId);
  await deps.mailer.send(
    listingsWithdrawnMail(
      seller.email,
      {
        firstName: seller.firstName,
        eventName: event.name,
        eventDate: event.date,
        myTicketsUrl: `${deps.appUrl}/my-tickets`,
      },
      listings,
      event.reason ?? '',
    ),
  );
  return jobDone;
}

export function withdrawnListingsJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [WITHDRAWN_LISTINGS_MAIL_JOB]: (job) => runWithdrawnListingsMail(deps, withdrawnListingsOf(job.payload)),
  };
}
