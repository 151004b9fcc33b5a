import { PRODUCT_NAME } from '../../../common/constants.js';
import { PAYOUT_MAIL_SUBJECT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml } from '../auth/mail-templates.js';

export function mail(to: string, subject: string, paragraphs: string[]): MailMessage {
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: paragraphs.join('\n\n'), html };
}

export interface TimelineMailFacts {
  firstName: string;
  eventName: string;
  /** yyyy-MM-dd; the e-mails word it ('Wednesday, May 1, 2030'). */
  eventDate: string;
  myTicketsUrl: string;
}

const ticketFor = (facts: TimelineMailFacts) =>
  `your ticket for ${facts.eventName} on ${formatCalendarDate(facts.eventDate)}`;

/** To a seller who has not initiated the transfer yet (decision 0017: two reminders before the deadline). */
export function transferReminderMail(to: string, facts: TimelineMailFacts, deadline: string): MailMessage {
  return mail(to, PAYOUT_MAIL_SUBJECT.transferReminder, [
    `Hi ${facts.firstName},`,
    `The buyer is waiting for ${ticketFor(facts)}. Please transfer it and mark the transfer as initiated in My Tickets: ${facts.myTicketsUrl}`,
    `If the transfer is not initiated by ${deadline}, the sale is cancelled and the buyer is refunded in full.`,
  ]);
}

export function sellerCancelledMail(to: string, facts: TimelineMailFacts): MailMessage {
  return mail(to, PAYOUT_MAIL_SUBJECT.sellerCancelled, [
    `Hi ${facts.firstName},`,
    `The transfer of ${ticketFor(facts)} was not initiated before the deadline, so the sale was cancelled and the buyer refunded in full. No payout will be made for it.`,
  ]);
}

export function buyerRefundedMail(to: string, facts: TimelineMailFacts, amountCents: number): MailMessage {
  return mail(to, PAYOUT_MAIL_SUBJECT.buyerRefunded, [
    `Hi ${facts.firstName},`,
    `The seller did not transfer ${ticketFor(facts).replace('your ticket', 'the ticket you bought')} before the deadline. We cancelled the sale and refunded ${formatCents(amountCents)} to your card; it may take a few days to appear.`,
  ]);
}

export function problemReportedMail(to: string, facts: TimelineMailFacts, reason: string): MailMessage {
  return mail(to, PAYOUT_MAIL_SUBJECT.problemReported, [
    `Hi ${facts.firstName},`,
    `The buyer of ${ticketFor(facts)} reported a problem with the transfer: "${reason}"`,
    `Your payout for this sale is on hold until Encore support has looked into it. You can reply to the buyer in the ticket's messages in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}

export function payoutSentMail(to: string, facts: TimelineMailFacts, amountCents: number): MailMessage {
  return mail(to, PAYOUT_MAIL_SUBJECT.paid, [
    `Hi ${facts.firstName},`,
    `We sent you ${formatCents(amountCents)} for ${ticketFor(facts)}.`,
  ]);
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
      ? `The buyer confirmed receipt of ${ticketFor(facts)}. The sale is complete.`
      : `The sale of ${ticketFor(facts)} is complete: the buyer did not report a problem after the event.`;
  return mail(to, PAYOUT_MAIL_SUBJECT.saleCompleted, [
    `Hi ${facts.firstName},`,
    how,
    `Your payout of ${formatCents(sale.amountCents)} is scheduled for ${sale.payoutDate}, three days after the event.`,
    ...(sale.accountMissing
      ? [`Connect a payout account in your profile so we can pay you: ${sale.profileUrl}`]
      : []),
    `You can follow it in My Tickets: ${facts.myTicketsUrl}`,
  ]);
}
