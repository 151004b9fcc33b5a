import { processingFeeCents } from '@common/pricing';
import { describe, expect, it } from 'vitest';
import { bidCostSplit, EXAMPLE_MAX_CENTS } from './cost-example';

describe('bidCostSplit', () => {
  it('splits the $100.00 example into $98.09 of tickets and a $1.91 fee', () => {
    expect(bidCostSplit(EXAMPLE_MAX_CENTS)).toEqual({
      ticketsCents: 9809,
      processingFeeCents: 191,
      chargedCents: 10_000,
      feePercent: 1.95,
    });
  });

  it.each([1, 2, 99, 101, 5_000, 12_345, 99_999, 100_000_000])(
    'never charges more than a maximum of %i cents, and one cent more of tickets would',
    (max) => {
      const split = bidCostSplit(max);
      expect(split.chargedCents).toBeLessThanOrEqual(max);
      expect(split.ticketsCents + split.processingFeeCents).toBe(split.chargedCents);
      const more = split.ticketsCents + 1;
      expect(more + processingFeeCents(more)).toBeGreaterThan(max);
    },
  );
});
