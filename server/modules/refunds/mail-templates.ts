import { MONEY_MAIL_SUBJECT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { FIND_OTHER_TICKETS_TEXT } from '../../../common/texts/promise.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { refundCauses } from '../../db/schema/index.js';
import type { TimelineMailFacts } from '../sales/sale.js';

/**
 * E-mails of a refund from escrow made by support, a cancelled or postponed event (decision 0033). The
 * buyer's offers "Find other tickets" when the show is still on sale (decision 0087).
 */

export type RefundCause = (typeof refundCauses)[number];

const ticketOf = (facts: TimelineMailFacts) => `${facts.eventName} on ${formatCalendarDate(facts.eventDate)}`;

export function buyerRefundMail(
  to: string,
  facts: TimelineMailFacts,
  cause: RefundCause,
  amountCents: number,
  reason: string,
  findOtherUrl: string | null = null,
): MailMessage {
  const amount = formatCents(amountCents);
  const lines: Record<RefundCause, string> = {
    admin: `Encore support refunded your payment of ${amount} for your ticket to ${ticketOf(facts)}.`,
    dispute: `Encore support looked into the problem you reported with your ticket to ${ticketOf(facts)} and refunded your payment of ${amount}.`,
    event_cancelled: `${ticketOf(facts)} was cancelled, so we refunded your payment of ${amount} in full.`,
    event_postponed: `As you asked, we refunded your payment of ${amount} for ${ticketOf(facts)}, which was postponed.`,
    transfer_deadline: `The seller did not transfer your ticket to ${ticketOf(facts)} in time; we refunded ${amount}.`,
    provider: `Your payment of ${amount} for ${ticketOf(facts)} was refunded.`,
    chargeback: `Your payment of ${amount} for ${ticketOf(facts)} was taken back by your bank.`,
  };
  const subject =
    cause === 'event_cancelled' ? MONEY_MAIL_SUBJECT.eventCancelledBuyer : MONEY_MAIL_SUBJECT.buyerRefunded;
  return paragraphMail(to, subject, [
    `Hi ${facts.firstName},`,
    lines[cause],
    `Reason: ${reason}`,
    'The refund goes back to the card you paid with; it may take a few days to appear.',
    ...(findOtherUrl ? [FIND_OTHER_TICKETS_TEXT.mailLine(findOtherUrl)] : []),
  ]);
}

export function sellerRefundMail(
  to: string,
  facts: TimelineMailFacts,
  cause: RefundCause,
  reason: string,
): MailMessage {
  const subject =
    cause === 'event_cancelled' ? MONEY_MAIL_SUBJECT.eventCancelledSeller : MONEY_MAIL_SUBJECT.sellerRefunded;
  const what =
    cause === 'event_cancelled'
      ? `${ticketOf(facts)} was cancelled, so the buyer of your ticket was refunded in full.`
      : `The sale of your ticket to ${ticketOf(facts)} was refunded to the buyer.`;
  return paragraphMail(to, subject, [
    `Hi ${facts.firstName},`,
    what,
    `Reason: ${reason}`,
    `No payout will be made for this sale. Details are in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}

export function disputeReleasedMail(to: string, facts: TimelineMailFacts, reason: string): MailMessage {
  return paragraphMail(to, MONEY_MAIL_SUBJECT.disputeReleased, [
    `Hi ${facts.firstName},`,
    `Encore support resolved the problem reported with the ticket to ${ticketOf(facts)}: the sale stands and the seller's payout is released.`,
    `Reason: ${reason}`,
    `Details are in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}

/** `refundUntil`: when the new date begins at the venue, already worded for people (decision 0056). */
export function eventPostponedMail(
  to: string,
  facts: TimelineMailFacts,
  newDate: string,
  refundUntil: string,
): MailMessage {
  return paragraphMail(to, MONEY_MAIL_SUBJECT.eventPostponed, [
    `Hi ${facts.firstName},`,
    `${facts.eventName} has moved from ${formatCalendarDate(facts.eventDate)} to ${formatCalendarDate(newDate)}. Your ticket stays valid for the new date.`,
    `If you cannot go on the new date, you can ask for a full refund in My Tickets until ${refundUntil}: ${facts.myTicketsUrl}`,
  ]);
}

/** To a seller whose unsold listings the cancellation withdrew (decision 0042). */
export function listingsWithdrawnMail(
  to: string,
  facts: TimelineMailFacts,
  listings: number,
  reason: string,
): MailMessage {
  const which = listings === 1 ? 'your listing' : `your ${listings} listings`;
  return paragraphMail(to, MONEY_MAIL_SUBJECT.listingsWithdrawn, [
    `Hi ${facts.firstName},`,
    `${ticketOf(facts)} was cancelled, so we withdrew ${which} for it: nobody can buy ${listings === 1 ? 'it' : 'them'} any more.`,
    `Reason: ${reason}`,
    `Nothing was sold, so there is no payout. ${listings === 1 ? 'It shows' : 'They show'} as cancelled in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}
