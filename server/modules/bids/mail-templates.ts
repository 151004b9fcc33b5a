import { BID_TEXT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import { type OriginalPriceFacts, originalPriceParagraphs } from '../tickets/original-price-mail.js';

/** The bidder's e-mails about an automatic purchase that could not simply go through (decision 0045). */

export interface BidMailFacts {
  eventName: string;
  eventDate: string;
  quantity: number;
  amountCents: number;
  /** The found listing's face value and original fee (decision 0083); null when it is gone. */
  original: OriginalPriceFacts | null;
}

function ticketsFor(facts: Pick<BidMailFacts, 'eventName' | 'eventDate' | 'quantity'>): string {
  const count = facts.quantity === 1 ? '1 ticket' : `${facts.quantity} tickets`;
  return `${count} for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}`;
}

/** The card failed (declined, or the confirmation never came): the bid has ended, nothing was charged. */
export function bidEndedMail(
  to: string,
  firstName: string,
  facts: BidMailFacts,
  reason: string,
  myBidsUrl: string,
): MailMessage {
  return paragraphMail(to, BID_TEXT.declinedMailSubject, [
    `Hi ${firstName},`,
    `Your bid found ${ticketsFor(facts)} at ${formatCents(facts.amountCents)}, but the payment did not go through: ${reason}`,
    ...originalPriceParagraphs(facts.amountCents, facts.quantity, facts.original),
    'You have not been charged, and your bid has ended. You can create a new bid with another card in My Bids:',
    myBidsUrl,
  ]);
}

/**
 * The bank wants the cardholder: a link to Encore's page that finishes the payment while the ticket is held.
 * `foundBy`: a bid's purchase, or a Fan Queue place's "buy for me" (decision 0100).
 */
export function bidAuthenticationMail(
  to: string,
  firstName: string,
  facts: BidMailFacts,
  link: string,
  holdExpiresAt: Date,
  foundBy: 'bid' | 'fanQueue' = 'bid',
): MailMessage {
  return paragraphMail(to, BID_TEXT.authenticationMailSubject, [
    `Hi ${firstName},`,
    `${foundBy === 'bid' ? 'Your bid' : 'Your Fan Queue place'} found ${ticketsFor(facts)} at ${formatCents(facts.amountCents)} (processing fee included). Your bank asks you to confirm the payment before we can buy it for you.`,
    ...originalPriceParagraphs(facts.amountCents, facts.quantity, facts.original),
    `Confirm it here: ${link}`,
    `We hold the ticket for you until ${holdExpiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC. After that it is released and you are not charged.`,
  ]);
}

/** The bid's event was cancelled (decision 0054): the bid has ended, nothing was charged, its place is free. */
export function bidEventCancelledMail(
  to: string,
  firstName: string,
  facts: Pick<BidMailFacts, 'eventName' | 'eventDate' | 'quantity'>,
  reason: string,
  myBidsUrl: string,
): MailMessage {
  const cancelled = `Your bid for ${ticketsFor(facts)} has ended: the event was cancelled.`;
  return paragraphMail(to, BID_TEXT.eventCancelledMailSubject, [
    `Hi ${firstName},`,
    reason ? `${cancelled} The reason given: ${reason}` : cancelled,
    'You have not been charged, and the bid no longer counts toward your 2 active bids. You can bid for another event in My Bids:',
    myBidsUrl,
  ]);
}

/**
 * The bid's event was postponed (decision 0072): the bid follows it to the new date (`facts.eventDate`) and
 * now ends at `endsAt`, already worded in the venue's time.
 */
export function bidEventPostponedMail(
  to: string,
  firstName: string,
  facts: Pick<BidMailFacts, 'eventName' | 'eventDate' | 'quantity'>,
  oldDate: string,
  endsAt: string,
  myBidsUrl: string,
): MailMessage {
  return paragraphMail(to, BID_TEXT.eventPostponedMailSubject, [
    `Hi ${firstName},`,
    `${facts.eventName} has been postponed from ${formatCalendarDate(oldDate)} to ${formatCalendarDate(facts.eventDate)}.`,
    `Your bid follows it: it is still active for ${ticketsFor(facts)}, and ends on ${endsAt} if it has not bought tickets by then.`,
    'You have not been charged. If the new date does not suit you, you can cancel the bid in My Bids:',
    myBidsUrl,
  ]);
}
