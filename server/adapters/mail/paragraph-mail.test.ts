import { describe, expect, it } from 'vitest';
import { htmlWithLinks, paragraphMail } from './paragraph-mail.js';

describe('the HTML of a notification mail', () => {
  it('makes each web address a link, leaving the sentence around it as text', () => {
    expect(htmlWithLinks('See your tickets: https://encore.example/my-tickets.')).toBe(
      'See your tickets: <a href="https://encore.example/my-tickets">https://encore.example/my-tickets</a>.',
    );
    expect(htmlWithLinks('Stop them (https://encore.example/u?token=a&b=1), or not')).toBe(
      'Stop them (<a href="https://encore.example/u?token=a&amp;b=1">https://encore.example/u?token=a&amp;b=1</a>), or not',
    );
  });

  it('escapes markup and links only http(s) addresses', () => {
    expect(htmlWithLinks('<b>javascript:alert(1)</b> ftp://x')).toBe(
      '&lt;b&gt;javascript:alert(1)&lt;/b&gt; ftp://x',
    );
    expect(htmlWithLinks('"https://a.example/"onmouseover=x')).toBe(
      '&quot;<a href="https://a.example/">https://a.example/</a>&quot;onmouseover=x',
    );
  });

  it("keeps someone's own words as written, never linked, and the text part plain", () => {
    const mail = paragraphMail('ann@example.com', 'Hello', [
      'Reply at https://encore.example/my-tickets',
      { quoted: 'Call me <3\nhttps://elsewhere.example' },
    ]);
    expect(mail.html).toContain(
      '<p>Reply at <a href="https://encore.example/my-tickets">https://encore.example/my-tickets</a></p>',
    );
    expect(mail.html).toContain(
      '<p style="white-space:pre-wrap">Call me &lt;3\nhttps://elsewhere.example</p>',
    );
    expect(mail.text).toBe(
      'Reply at https://encore.example/my-tickets\n\nCall me <3\nhttps://elsewhere.example',
    );
  });

  it('stays linear on a long run of address-like text', () => {
    const long = `https://${'a'.repeat(200_000)}`;
    const started = performance.now();
    expect(htmlWithLinks(long)).toContain('<a href=');
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
