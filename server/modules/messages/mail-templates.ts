import { PRODUCT_NAME } from '../../../common/constants.js';
import { MESSAGE_TEXT } from '../../../common/messages.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml } from '../../adapters/mail/paragraph-mail.js';
import type { MessageMail } from './service.js';

/** To the other party of a sale about a new message on the ticket; the content is quoted as plain text. */
export function newMessageMail(facts: MessageMail, myTicketsUrl: string): MailMessage {
  const paragraphs = [
    `Hi ${facts.firstName},`,
    `${facts.senderUsername} sent you a message about your ticket for ${facts.eventName}:`,
    facts.content,
    `Read and reply in My Tickets: ${myTicketsUrl}`,
  ];
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    to: facts.to,
    subject: MESSAGE_TEXT.mailSubject(facts.eventName),
    text: paragraphs.join('\n\n'),
    html,
  };
}
