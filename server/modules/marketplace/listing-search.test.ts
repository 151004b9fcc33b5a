import { describe, expect, it } from 'vitest';
import { ticketListQuerySchema } from '../../../common/schemas/marketplace.js';
import { listingQueryOf } from './listing-search.js';
import { effectiveSort } from './service.js';

const NOW = new Date('2030-03-01T12:00:00Z');

describe('the listing index answers "Lowest vs. original price" (decision 0083)', () => {
  it('as its vsOriginal sort, the price carried as the tie value of a cursor', () => {
    const query = ticketListQuerySchema.parse({ search: 'luna', sortBy: 'vs_original' });
    const sort = effectiveSort(query);
    expect(sort).toEqual([
      { field: 'vsOriginal', direction: 'asc' },
      { field: 'price', direction: 'asc' },
    ]);
    expect(listingQueryOf(query, sort, undefined, NOW)?.sort).toEqual({
      field: 'vsOriginal',
      direction: 'asc',
    });
    expect(listingQueryOf(query, sort, { values: [-8, 12_387], id: 4 }, NOW)?.after).toEqual({
      value: -8,
      tie: 12_387,
      id: 4,
    });
  });

  it('but leaves to SQL the field alone, or with another second criterion', () => {
    const alone = ticketListQuerySchema.parse({
      search: 'luna',
      sortCriteria: JSON.stringify([{ field: 'vsOriginal', direction: 'asc' }]),
    });
    expect(listingQueryOf(alone, effectiveSort(alone), undefined, NOW)).toBeNull();
    const mixed = ticketListQuerySchema.parse({
      search: 'luna',
      sortCriteria: JSON.stringify([
        { field: 'vsOriginal', direction: 'asc' },
        { field: 'price', direction: 'desc' },
      ]),
    });
    expect(listingQueryOf(mixed, effectiveSort(mixed), undefined, NOW)).toBeNull();
  });
});
