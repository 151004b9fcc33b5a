import { PRODUCT_NAME } from '../../../common/constants.js';
import { TRANSFER_MAIL_SUBJECT } from '../../../common/messages.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml } from '../auth/mail-templates.js';

export interface InitiatedMailFacts {
  eventName: string;
  eventDate: string;
  ticketType: 'digital' | 'paper';
  /** The platform's display name for a digital ticket. */
  platformName: string | null;
}

function mailBody(paragraphs: string[]): string {
  return [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
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
    `The seller has sent your tickets for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}.`,
    where,
    `Once you have them, please press Confirm Receipt in My Tickets: ${myTicketsUrl}. Your payment stays in escrow until then.`,
  ];
  return {
    to,
    subject: TRANSFER_MAIL_SUBJECT.initiated,
    text: paragraphs.join('\n\n'),
    html: mailBody(paragraphs),
  };
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
  return {
    to,
    subject: TRANSFER_MAIL_SUBJECT.barcodeReplaced,
    text: paragraphs.join('\n\n'),
    html: mailBody(paragraphs),
  };
}
