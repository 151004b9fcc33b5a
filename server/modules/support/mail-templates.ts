import { PRODUCT_NAME } from '../../../common/constants.js';
import { SUPPORT_TEXT, SUPPORT_TOPIC_LABELS } from '../../../common/texts/support.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import { escapeHtml } from '../../adapters/mail/paragraph-mail.js';
import type { SupportAnswerMail } from './service.js';

/** To a member whose support conversation got an answer; the answer is quoted as plain text. */
export function supportAnswerMail(facts: SupportAnswerMail, supportUrl: string): MailMessage {
  const paragraphs = [
    `Hi ${facts.firstName},`,
    `The ${PRODUCT_NAME} Support Team answered your conversation about ${SUPPORT_TOPIC_LABELS[facts.topic]}:`,
    facts.message,
    `Read and reply in Customer Support: ${supportUrl}`,
  ];
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p style="white-space:pre-wrap">${escapeHtml(paragraph)}</p>`),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: facts.to, subject: SUPPORT_TEXT.mailSubject, text: paragraphs.join('\n\n'), html };
}
