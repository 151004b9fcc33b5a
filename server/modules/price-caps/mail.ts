import { and, eq, isNull } from 'drizzle-orm';
import { formatCents } from '../../../common/money.js';
import { allInPerTicketCents } from '../../../common/pricing.js';
import { PRICE_CAP_TEXT } from '../../../common/texts/price-caps.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { Db } from '../../db/client.js';
import { priceCapPauses, tickets, users } from '../../db/schema/index.js';
import { type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import { fixToken, type PausedListingMail } from './pauses.js';

export interface PriceCapMailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  emailLinkSecret: string;
}

export interface PausedListingFacts extends Omit<PausedListingMail, 'pauseId'> {
  firstName: string;
  eventName: string;
  eventDate: string;
  venue: string;
  allInCents: number;
}

/** The page the e-mailed link opens: one button that posts the token (a mail scanner's GET changes nothing). */
export function fixLink(appUrl: string, token: string): string {
  return `${appUrl}/price-cap-fix?token=${encodeURIComponent(token)}`;
}

export function pausedListingMail(to: string, facts: PausedListingFacts, link: string): MailMessage {
  const cap = facts.capAllInCents === null ? '' : ` of ${formatCents(facts.capAllInCents)} each, all-in`;
  return paragraphMail(to, PRICE_CAP_TEXT.mailSubject, [
    `Hi ${facts.firstName},`,
    `Your tickets for ${facts.eventName} at ${facts.venue} on ${formatCalendarDate(facts.eventDate)} are off sale for now. ${facts.statement} Your price of ${formatCents(facts.allInCents)} each, all-in, is above the cap${cap}.`,
    facts.fixedAllInCents === null
      ? PRICE_CAP_TEXT.noMarkupFits
      : `One click puts them back on sale at ${formatCents(facts.fixedAllInCents)} each, all-in: ${link}`,
    'Or change the price yourself in My Tickets: an edit within the cap puts them back on sale too.',
    `${PRICE_CAP_TEXT.notLegalAdvice} Source: ${facts.sourceUrl}`,
  ]);
}

export function pausedListingMailOf(payload: Record<string, unknown>): PausedListingMail {
  const { pauseId, statement, sourceUrl, capAllInCents, fixedAllInCents } = payload;
  const centsOrNull = (value: unknown) => value === null || Number.isInteger(value);
  if (
    !Number.isInteger(pauseId) ||
    typeof statement !== 'string' ||
    typeof sourceUrl !== 'string' ||
    !centsOrNull(capAllInCents) ||
    !centsOrNull(fixedAllInCents)
  )
    throw new Error('job payload has no pauseId, statement, sourceUrl, capAllInCents and fixedAllInCents');
  return payload as unknown as PausedListingMail;
}

/**
 * The job of one pause: its seller is e-mailed once. The send is claimed first (mailed_at), so a job run
 * again after its instance stopped mid-send sends nothing; a mailer failure gives the claim back and throws,
 * and the runner retries. A pause already closed (the seller edited first) needs no e-mail.
 */
export async function sendPausedListingMail(
  deps: PriceCapMailDeps,
  mail: PausedListingMail,
): Promise<JobOutcome> {
  const [row] = await deps.db
    .select({
      pause: { id: priceCapPauses.id, sellerId: priceCapPauses.sellerId, fixedAt: priceCapPauses.fixedAt },
      email: users.email,
      firstName: users.firstName,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      venue: tickets.venue,
      listingPriceCents: tickets.listingPriceCents,
    })
    .from(priceCapPauses)
    .innerJoin(users, eq(users.id, priceCapPauses.sellerId))
    .innerJoin(tickets, eq(tickets.id, priceCapPauses.ticketId))
    .where(eq(priceCapPauses.id, mail.pauseId));
  if (!row || row.pause.fixedAt !== null) return jobDone;
  const [claimed] = await deps.db
    .update(priceCapPauses)
    .set({ mailedAt: deps.clock.now() })
    .where(and(eq(priceCapPauses.id, mail.pauseId), isNull(priceCapPauses.mailedAt)))
    .returning({ id: priceCapPauses.id });
  if (!claimed) return jobDone;
  try {
    await deps.mailer.send(
      pausedListingMail(
        row.email,
        { ...mail, ...row, allInCents: allInPerTicketCents(row.listingPriceCents) },
        fixLink(deps.appUrl, fixToken(deps.emailLinkSecret, row.pause)),
      ),
    );
  } catch (error) {
    await deps.db.update(priceCapPauses).set({ mailedAt: null }).where(eq(priceCapPauses.id, mail.pauseId));
    throw error;
  }
  return jobDone;
}
