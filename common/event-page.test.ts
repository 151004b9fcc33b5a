import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchWithFilters } from './event-page';

describe('event page filters in the address', () => {
  it('reads the filters the address keeps', () => {
    expect(filtersFromSearch(new URLSearchParams('quantity=2&section=Floor&delivery=paper'))).toEqual({
      quantity: 2,
      section: 'Floor',
      delivery: 'paper',
    });
  });

  it('reads every order but the default one', () => {
    for (const sort of ['price_desc', 'section', 'quantity', 'vs_original'] as const) {
      expect(filtersFromSearch(new URLSearchParams(`sort=${sort}`))).toEqual({ sort });
    }
    expect(filtersFromSearch(new URLSearchParams('sort=price'))).toEqual({});
    expect(filtersFromSearch(new URLSearchParams('sort=date'))).toEqual({});
  });

  it('leaves a bad filter out', () => {
    expect(filtersFromSearch(new URLSearchParams('quantity=9&delivery=fax&section='))).toEqual({});
    expect(filtersFromSearch(new URLSearchParams('quantity=1.5'))).toEqual({});
  });

  it('writes the filters, removing the ones cleared and keeping other parameters', () => {
    const next = searchWithFilters(new URLSearchParams('quantity=2&ref=mail'), { delivery: 'digital' });
    expect(next.toString()).toBe('ref=mail&delivery=digital');
  });
});
