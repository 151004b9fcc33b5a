import { CHECKOUT_MAIL_SUBJECT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { PROMISE_TEXT } from '../../../common/texts/promise.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import { type ShowTimeFacts, showDayOf, showPageParagraph } from '../sales/show-page.js';
import { type OriginalPriceFacts, originalPriceParagraphs } from '../tickets/original-price-mail.js';

export interface SaleMailFacts {
  eventName: string;
  eventDate: string;
  quantity: number;
  section: string;
  row: string;
  seats: string;
  /** The show's event page (decision 0058), when the ticket belongs to a known event. */
  eventPageUrl: string | null;
  /** The listing's face value and original fee (decision 0083); null when it is gone. */
  original?: OriginalPriceFacts | null;
  /** The app's address: the Encore Promise's page is linked from the buyer's e-mail (decision 0087). */
  appUrl: string;
  /** The catalog show's start and doors (decision 0093): said beside the date when known. */
  times?: ShowTimeFacts | null;
}

function ticketLine(facts: SaleMailFacts): string {
  const count = facts.quantity === 1 ? '1 ticket' : `${facts.quantity} tickets`;
  return `${count} for ${facts.eventName} on ${showDayOf(facts.eventDate, facts.times)} (section ${facts.section}, row ${facts.row}, seats ${facts.seats})`;
}

/**
 * To the buyer once the sale is recorded: what they bought and the all-in amount charged; and, when they
 * have no e-mail on the platform the seller transfers through (`missingEmailOn`), a request to add it.
 */
export function buyerConfirmationMail(
  to: string,
  firstName: string,
  facts: SaleMailFacts,
  amountCents: number,
  myTicketsUrl: string,
  missingEmailOn: string | null = null,
): MailMessage {
  return paragraphMail(to, CHECKOUT_MAIL_SUBJECT.buyerConfirmation, [
    `Hi ${firstName},`,
    `You bought ${ticketLine(facts)}.`,
    ...showPageParagraph(facts.eventPageUrl),
    `Total charged to your card: ${formatCents(amountCents)} (processing fee included).`,
    ...originalPriceParagraphs(amountCents, facts.quantity, facts.original),
    `Your payment is held in escrow until you confirm you received the tickets. The seller has been asked to transfer them; follow the transfer in My Tickets: ${myTicketsUrl}`,
    ...(missingEmailOn === null ? [] : [transferEmailRequest(missingEmailOn, myTicketsUrl)]),
    PROMISE_TEXT.mailLine(facts.appUrl),
  ]);
}

/** The purchase e-mail's request for the buyer's e-mail on the transfer's platform (issue 34). */
export const transferEmailRequest = (platform: string, myTicketsUrl: string) =>
  `Action needed: the seller sends your tickets to your ${platform} account, and we do not have your ${platform} email yet. Please add it on this ticket in My Tickets: ${myTicketsUrl}`;

/** To the seller: the ticket sold, transfer it now; proceeds are paid 3 days after the event. */
export function sellerSoldMail(
  to: string,
  firstName: string,
  facts: SaleMailFacts,
  proceedsCents: number,
  myTicketsUrl: string,
): MailMessage {
  return paragraphMail(to, CHECKOUT_MAIL_SUBJECT.sellerSold, [
    `Hi ${firstName},`,
    `Your listing sold: ${ticketLine(facts)}.`,
    ...showPageParagraph(facts.eventPageUrl),
    `Please transfer the tickets to the buyer now. Start the transfer from My Tickets: ${myTicketsUrl}`,
    `You will receive ${formatCents(proceedsCents)} after fees, paid 3 days after the event once the buyer confirms receipt.`,
  ]);
}

/** To a buyer whose payment could not be honoured (the ticket went to someone else, changed or was removed). */
export function buyerRefundMail(
  to: string,
  firstName: string,
  facts: Pick<SaleMailFacts, 'eventName' | 'eventDate'>,
  amountCents: number,
): MailMessage {
  return paragraphMail(to, CHECKOUT_MAIL_SUBJECT.buyerRefund, [
    `Hi ${firstName},`,
    `We could not complete your purchase for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}: the ticket was no longer available when your payment arrived.`,
    `Your payment of ${formatCents(amountCents)} has been refunded in full. Refunds usually reach your card within 5-10 business days. You have not been charged for anything.`,
  ]);
}

/**
 * The payment was refunded at the provider before Encore completed the purchase (decision 0050): nothing was
 * bought and the hold has ended. What the provider had not returned yet follows in the refund e-mail.
 */
export function refundedBeforeSaleMail(
  to: string,
  firstName: string,
  facts: Pick<SaleMailFacts, 'eventName' | 'eventDate'>,
  amountCents: number,
): MailMessage {
  return paragraphMail(to, CHECKOUT_MAIL_SUBJECT.buyerRefund, [
    `Hi ${firstName},`,
    `Your payment of ${formatCents(amountCents)} for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)} was refunded before your purchase was completed, so the ticket was not sold to you and your hold on it has ended.`,
    'Refunds usually reach your card within 5-10 business days. You can buy a ticket again on the marketplace.',
  ]);
}
