import { and, eq, isNull } from 'drizzle-orm';
import { formatCents } from '../../../common/money.js';
import { FAN_QUEUE_OFFER_MS } from '../../../common/schemas/fan-queue.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { ticketPath } from '../../../common/ticket-path.js';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { Db } from '../../db/client.js';
import { events, fanQueueEntries, fanQueueOffers, users } from '../../db/schema/index.js';
import { type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';

/** The offer's e-mail (decision 0100): the tickets held, for how long, and the link to pay for them. */

export interface OfferMailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
}

export interface OfferMailFacts {
  firstName: string;
  eventName: string;
  ticketId: number;
  quantity: number;
  priceCents: number;
}

/**
 * The link opens the held ticket in the marketplace's buy dialog (the ordinary checkout of a hold the member
 * already has).
 */
export function offerMail(to: string, facts: OfferMailFacts, appUrl: string): MailMessage {
  return paragraphMail(to, FAN_QUEUE_TEXT.offerMailSubject(facts.eventName), [
    `Hi ${facts.firstName},`,
    FAN_QUEUE_TEXT.offer(facts.quantity, formatCents(facts.priceCents), FAN_QUEUE_OFFER_MS / 60_000),
    `${FAN_QUEUE_TEXT.payOffer}: ${appUrl}${ticketPath(facts.ticketId, facts.quantity)}`,
    FAN_QUEUE_TEXT.offerLapsedNote,
  ]);
}

/**
 * The job of one offer's e-mail: sent while the offer is open, at most once. The send is claimed first
 * (mailed_at), so a job run again after its instance died while sending sends nothing; a mailer failure
 * gives the claim back and throws, and the runner retries.
 */
export async function sendOfferMail(deps: OfferMailDeps, offerId: number): Promise<JobOutcome> {
  const claim = and(
    eq(fanQueueOffers.id, offerId),
    eq(fanQueueOffers.status, 'open'),
    isNull(fanQueueOffers.mailedAt),
  );
  const [claimed] = await deps.db
    .update(fanQueueOffers)
    .set({ mailedAt: deps.clock.now() })
    .where(claim)
    .returning({ id: fanQueueOffers.id });
  if (!claimed) return jobDone;
  const [row] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      eventName: events.name,
      ticketId: fanQueueOffers.ticketId,
      quantity: fanQueueOffers.quantity,
      priceCents: fanQueueOffers.priceCents,
    })
    .from(fanQueueOffers)
    .innerJoin(fanQueueEntries, eq(fanQueueEntries.id, fanQueueOffers.entryId))
    .innerJoin(users, eq(users.id, fanQueueEntries.userId))
    .innerJoin(events, eq(events.id, fanQueueEntries.eventId))
    .where(eq(fanQueueOffers.id, offerId));
  if (!row) return jobDone;
  try {
    await deps.mailer.send(offerMail(row.email, row, deps.appUrl));
  } catch (error) {
    await deps.db.update(fanQueueOffers).set({ mailedAt: null }).where(eq(fanQueueOffers.id, offerId));
    throw error;
  }
  return jobDone;
}
