import { PRODUCT_NAME } from '../../../common/constants.js';
import type { MailMessage } from './mailer.js';

/** Text for HTML: the five characters that could open markup or an attribute are escaped. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The plain layout of Encore's notification e-mails: paragraphs, as text and as escaped HTML. */
export function paragraphMail(to: string, subject: string, paragraphs: string[]): MailMessage {
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: paragraphs.join('\n\n'), html };
}
