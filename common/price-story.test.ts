import { describe, expect, it } from 'vitest';
import { type ListingPriceSummary, priceStorySentence } from './price-story.js';
import { PRICE_STORY_TEXT } from './texts/price-story.js';

function summary(overrides: Partial<ListingPriceSummary>): ListingPriceSummary {
  return {
    listings: 10,
    withoutOriginalPrice: 0,
    atOrBelowOriginal: 0,
    lowest: 1,
    lowerQuartile: 5,
    upperQuartile: 20,
    highest: 40,
    ...overrides,
  };
}

describe('priceStorySentence', () => {
  it('says so when nothing is listed', () => {
    expect(priceStorySentence(summary({ listings: 0, lowest: null }))).toBe(PRICE_STORY_TEXT.noListings);
  });

  it('names the middle half as "most", and counts those at or below the original price', () => {
    expect(priceStorySentence(summary({ atOrBelowOriginal: 3, lowest: -10 }))).toBe(
      'Most listings are 5–20% above the original price; 3 are at or below it.',
    );
    expect(priceStorySentence(summary({ atOrBelowOriginal: 1, lowest: -1 }))).toBe(
      'Most listings are 5–20% above the original price; 1 is at or below it.',
    );
    expect(priceStorySentence(summary({}))).toBe(
      'Most listings are 5–20% above the original price; none is at or below it.',
    );
  });

  it('rounds each quartile to a whole percent, halves away from zero', () => {
    expect(priceStorySentence(summary({ lowerQuartile: 4.5, upperQuartile: 19.49 }))).toBe(
      'Most listings are 5–19% above the original price; none is at or below it.',
    );
    expect(
      priceStorySentence(
        summary({ atOrBelowOriginal: 6, lowest: -30, lowerQuartile: -20.5, upperQuartile: -4.5 }),
      ),
    ).toBe('Most listings are 5–21% below the original price; 6 are at or below it.');
  });

  it('words a middle half that spans the original price, starts at it, ends at it or is one figure', () => {
    const across = summary({ atOrBelowOriginal: 4, lowest: -30, lowerQuartile: -10, upperQuartile: 12 });
    expect(priceStorySentence(across)).toBe(
      'Most listings are between 10% below and 12% above the original price; 4 are at or below it.',
    );
    const fromFace = summary({ atOrBelowOriginal: 3, lowest: 0, lowerQuartile: 0.2, upperQuartile: 12 });
    expect(priceStorySentence(fromFace)).toBe(
      'Most listings are between the original price and 12% above it; 3 are at or below it.',
    );
    const toFace = summary({
      atOrBelowOriginal: 8,
      lowest: -30,
      lowerQuartile: -10,
      upperQuartile: 0,
      highest: 3,
    });
    expect(priceStorySentence(toFace)).toBe(
      'Most listings are between 10% below the original price and the original price itself; 8 are at or below it.',
    );
    const same = summary({ lowerQuartile: 14.6, upperQuartile: 15.2 });
    expect(priceStorySentence(same)).toBe(
      'Most listings are 15% above the original price; none is at or below it.',
    );
  });

  it('tells of one listing alone', () => {
    const one = { listings: 1, atOrBelowOriginal: 0 };
    expect(
      priceStorySentence(summary({ ...one, lowest: 12.4, lowerQuartile: 12.4, upperQuartile: 12.4 })),
    ).toBe('The one listing is 12% above the original price.');
    expect(
      priceStorySentence(
        summary({ listings: 1, atOrBelowOriginal: 1, lowest: -10, lowerQuartile: -10, highest: -10 }),
      ),
    ).toBe('The one listing is 10% below the original price.');
    expect(priceStorySentence(summary({ listings: 1, atOrBelowOriginal: 1, lowest: 0 }))).toBe(
      'The one listing is at the original price.',
    );
  });

  it('names the whole span of two or three listings instead of "most"', () => {
    expect(priceStorySentence(summary({ listings: 3, atOrBelowOriginal: 1, lowest: -2, highest: 30 }))).toBe(
      'The 3 listings are between 2% below and 30% above the original price; 1 is at or below it.',
    );
    expect(priceStorySentence(summary({ listings: 2, lowest: 8, highest: 30 }))).toBe(
      'The 2 listings are 8–30% above the original price; none is at or below it.',
    );
  });

  it('says all are at or below the original price when they are', () => {
    expect(priceStorySentence(summary({ atOrBelowOriginal: 10, lowest: -50, highest: 0 }))).toBe(
      'All 10 listings are at or below the original price.',
    );
    expect(priceStorySentence(summary({ listings: 2, atOrBelowOriginal: 2, lowest: -5, highest: 0 }))).toBe(
      'All 2 listings are at or below the original price.',
    );
  });

  it('leaves listings without an original price out of the figures and counts them at the end', () => {
    expect(priceStorySentence(summary({ listings: 12, withoutOriginalPrice: 2, atOrBelowOriginal: 3 }))).toBe(
      'Most listings are 5–20% above the original price; 3 are at or below it; 2 more list no original price.',
    );
    expect(priceStorySentence(summary({ listings: 2, withoutOriginalPrice: 1, lowest: 7 }))).toBe(
      'The one listing is 7% above the original price; 1 more lists no original price.',
    );
    const none = { listings: 3, withoutOriginalPrice: 3, lowest: null, lowerQuartile: null };
    expect(priceStorySentence(summary({ ...none, upperQuartile: null, highest: null }))).toBe(
      PRICE_STORY_TEXT.noOriginalPrice,
    );
  });
});
