import { escapeHtml } from '../../adapters/mail/paragraph-mail.js';

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (decision 0096), offered as downloads under it. */
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  createdAt: Date;
}

function attachmentLinks(mail: OutboxEntry): string {
  const files = mail.attachments ?? [];
  if (files.length === 0) return '';
  const links = files.map(
    (file) =>
      `<li><a download="${escapeHtml(file.filename)}" href="data:${escapeHtml(file.contentType.split(';')[0] ?? 'application/octet-stream')};base64,${escapeHtml(file.contentBase64)}">${escapeHtml(file.filename)}</a></li>`,
  );
  return `<p>Attachments:</p><ul>${links.join('')}</ul>`;
}

/**
 * The local mailbox page. Every value is escaped; each HTML body renders inside a
 * sandboxed iframe (srcdoc, no scripts, no same-origin), so a mail cannot touch the page.
 */
export function renderOutboxPage(mails: OutboxEntry[], filter?: string): string {
  const items = mails.map(
    (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · <time datetime="${escapeHtml(mail.createdAt.toISOString())}">${escapeHtml(mail.createdAt.toISOString())}</time></p>
<iframe sandbox="" title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
${attachmentLinks(mail)}<details><summary>Plain text</summary><pre>${escapeHtml(mail.text)}</pre></details>
</article>`,
  );
  const heading = filter ? `Mail to ${escapeHtml(filter)}` : 'All mail';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Encore dev mail</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111827}
article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}
h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{margin:0 0 .75rem;color:#4b5563}
iframe{width:100%;height:22rem;border:1px solid #e5e7eb;border-radius:4px;background:#fff}
pre{white-space:pre-wrap;word-break:break-word}
</style>
</head>
<body>
<h1>Encore dev mail</h1>
<p>Mail the app sent on this machine, newest first. ${heading}.</p>
<form method="get" action="/dev/mail"><label>Recipient <input name="to" type="email" value="${escapeHtml(filter ?? '')}"></label> <button type="submit">Filter</button></form>
${items.length > 0 ? items.join('\n') : '<p>No mail yet.</p>'}
</body>
</html>`;
}
