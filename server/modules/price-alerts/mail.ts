import { and, eq } from 'drizzle-orm';
import { eventPath } from '../../../common/event-path.js';
import { formatCents } from '../../../common/money.js';
import { perTicketAgainstFaceValue } from '../../../common/price-comparison.js';
import { PRICE_ALERT_TEXT } from '../../../common/texts/price-alerts.js';
import { ticketPath } from '../../../common/ticket-path.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import { events, priceAlertMails, priceAlerts, tickets, users, venues } from '../../db/schema/index.js';
import { type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { PriceAlertDeps } from './service.js';
import { unsubscribeToken } from './token.js';

/** The e-mail of a matched alert (decision 0060), with the one-click unsubscribe link and headers. */

export interface MatchedAlertFacts {
  firstName: string;
  eventId: number;
  eventName: string;
  eventDate: string;
  venue: string;
  quantity: number;
  maxPriceCents: number;
  ticketId: number;
  priceCents: number;
  /** What the original price is made of, per ticket (decision 0083). */
  faceValueCents: number;
  serviceFeeCents: number;
}

/** The page that confirms the unsubscribe (GET), and the address mail clients POST to (RFC 8058). */
export function unsubscribeLinks(appUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`;
  return {
    page: `${appUrl}/price-alerts/unsubscribe?${query}`,
    oneClick: `${appUrl}/api/price-alerts/unsubscribe?${query}`,
  };
}

export function priceAlertMatchedMail(
  to: string,
  facts: MatchedAlertFacts,
  appUrl: string,
  token: string,
): MailMessage {
  const links = unsubscribeLinks(appUrl, token);
  const count = facts.quantity === 1 ? '1 ticket' : `${facts.quantity} tickets`;
  const mail = paragraphMail(to, PRICE_ALERT_TEXT.matchedMailSubject, [
    `Hi ${facts.firstName},`,
    `${count} for ${facts.eventName} at ${facts.venue} on ${formatCalendarDate(facts.eventDate)} just went on sale at ${formatCents(facts.priceCents)} each, all-in: at or below your alert's ${formatCents(facts.maxPriceCents)}.`,
    perTicketAgainstFaceValue(facts.priceCents, facts.faceValueCents, facts.serviceFeeCents),
    `See the tickets: ${appUrl}${ticketPath(facts.ticketId)}`,
    `This alert has done its job and is now matched. Want another one? Create it on the show's page: ${appUrl}${eventPath(facts.eventId, facts.eventName)}`,
    `No more price alert e-mails: ${links.page}`,
  ]);
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The job of one matched alert: its member is e-mailed once for the alert and the listing it matched
 * (decision 0080). The send is claimed first (a row of price_alert_mails, unique by alert and listing), so
 * a job run again after its instance was killed while sending finds the claim and sends nothing; a mailer
 * failure gives the claim back and throws, and the runner retries.
 */
export async function sendMatchedAlertMail(deps: PriceAlertDeps, alertId: number): Promise<JobOutcome> {
  const [row] = await deps.db
    .select({
      userId: priceAlerts.userId,
      status: priceAlerts.status,
      email: users.email,
      firstName: users.firstName,
      eventId: events.id,
      eventName: events.name,
      eventDate: events.date,
      venue: venues.name,
      quantity: priceAlerts.quantity,
      maxPriceCents: priceAlerts.maxPriceCents,
      ticketId: tickets.id,
      priceCents: tickets.buyerPaysPerTicketCents,
      faceValueCents: tickets.faceValueCents,
      serviceFeeCents: tickets.serviceFeeCents,
    })
    .from(priceAlerts)
    .innerJoin(users, eq(users.id, priceAlerts.userId))
    .innerJoin(events, eq(events.id, priceAlerts.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(tickets, eq(tickets.id, priceAlerts.matchedTicketId))
    .where(eq(priceAlerts.id, alertId));
  if (row?.status !== 'matched') return jobDone;
  const key = and(eq(priceAlertMails.alertId, alertId), eq(priceAlertMails.ticketId, row.ticketId));
  const [claimed] = await deps.db
    .insert(priceAlertMails)
    .values({ alertId, ticketId: row.ticketId, claimedAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ alertId: priceAlertMails.alertId });
  if (!claimed) return jobDone;
  try {
    await deps.mailer.send(
      priceAlertMatchedMail(row.email, row, deps.appUrl, unsubscribeToken(deps.emailLinkSecret, row.userId)),
    );
  } catch (error) {
    await deps.db.delete(priceAlertMails).where(key);
    throw error;
  }
  await deps.db.update(priceAlertMails).set({ sentAt: deps.clock.now() }).where(key);
  return jobDone;
}
