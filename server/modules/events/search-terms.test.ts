import { describe, expect, it } from 'vitest';
import { artistNameOf, escapeRegex, fallbackWord, queryWords, searchTerm } from './search-terms.js';

describe('artistNameOf', () => {
  it("cuts an event name at ' at '", () => {
    expect(artistNameOf('Phoebe Bridgers at Red Rocks Amphitheatre')).toBe('Phoebe Bridgers');
  });

  it("cuts an event name at ' @ '", () => {
    expect(artistNameOf('Neon Harbor @ The Fillmore')).toBe('Neon Harbor');
  });

  it('cuts case-insensitively, at the first of either separator, and trims', () => {
    expect(artistNameOf('  Mira Sol AT Madison Square Garden @ 8pm ')).toBe('Mira Sol');
    expect(artistNameOf('Mira Sol @ MSG at night')).toBe('Mira Sol');
  });

  it("leaves names without a separator alone, even when 'at' is inside a word", () => {
    expect(artistNameOf('Beat Atlas')).toBe('Beat Atlas');
    expect(artistNameOf('Cat Attack')).toBe('Cat Attack');
    expect(artistNameOf(' Juniper Vale ')).toBe('Juniper Vale');
  });
});

describe('fallbackWord', () => {
  it('retries several words with the first word of at least 3 characters', () => {
    expect(fallbackWord('Copper long way', 3)).toBe('copper');
  });

  it('does not retry a single word or a short first word', () => {
    expect(fallbackWord('copper', 3)).toBeNull();
    expect(fallbackWord('DJ Solstice', 3)).toBeNull();
  });
});

describe('search patterns', () => {
  it('escapes regular-expression syntax', () => {
    const text = 'ac/dc (live) [2027] a+b?';
    expect(new RegExp(`^${escapeRegex(text)}$`).test(text)).toBe(true);
  });

  it('splits a query into lower-case words', () => {
    expect(queryWords('  Blue   MOON  ')).toEqual(['blue', 'moon']);
  });

  it('builds one pattern per ranking tier from the trimmed, lower-cased query', () => {
    const term = searchTerm('  Blue Moon ');
    expect(term.text).toBe('blue moon');
    expect(term.contains).toBe('%blue moon%');
    expect(term.prefix).toBe('blue moon%');
    // The same expressions as PostgreSQL evaluates them, checked here with JavaScript's engine.
    const js = (pattern: string) => new RegExp(pattern.replaceAll('[:alnum:]', 'a-z0-9'));
    expect(js(term.wholeWord).test('once in a blue moon')).toBe(true);
    expect(js(term.wholeWord).test('blue moonlight')).toBe(false);
    expect(js(term.firstWord).test('blue jays jamboree')).toBe(true);
    expect(js(term.firstWord).test('bluegrass night')).toBe(false);
  });
});
