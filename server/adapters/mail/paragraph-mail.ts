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

/**
 * An address in Encore's own words, up to the space after it; a full stop, comma or closing bracket at its
 * end belongs to the sentence. Linear: one pass of a character class, no nested repetition.
 */
const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g;
const SENTENCE_END = new Set(['.', ',', ';', ':', '!', '?', ')']);

/** The address without the punctuation that ends the sentence around it (a loop: no backtracking). */
function withoutSentenceEnd(address: string): string {
  let end = address.length;
  while (end > 0 && SENTENCE_END.has(address.charAt(end - 1))) end -= 1;
  return address.slice(0, end);
}

/** Escaped text with each http(s) address a link, so a mail reader need not copy it into a browser. */
export function htmlWithLinks(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = withoutSentenceEnd(match[0]);
    const start = match.index;
    html += `${escapeHtml(text.slice(from, start))}<a href="${escapeHtml(address)}">${escapeHtml(address)}</a>`;
    from = start + address.length;
  }
  return html + escapeHtml(text.slice(from));
}

/** Someone's own words in a mail (a message, an answer): kept as written, line breaks and all, never linked. */
export interface Quoted {
  quoted: string;
}

const paragraphText = (paragraph: string | Quoted) =>
  typeof paragraph === 'string' ? paragraph : paragraph.quoted;

const paragraphHtml = (paragraph: string | Quoted) =>
  typeof paragraph === 'string'
    ? `<p>${htmlWithLinks(paragraph)}</p>`
    : `<p style="white-space:pre-wrap">${escapeHtml(paragraph.quoted)}</p>`;

/**
 * The plain layout of Encore's notification e-mails: paragraphs, as text and as escaped HTML whose web
 * addresses are links.
 */
export function paragraphMail(to: string, subject: string, paragraphs: (string | Quoted)[]): MailMessage {
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    ...paragraphs.map(paragraphHtml),
    `<p style="color:#6b7280;font-size:12px">${escapeHtml(PRODUCT_NAME)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text: paragraphs.map(paragraphText).join('\n\n'), html };
}
