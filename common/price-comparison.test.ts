import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atOrBelowOriginal,
  comparePrice,
  faceValueText,
  NO_ORIGINAL_SORT_KEY,
  originalPriceCents,
  perTicketAgainstFaceValue,
  priceAgainstFaceValue,
  priceComparisonText,
  signedPercent,
  vsOriginalSortKey,
} from './price-comparison';
import { allInPerTicketCents, priceBreakdown } from './pricing';

describe('one comparison with the original price (decision 0073)', () => {
  it('takes face value plus the original fee as the original price', () => {
    expect(originalPriceCents(12_000, 1_500)).toBe(13_500);
  });

  it('says at, below or above in whole percent, "at" within half a percent', () => {
    const text = (allIn: number, original: number) => {
      const comparison = comparePrice(allIn, original);
      return comparison && priceComparisonText(comparison);
    };
    expect(text(11_200, 10_000)).toBe('12% above the original price');
    expect(text(9_200, 10_000)).toBe('8% below the original price');
    expect(text(10_049, 10_000)).toBe('At the original price');
    expect(text(9_951, 10_000)).toBe('At the original price');
    expect(text(10_050, 10_000)).toBe('1% above the original price');
    expect(text(9_950, 10_000)).toBe('1% below the original price');
    expect(comparePrice(5_000, 0)).toBeNull();
    expect(comparePrice(0, 10_000)).toEqual({ kind: 'below', percent: 100 });
    expect(signedPercent({ kind: 'below', percent: 8 })).toBe(-8);
  });

  it('reads the issue 43 listing ($120 face, $15 fee, 0% markup) by what a fan pays: $137.63 against $135.00', () => {
    const sale = priceBreakdown({
      faceValueCents: 12_000,
      serviceFeeCents: 1_500,
      markupPercent: 0,
      quantity: 4,
    });
    expect(sale.buyerPaysPerTicketCents).toBe(13_763);
    const comparison = comparePrice(sale.buyerPaysPerTicketCents, originalPriceCents(12_000, 1_500));
    expect(comparison).toEqual({ kind: 'above', percent: 2 });
    expect(atOrBelowOriginal(13_763, 13_500)).toBe(false);
    // 2% below the original price is what reads "at" it all-in: 13 230 + 258 = 13 488.
    const lower = priceBreakdown({
      faceValueCents: 12_000,
      serviceFeeCents: 1_500,
      markupPercent: -2,
      quantity: 1,
    });
    expect(comparePrice(lower.buyerPaysPerTicketCents, 13_500)).toEqual({ kind: 'at', percent: 0 });
    expect(atOrBelowOriginal(lower.buyerPaysPerTicketCents, 13_500)).toBe(true);
  });

  it('counts "at or below" exactly when the comparison says at or below', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (allIn, original) => {
          const comparison = comparePrice(allIn, original);
          expect(atOrBelowOriginal(allIn, original)).toBe(comparison !== null && comparison.kind !== 'above');
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100_000_000 }),
        (p, o) => {
          const allIn = allInPerTicketCents(p);
          const exact = ((allIn - o) * 100) / o;
          const comparison = comparePrice(allIn, o);
          expect(
            Math.abs(signedPercent(comparison ?? { kind: 'at', percent: 0 }) - exact),
          ).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it('says what the original price is made of beside a price (decision 0083)', () => {
    expect(faceValueText(12_000, 1_500)).toBe('Face value $120.00 + $15.00 original fee');
    expect(faceValueText(4_550, 0)).toBe('Face value $45.50 + $0.00 original fee');
    expect(priceAgainstFaceValue(13_763, 12_000, 1_500)).toBe(
      '2% above the original price (face value $120.00 + $15.00 original fee)',
    );
    expect(priceAgainstFaceValue(12_420, 12_000, 1_500)).toBe(
      '8% below the original price (face value $120.00 + $15.00 original fee)',
    );
    expect(priceAgainstFaceValue(13_500, 12_000, 1_500)).toBe(
      'At the original price (face value $120.00 + $15.00 original fee)',
    );
    expect(perTicketAgainstFaceValue(12_420, 12_000, 1_500)).toBe(
      'Per ticket, all-in: $124.20. 8% below the original price (face value $120.00 + $15.00 original fee).',
    );
    // Nothing to compare with: what it is made of alone.
    expect(priceAgainstFaceValue(5_000, 0, 0)).toBe('Face value $0.00 + $0.00 original fee');
  });

  it('sorts by the signed percent the comparison shows, a listing without an original price last', () => {
    expect(vsOriginalSortKey(12_420, 13_500)).toBe(-8);
    expect(vsOriginalSortKey(13_500, 13_500)).toBe(0);
    expect(vsOriginalSortKey(15_120, 13_500)).toBe(12);
    expect(vsOriginalSortKey(5_000, 0)).toBe(NO_ORIGINAL_SORT_KEY);
    // The largest price against the smallest original price still sorts before "no original price".
    expect(vsOriginalSortKey(allInPerTicketCents(10_000_000), 1)).toBeLessThan(NO_ORIGINAL_SORT_KEY);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20_000_000 }),
        (allIn, original) => {
          const comparison = comparePrice(allIn, original);
          expect(vsOriginalSortKey(allIn, original)).toBe(
            signedPercent(comparison ?? { kind: 'at', percent: 0 }),
          );
        },
      ),
    );
  });
});
