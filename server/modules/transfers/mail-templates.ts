import { PAYOUT_MAIL_SUBJECT, TRANSFER_MAIL_SUBJECT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { TimelineMailFacts } from '../sales/sale.js';
import { type ShowTimeFacts, showDayOf, showPageParagraph } from '../sales/show-page.js';

export interface InitiatedMailFacts {
  eventName: string;
  eventDate: string;
  ticketType: 'digital' | 'paper';
  /** The platform's display name for a digital ticket. */
  platformName: string | null;
  /** The show's event page (decision 0058), when the ticket belongs to a known event. */
  eventPageUrl: string | null;
  /** The catalog show's start and doors (decision 0093): said beside the date when known. */
  times?: ShowTimeFacts | null;
}

/** To the buyer once the seller says the tickets were sent: where to look, and to confirm receipt. */
export function transferInitiatedMail(
  to: string,
  firstName: string,
  facts: InitiatedMailFacts,
  myTicketsUrl: string,
): MailMessage {
  const where =
    facts.ticketType === 'paper'
      ? 'You can now download the barcode from the ticket in My Tickets.'
      : `Look for the transfer from ${facts.platformName ?? 'the ticketing platform'} in your e-mail and accept it there.`;
  const paragraphs = [
    `Hi ${firstName},`,
    `The seller has sent your tickets for ${facts.eventName} on ${showDayOf(facts.eventDate, facts.times)}.`,
    where,
    ...showPageParagraph(facts.eventPageUrl),
    `Once you have them, please press Confirm Receipt in My Tickets: ${myTicketsUrl}. Your payment stays in escrow until then.`,
  ];
  return paragraphMail(to, TRANSFER_MAIL_SUBJECT.initiated, paragraphs);
}

/** To the buyer when the seller replaces the barcode after initiating the transfer (decision 0041). */
export function barcodeReplacedMail(
  to: string,
  firstName: string,
  facts: Pick<InitiatedMailFacts, 'eventName' | 'eventDate'>,
  myTicketsUrl: string,
): MailMessage {
  const paragraphs = [
    `Hi ${firstName},`,
    `The seller uploaded a new barcode for your ticket for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}.`,
    `Please download it again from the ticket in My Tickets: ${myTicketsUrl}. A barcode you downloaded before may no longer be valid.`,
    'If you did not expect this change, message the seller from the ticket or report a problem there. Your payment stays in escrow until you confirm receipt.',
  ];
  return paragraphMail(to, TRANSFER_MAIL_SUBJECT.barcodeReplaced, paragraphs);
}

export interface SaleCompletedFacts {
  /** Who completed the transfer: the buyer confirming receipt, or Encore after the event. */
  completedBy: 'buyer' | 'system';
  amountCents: number;
  /** When the payout is due, already worded for people ('Monday, May 4, 2030'). */
  payoutDate: string;
  /** The provider needs a payout account the seller has not connected yet. */
  accountMissing: boolean;
  profileUrl: string;
}

/** To the seller once the transfer is complete: the sale is done and the payout has a date. */
export function saleCompletedMail(
  to: string,
  facts: TimelineMailFacts,
  sale: SaleCompletedFacts,
): MailMessage {
  const how =
    sale.completedBy === 'buyer'
      ? `The buyer confirmed receipt of your ticket for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}. The sale is complete.`
      : `The sale of your ticket for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)} is complete: the buyer did not report a problem after the event.`;
  return paragraphMail(to, PAYOUT_MAIL_SUBJECT.saleCompleted, [
    `Hi ${facts.firstName},`,
    how,
    `Your payout of ${formatCents(sale.amountCents)} is scheduled for ${sale.payoutDate}, three days after the event.`,
    ...(sale.accountMissing
      ? [`Connect a payout account in your profile so we can pay you: ${sale.profileUrl}`]
      : []),
    `You can follow it in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}
