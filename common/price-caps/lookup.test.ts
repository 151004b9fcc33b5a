import { describe, expect, it } from 'vitest';
import { allInPerTicketCents, listingPriceCents, platformFeePercent } from '../pricing.js';
import { highestMarkupWithin, maxAllInCents, priceCapRuleFor, ruleLimits, withinCap } from './lookup.js';
import { PRICE_CAP_RULES, type PriceCapRule } from './rules.js';

const row = (fields: Partial<PriceCapRule> & Pick<PriceCapRule, 'id' | 'country'>): PriceCapRule => ({
  region: null,
  maxPricePercent: null,
  maxFeePercent: null,
  sourceUrl: 'https://example.org/law',
  effectiveFrom: '2020-01-01',
  note: 'test row',
  ...fields,
});

const TABLE = [
  row({ id: 'us-fee', country: 'US', maxFeePercent: 10, effectiveFrom: '2020-01-01' }),
  row({ id: 'us-ny', country: 'US', region: 'NY', maxPricePercent: 120, effectiveFrom: '2019-01-01' }),
  row({
    id: 'us-ny-tighter',
    country: 'US',
    region: 'NY',
    maxPricePercent: 110,
    effectiveFrom: '2031-06-01',
  }),
  row({ id: 'xx-old', country: 'XX', maxPricePercent: 150, effectiveFrom: '2010-01-01' }),
  row({ id: 'xx-new', country: 'XX', maxPricePercent: 100, effectiveFrom: '2025-01-01' }),
];

describe('priceCapRuleFor', () => {
  it('picks the region’s row over the country’s, whichever took effect later', () => {
    expect(priceCapRuleFor({ country: 'US', region: 'NY' }, '2030-01-01', TABLE)?.id).toBe('us-ny');
    expect(priceCapRuleFor({ country: 'US', region: 'CA' }, '2030-01-01', TABLE)?.id).toBe('us-fee');
    expect(priceCapRuleFor({ country: 'US', region: null }, '2030-01-01', TABLE)?.id).toBe('us-fee');
  });

  it('takes a row from its effective day on, and the latest of equally specific rows', () => {
    expect(priceCapRuleFor({ country: 'US', region: 'NY' }, '2031-05-31', TABLE)?.id).toBe('us-ny');
    expect(priceCapRuleFor({ country: 'US', region: 'NY' }, '2031-06-01', TABLE)?.id).toBe('us-ny-tighter');
    expect(priceCapRuleFor({ country: 'XX', region: null }, '2024-12-31', TABLE)?.id).toBe('xx-old');
    expect(priceCapRuleFor({ country: 'XX', region: 'A' }, '2025-01-01', TABLE)?.id).toBe('xx-new');
  });

  it('answers null before any row, and for a place no row covers', () => {
    expect(priceCapRuleFor({ country: 'XX', region: null }, '2009-12-31', TABLE)).toBeNull();
    expect(priceCapRuleFor({ country: 'FR', region: null }, '2030-01-01', TABLE)).toBeNull();
  });

  it('reads the repository’s table: Ireland and Belgium at the original price, no cap in the UK', () => {
    const ireland = priceCapRuleFor({ country: 'IE', region: null }, '2026-11-29');
    expect(ireland).toMatchObject({ id: 'ie-sale-of-tickets-act-2021', maxPricePercent: 100 });
    expect(priceCapRuleFor({ country: 'IE', region: null }, '2021-07-30')).toBeNull();
    expect(priceCapRuleFor({ country: 'BE', region: null }, '2026-11-29')?.maxPricePercent).toBe(100);
    const uk = priceCapRuleFor({ country: 'GB', region: null }, '2026-11-29');
    expect(uk?.id).toBe('gb-consumer-rights-act-2015');
    expect(ruleLimits(uk)).toBe(false);
    expect(ruleLimits(ireland)).toBe(true);
  });

  it('keeps the table reviewable: unique ids, a source, a date and a note on every row', () => {
    const ids = PRICE_CAP_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of PRICE_CAP_RULES) {
      expect(rule.sourceUrl).toMatch(/^https:\/\/\S+$/);
      expect(rule.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.country).toMatch(/^[A-Z]{2}$/);
      expect(rule.note.length).toBeGreaterThan(20);
    }
  });
});

describe('what a cap means for a listing', () => {
  const ireland = TABLE[4] as PriceCapRule; // 100% of the original price
  const terms = { faceValueCents: 8_000, serviceFeeCents: 1_000 };

  it('caps the all-in price at the original price: markup -2% fits, -1% does not', () => {
    expect(maxAllInCents(ireland, terms)).toBe(9_000);
    expect(highestMarkupWithin(ireland, terms)).toBe(-2);
    expect(allInPerTicketCents(listingPriceCents(8_000, 1_000, -2))).toBeLessThanOrEqual(9_000);
    expect(allInPerTicketCents(listingPriceCents(8_000, 1_000, -1))).toBeGreaterThan(9_000);
    expect(withinCap(ireland, { ...terms, markup: -2 })).toBe(true);
    expect(withinCap(ireland, { ...terms, markup: -1 })).toBe(false);
  });

  it('turns a fee cap into the highest markup whose platform fee keeps to it', () => {
    const feeCap = TABLE[0] as PriceCapRule; // 10%
    const markup = highestMarkupWithin(feeCap, terms);
    expect(markup).toBe(17);
    expect(platformFeePercent(17)).toBeLessThanOrEqual(10);
    expect(platformFeePercent(18)).toBeGreaterThan(10);
    expect(maxAllInCents(feeCap, terms)).toBeNull();
  });

  it('leaves every listing alone without a rule, and finds no markup under a fee cap below 6%', () => {
    expect(withinCap(null, { ...terms, markup: 50 })).toBe(true);
    expect(highestMarkupWithin(null, terms)).toBe(50);
    expect(highestMarkupWithin(row({ id: 'low', country: 'ZZ', maxFeePercent: 5 }), terms)).toBeNull();
  });
});
