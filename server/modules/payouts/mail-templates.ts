import { PAYOUT_MAIL_SUBJECT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { FIND_OTHER_TICKETS_TEXT } from '../../../common/texts/promise.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { TimelineMailFacts } from '../sales/sale.js';

const ticketFor = (facts: TimelineMailFacts) =>
  `your ticket for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}`;

/** To a seller who has not initiated the transfer yet (decision 0017: two reminders before the deadline). */
export function transferReminderMail(to: string, facts: TimelineMailFacts, deadline: string): MailMessage {
  return paragraphMail(to, PAYOUT_MAIL_SUBJECT.transferReminder, [
    `Hi ${facts.firstName},`,
    `The buyer is waiting for ${ticketFor(facts)}. Please transfer it and mark the transfer as initiated in My Tickets: ${facts.myTicketsUrl}`,
    `If the transfer is not initiated by ${deadline}, the sale is cancelled and the buyer is refunded in full.`,
  ]);
}

export function sellerCancelledMail(to: string, facts: TimelineMailFacts): MailMessage {
  return paragraphMail(to, PAYOUT_MAIL_SUBJECT.sellerCancelled, [
    `Hi ${facts.firstName},`,
    `The transfer of ${ticketFor(facts)} was not initiated before the deadline, so the sale was cancelled and the buyer refunded in full. No payout will be made for it.`,
  ]);
}

/** `findOtherUrl`: the show's other listings at the same or a lower price per ticket (decision 0087). */
export function buyerRefundedMail(
  to: string,
  facts: TimelineMailFacts,
  amountCents: number,
  findOtherUrl: string | null,
): MailMessage {
  return paragraphMail(to, PAYOUT_MAIL_SUBJECT.buyerRefunded, [
    `Hi ${facts.firstName},`,
    `The seller did not transfer ${ticketFor(facts).replace('your ticket', 'the ticket you bought')} before the deadline. We cancelled the sale and refunded ${formatCents(amountCents)} to your card; it may take a few days to appear.`,
    ...(findOtherUrl ? [FIND_OTHER_TICKETS_TEXT.mailLine(findOtherUrl)] : []),
  ]);
}

export function problemReportedMail(to: string, facts: TimelineMailFacts, reason: string): MailMessage {
  return paragraphMail(to, PAYOUT_MAIL_SUBJECT.problemReported, [
    `Hi ${facts.firstName},`,
    `The buyer of ${ticketFor(facts)} reported a problem with the transfer: "${reason}"`,
    `Your payout for this sale is on hold until Encore support has looked into it. You can reply to the buyer in the ticket's messages in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}

export function payoutSentMail(to: string, facts: TimelineMailFacts, amountCents: number): MailMessage {
  return paragraphMail(to, PAYOUT_MAIL_SUBJECT.paid, [
    `Hi ${facts.firstName},`,
    `We sent you ${formatCents(amountCents)} for ${ticketFor(facts)}.`,
  ]);
}
