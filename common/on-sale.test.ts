import { describe, expect, it } from 'vitest';
import { earliestListingDateOnSale, onSaleAt, saleEndsAt } from './on-sale.js';

const show = { eventDate: '2030-05-01', daysCount: 1, timeZone: 'America/Los_Angeles' };
const festival = { eventDate: '2030-06-10', daysCount: 3, timeZone: 'America/New_York' };

describe('still on sale (decision 0071)', () => {
  it('runs to the venue’s midnight after the last day', () => {
    expect(saleEndsAt(show)).toEqual(new Date('2030-05-02T07:00:00Z'));
    expect(saleEndsAt(festival)).toEqual(new Date('2030-06-13T04:00:00Z'));
    expect(onSaleAt(show, new Date('2030-05-02T06:30:00Z'))).toBe(true);
    expect(onSaleAt(show, new Date('2030-05-02T07:00:00Z'))).toBe(false);
    expect(onSaleAt(festival, new Date('2030-06-12T00:30:00Z'))).toBe(true);
    expect(onSaleAt(festival, new Date('2030-06-13T04:01:00Z'))).toBe(false);
  });

  it('bounds the first day of any listing still on sale, whatever its zone and days', () => {
    const now = new Date('2030-06-13T11:59:00Z');
    const earliest = earliestListingDateOnSale(now);
    expect(earliest).toBe('2030-05-13');
    // The latest zone on Earth (UTC−12), the most days a listing may have (31): still on sale, and in bounds.
    const longest = { eventDate: '2030-05-13', daysCount: 31, timeZone: 'Etc/GMT+12' };
    expect(onSaleAt(longest, now)).toBe(true);
    expect(onSaleAt({ ...longest, eventDate: '2030-05-12' }, now)).toBe(false);
  });
});
