import { describe, expect, it } from 'vitest';
import { artistPicture, catalogText, webAddress } from './catalog-values.js';

describe('catalog values', () => {
  it('puts a name on one line: separators and controls become one space, the ends trimmed', () => {
    expect(catalogText('Night\u2028Tour')).toBe('Night Tour');
    expect(catalogText(' Night \u2029\u2029 Tour\t\n')).toBe('Night Tour');
    expect(catalogText('A\u0000B\u0085C\u007fD')).toBe('A B C D');
    expect(catalogText('\u2028 \u2029')).toBe('');
    expect(catalogText('Café — «Live»')).toBe('Café — «Live»');
  });

  it('cuts a long name to its limit, never inside a surrogate pair', () => {
    expect(catalogText('x'.repeat(250))).toHaveLength(200);
    expect(catalogText(`${'x'.repeat(199)}😀`)).toBe('x'.repeat(199));
  });

  it('keeps http(s) addresses and the app’s own paths, and drops every other scheme', () => {
    expect(webAddress('https://img.example/a.jpg')).toBe('https://img.example/a.jpg');
    expect(webAddress(' http://img.example/a b.jpg ')).toBe('http://img.example/a%20b.jpg');
    expect(webAddress('/api/images/7')).toBe('/api/images/7');
    for (const hostile of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:msgbox(1)',
      '//evil.example/a.jpg',
      '/\\evil.example/a.jpg',
      '/a\u2028b',
      'img.example/a.jpg',
      '',
      null,
      undefined,
      `https://img.example/${'a'.repeat(2_100)}`,
    ])
      expect(webAddress(hostile), String(hostile)).toBeNull();
  });
});

describe('an artist picture', () => {
  it('keeps generated art as a data: URL of an image type, and refuses any other data: or script', () => {
    const art = 'data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E';
    expect(artistPicture(art)).toBe(art);
    expect(artistPicture('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(artistPicture('data:text/html,<script>x</script>')).toBeNull();
    expect(artistPicture('javascript:alert(1)')).toBeNull();
    expect(artistPicture('https://img.example/a.jpg')).toBe('https://img.example/a.jpg');
  });
});
