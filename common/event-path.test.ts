import { describe, expect, it } from 'vitest';
import { eventPath, eventSlug, parseEventSegment } from './event-path';

describe('event page addresses', () => {
  it('slugs a name into lower-case words joined by hyphens, accents folded', () => {
    expect(eventSlug('Ellie Hart: Live at Fenway!')).toBe('ellie-hart-live-at-fenway');
    expect(eventSlug('Beyoncé — Renaissance')).toBe('beyonce-renaissance');
    expect(eventSlug('!!!')).toBe('');
  });

  it('keeps the slug to whole words within 80 characters', () => {
    const slug = eventSlug('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('builds the path from the id and the slug, and reads it back', () => {
    expect(eventPath(42, 'DJ Solstice')).toBe('/events/42-dj-solstice');
    expect(eventPath(7, '???')).toBe('/events/7');
    expect(parseEventSegment('42-dj-solstice')).toEqual({ id: 42, slug: 'dj-solstice' });
    expect(parseEventSegment('42')).toEqual({ id: 42, slug: '' });
  });

  it('refuses segments that are not an event id', () => {
    for (const segment of ['', 'abc', '0', '-1', '99999999999', '12 34', '3-a/b']) {
      expect(parseEventSegment(segment)).toBeNull();
    }
  });
});
