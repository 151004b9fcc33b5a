import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchFold } from '../../lib/search-fold.js';
import { variantsOf, withinOneEdit } from './search-typos.js';

describe('withinOneEdit', () => {
  it('accepts one letter missing, extra, changed, or two neighbours swapped', () => {
    expect(withinOneEdit('khruangbn', 'khruangbin')).toBe(true);
    expect(withinOneEdit('khruangbiin', 'khruangbin')).toBe(true);
    expect(withinOneEdit('khruangbon', 'khruangbin')).toBe(true);
    expect(withinOneEdit('khraungbin', 'khruangbin')).toBe(true);
    expect(withinOneEdit('impala', 'impala')).toBe(true);
  });

  it('refuses two edits', () => {
    expect(withinOneEdit('impxxa', 'impala')).toBe(false);
    expect(withinOneEdit('xabc', 'abcy')).toBe(false);
    expect(withinOneEdit('impa', 'impala')).toBe(false);
    expect(withinOneEdit('abcd', 'badc')).toBe(false);
  });

  it('gives every word one edit away a variant in common', () => {
    // The variants table's premise: one edit apart implies a shared variant.
    const word = fc.stringMatching(/^[a-d]{4,7}$/);
    fc.assert(
      fc.property(word, word, (a, b) => {
        if (!withinOneEdit(a, b)) return;
        const shared = variantsOf(a).some((variant) => variantsOf(b).includes(variant));
        expect(shared).toBe(true);
      }),
    );
  });
});

describe('searchFold', () => {
  it('lower-cases and takes accents off, spelling out letters that do not decompose', () => {
    expect(searchFold('Beyoncé')).toBe('beyonce');
    expect(searchFold('Sigur Rós')).toBe('sigur ros');
    expect(searchFold('Straße Æther Øresund Łódź')).toBe('strasse aether oresund lodz');
  });
});
