import { describe, expect, it } from 'vitest';
import { renderOutboxPage } from './page.js';

describe('renderOutboxPage', () => {
  const mail = {
    to: 'x@example.com"><script>',
    subject: '<img src=x onerror=alert(1)>',
    text: 'a & b',
    html: '<p>"quoted"</p><script>alert(1)</script>',
    createdAt: new Date('2026-01-02T03:04:05Z'),
  };

  it('escapes every field and puts the HTML body in a sandboxed srcdoc', () => {
    const page = renderOutboxPage([mail], '"><b>');
    expect(page).not.toMatch(/<script>|<img|<b>/);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('srcdoc="&lt;p&gt;&quot;quoted&quot;&lt;/p&gt;&lt;script&gt;');
    expect(page).toContain('<iframe sandbox=""');
    expect(page).toContain('a &amp; b');
    expect(page).toContain('2026-01-02T03:04:05.000Z');
  });

  it('says when there is no mail', () => {
    expect(renderOutboxPage([])).toContain('No mail yet.');
  });
});
