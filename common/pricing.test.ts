import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents } from './money';
import {
  allInPerTicketCents,
  clampFeeMarkup,
  listingPriceCents,
  MARKUP_COMMENTARY,
  markupCommentary,
  markupTone,
  PROCESSING_FEE_PERCENT,
  platformFeeCents,
  platformFeePercent,
  priceBreakdown,
  processingFeeCents,
  saleBreakdown,
} from './pricing';

// $100.00 face value, no service fee, one ticket; expected figures worked out by hand from spec 000 §9.
// biome-ignore format: one row per markup reads as a table
const byMarkup: Array<{
  markup: number;
  percent: number;
  perTicket: number;
  platformFee: number;
  processingFee: number;
  sellerReceives: number;
  buyerPays: number;
  tone: 'green' | 'yellow' | 'red';
  commentary: string;
}> = [
  { markup: -100, percent: 6, perTicket: 0, platformFee: 0, processingFee: 0, sellerReceives: 0, buyerPays: 0, tone: 'green', commentary: MARKUP_COMMENTARY.below },
  { markup: -1, percent: 7.188, perTicket: 9_900, platformFee: 712, processingFee: 193, sellerReceives: 8_995, buyerPays: 10_093, tone: 'green', commentary: MARKUP_COMMENTARY.below },
  { markup: 0, percent: 7.2, perTicket: 10_000, platformFee: 720, processingFee: 195, sellerReceives: 9_085, buyerPays: 10_195, tone: 'green', commentary: MARKUP_COMMENTARY.zero },
  { markup: 1, percent: 7.20912, perTicket: 10_100, platformFee: 728, processingFee: 197, sellerReceives: 9_175, buyerPays: 10_297, tone: 'yellow', commentary: MARKUP_COMMENTARY.modest },
  // 1.95% of $110.00 is 214.5 cents: half a cent rounds up.
  { markup: 10, percent: 8.112, perTicket: 11_000, platformFee: 892, processingFee: 215, sellerReceives: 9_893, buyerPays: 11_215, tone: 'yellow', commentary: MARKUP_COMMENTARY.modest },
  { markup: 11, percent: 8.30352, perTicket: 11_100, platformFee: 922, processingFee: 216, sellerReceives: 9_962, buyerPays: 11_316, tone: 'yellow', commentary: MARKUP_COMMENTARY.moderate },
  { markup: 20, percent: 10.848, perTicket: 12_000, platformFee: 1_302, processingFee: 234, sellerReceives: 10_464, buyerPays: 12_234, tone: 'yellow', commentary: MARKUP_COMMENTARY.moderate },
  { markup: 21, percent: 11.22192, perTicket: 12_100, platformFee: 1_358, processingFee: 236, sellerReceives: 10_506, buyerPays: 12_336, tone: 'yellow', commentary: MARKUP_COMMENTARY.high },
  { markup: 30, percent: 15.408, perTicket: 13_000, platformFee: 2_003, processingFee: 254, sellerReceives: 10_743, buyerPays: 13_254, tone: 'yellow', commentary: MARKUP_COMMENTARY.high },
  { markup: 31, percent: 15.96432, perTicket: 13_100, platformFee: 2_091, processingFee: 255, sellerReceives: 10_754, buyerPays: 13_355, tone: 'red', commentary: MARKUP_COMMENTARY.steep },
  { markup: 49, percent: 29.09712, perTicket: 14_900, platformFee: 4_335, processingFee: 291, sellerReceives: 10_274, buyerPays: 15_191, tone: 'red', commentary: MARKUP_COMMENTARY.steep },
  { markup: 50, percent: 30, perTicket: 15_000, platformFee: 4_500, processingFee: 293, sellerReceives: 10_207, buyerPays: 15_293, tone: 'red', commentary: MARKUP_COMMENTARY.steep },
  // Above +50 the fee stays at 30% (the markup is clamped for the fee, not for the price).
  { markup: 51, percent: 30, perTicket: 15_100, platformFee: 4_530, processingFee: 294, sellerReceives: 10_276, buyerPays: 15_394, tone: 'red', commentary: MARKUP_COMMENTARY.steep },
  { markup: 150, percent: 30, perTicket: 25_000, platformFee: 7_500, processingFee: 488, sellerReceives: 17_012, buyerPays: 25_488, tone: 'red', commentary: MARKUP_COMMENTARY.steep },
];

describe('pricing by markup ($100 face value, one ticket)', () => {
  it.each(byMarkup)('markup $markup', (row) => {
    const breakdown = priceBreakdown({
      faceValueCents: 10_000,
      serviceFeeCents: 0,
      markupPercent: row.markup,
      quantity: 1,
    });
    expect(breakdown.platformFeePercent).toBeCloseTo(row.percent, 10);
    expect(breakdown).toMatchObject({
      perTicketCents: row.perTicket,
      totalCents: row.perTicket,
      platformFeeCents: row.platformFee,
      processingFeeCents: row.processingFee,
      processingFeePercent: PROCESSING_FEE_PERCENT,
      sellerReceivesCents: row.sellerReceives,
      buyerPaysCents: row.buyerPays,
      buyerPaysPerTicketCents: row.buyerPays,
    });
    expect(markupTone(row.markup)).toBe(row.tone);
    expect(markupCommentary(row.markup)).toBe(row.commentary);
  });

  it('clamps the fee markup to -100..50', () => {
    expect(clampFeeMarkup(-250)).toBe(-100);
    expect(clampFeeMarkup(150)).toBe(50);
    expect(platformFeePercent(-250)).toBe(6);
    expect(platformFeePercent(50)).toBe(30);
    expect(platformFeePercent(0)).toBe(7.2);
  });

  it('uses six distinct commentary texts', () => {
    expect(new Set([-5, 0, 5, 15, 25, 40].map(markupCommentary)).size).toBe(6);
  });
});

describe('rounding: half up to the cent at each money step', () => {
  it.each([
    // (80.00 + 12.50) x 1.10 = 101.75 exactly
    { face: 8_000, fee: 1_250, markup: 10, expected: 10_175 },
    // 19.99 x 1.07 = 21.3893 -> 21.39
    { face: 1_999, fee: 0, markup: 7, expected: 2_139 },
    // 0.05 x 1.10 = 5.5 cents -> 6
    { face: 5, fee: 0, markup: 10, expected: 6 },
    // 0.15 x 1.10 = 16.5 cents -> 17 (a float product would be 16.500000000000004 or 16.499999999999996)
    { face: 10, fee: 5, markup: 10, expected: 17 },
    // 3.33 x 1.15 = 382.95 cents -> 383
    { face: 333, fee: 0, markup: 15, expected: 383 },
    // 1.01 x 0.45 = 45.45 cents -> 45
    { face: 101, fee: 0, markup: -55, expected: 45 },
    { face: 0, fee: 0, markup: 50, expected: 0 },
  ])('listing price of $face + $fee cents at $markup%', ({ face, fee, markup, expected }) => {
    expect(listingPriceCents(face, fee, markup)).toBe(expected);
  });

  it('rounds the processing fee per ticket, the platform fee on the total', () => {
    const breakdown = saleBreakdown({ perTicketCents: 10_175, markupPercent: 10, quantity: 3 });
    expect(breakdown.totalCents).toBe(30_525);
    // 10 175 x 1.95% = 198.4125 -> 198 a ticket, 594 for 3
    expect(breakdown.processingFeeCents).toBe(594);
    // 30 525 x 8.112% = 2 476.188 -> 2 476
    expect(breakdown.platformFeeCents).toBe(2_476);
    expect(breakdown.sellerReceivesCents).toBe(30_525 - 2_476 - 594);
    expect(breakdown.buyerPaysPerTicketCents).toBe(10_373);
    expect(breakdown.buyerPaysCents).toBe(31_119);
  });

  it('shows figures that add up: $137.63 each is $275.26 for 2 and $550.52 for 4 (issue 43)', () => {
    // $120 face value, $15 original fee, 0% markup: $135.00 a ticket, 263.25 cents of fee -> 263.
    // Rounded on the total instead, 2 tickets were "$137.64 each · $275.27" and 4 "$137.63 each".
    const at = (quantity: number) =>
      priceBreakdown({ faceValueCents: 12_000, serviceFeeCents: 1_500, markupPercent: 0, quantity });
    expect(allInPerTicketCents(13_500)).toBe(13_763);
    for (const quantity of [1, 2, 3, 4]) {
      expect(at(quantity).buyerPaysPerTicketCents).toBe(13_763);
      expect(at(quantity).buyerPaysCents).toBe(13_763 * quantity);
    }
    expect(formatCents(at(2).buyerPaysCents)).toBe('$275.26');
    expect(formatCents(at(4).buyerPaysCents)).toBe('$550.52');
  });

  it('rounds a half-cent processing fee up', () => {
    // 1.95% of $1.00 is 1.95 cents -> 2; of $0.10 is 0.195 -> 0; of 2 000 cents is exactly 39
    expect(processingFeeCents(100)).toBe(2);
    expect(processingFeeCents(10)).toBe(0);
    expect(processingFeeCents(2_000)).toBe(39);
    // 1.95% of 7 000 cents is 136.5 -> 137
    expect(processingFeeCents(7_000)).toBe(137);
    // 7.2% of 625 cents is 45.0 exactly; 6% of 25 cents is 1.5 -> 2
    expect(platformFeeCents(625, 0)).toBe(45);
    expect(platformFeeCents(25, -100)).toBe(2);
  });
});

describe('bad inputs are refused, never silently priced', () => {
  it.each([
    () => listingPriceCents(-1, 0, 0),
    () => listingPriceCents(10.5, 0, 0),
    () => listingPriceCents(100, 0, -101),
    () => listingPriceCents(100, 0, 2.5),
    () => saleBreakdown({ perTicketCents: 100, markupPercent: 0, quantity: 0 }),
    () => processingFeeCents(-5),
  ])('throws a RangeError (%#)', (call) => {
    expect(call).toThrow(RangeError);
  });
});

describe('properties', () => {
  it('never pays out more than the buyer pays, and nothing is negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: -100, max: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (faceValueCents, serviceFeeCents, markupPercent, quantity) => {
          const b = priceBreakdown({ faceValueCents, serviceFeeCents, markupPercent, quantity });
          const parts = [
            b.perTicketCents,
            b.totalCents,
            b.platformFeeCents,
            b.processingFeeCents,
            b.sellerReceivesCents,
            b.buyerPaysCents,
            b.buyerPaysPerTicketCents,
          ];
          expect(parts.every((cents) => Number.isSafeInteger(cents) && cents >= 0)).toBe(true);
          expect(b.sellerReceivesCents + b.platformFeeCents + b.processingFeeCents).toBeLessThanOrEqual(
            b.buyerPaysCents,
          );
          expect(b.sellerReceivesCents + b.platformFeeCents + b.processingFeeCents).toBe(b.totalCents);
          expect(b.buyerPaysCents).toBe(b.totalCents + b.processingFeeCents);
          expect(b.buyerPaysCents).toBe(b.buyerPaysPerTicketCents * quantity);
          expect(b.buyerPaysPerTicketCents).toBe(allInPerTicketCents(b.perTicketCents));
        },
      ),
    );
  });

  it('a higher markup never lowers the platform fee percent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -150, max: 150 }), (markup) => {
        expect(platformFeePercent(markup + 1)).toBeGreaterThanOrEqual(platformFeePercent(markup));
      }),
    );
  });
});
