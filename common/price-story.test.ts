import { describe, expect, it } from 'vitest';
import { type ListingPriceSummary, priceStorySentence } from './price-story.js';
import { PRICE_STORY_TEXT } from './texts/price-story.js';

function summary(overrides: Partial<ListingPriceSummary>): ListingPriceSummary {
  return {
    listings: 10,
    withoutFaceValue: 0,
    atOrBelowFace: 0,
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

  it('names the middle half as "most", and counts those at or below face value', () => {
    expect(priceStorySentence(summary({ atOrBelowFace: 3, lowest: -10 }))).toBe(
      'Most listings are 5–20% above face value; 3 are at or below it.',
    );
    expect(priceStorySentence(summary({ atOrBelowFace: 1, lowest: -1 }))).toBe(
      'Most listings are 5–20% above face value; 1 is at or below it.',
    );
    expect(priceStorySentence(summary({}))).toBe(
      'Most listings are 5–20% above face value; none is at or below it.',
    );
  });

  it('rounds each quartile to a whole percent, halves away from zero', () => {
    expect(priceStorySentence(summary({ lowerQuartile: 4.5, upperQuartile: 19.49 }))).toBe(
      'Most listings are 5–19% above face value; none is at or below it.',
    );
    expect(
      priceStorySentence(
        summary({ atOrBelowFace: 6, lowest: -30, lowerQuartile: -20.5, upperQuartile: -4.5 }),
      ),
    ).toBe('Most listings are 5–21% below face value; 6 are at or below it.');
  });

  it('words a middle half that spans face value, starts at it, ends at it or is one figure', () => {
    const across = summary({ atOrBelowFace: 4, lowest: -30, lowerQuartile: -10, upperQuartile: 12 });
    expect(priceStorySentence(across)).toBe(
      'Most listings are between 10% below and 12% above face value; 4 are at or below it.',
    );
    const fromFace = summary({ atOrBelowFace: 3, lowest: 0, lowerQuartile: 0.2, upperQuartile: 12 });
    expect(priceStorySentence(fromFace)).toBe(
      'Most listings are between face value and 12% above it; 3 are at or below it.',
    );
    const toFace = summary({
      atOrBelowFace: 8,
      lowest: -30,
      lowerQuartile: -10,
      upperQuartile: 0,
      highest: 3,
    });
    expect(priceStorySentence(toFace)).toBe(
      'Most listings are between 10% below face value and face value; 8 are at or below it.',
    );
    const same = summary({ lowerQuartile: 14.6, upperQuartile: 15.2 });
    expect(priceStorySentence(same)).toBe('Most listings are 15% above face value; none is at or below it.');
  });

  it('tells of one listing alone', () => {
    const one = { listings: 1, atOrBelowFace: 0 };
    expect(
      priceStorySentence(summary({ ...one, lowest: 12.4, lowerQuartile: 12.4, upperQuartile: 12.4 })),
    ).toBe('The one listing is 12% above face value.');
    expect(
      priceStorySentence(
        summary({ listings: 1, atOrBelowFace: 1, lowest: -10, lowerQuartile: -10, highest: -10 }),
      ),
    ).toBe('The one listing is 10% below face value.');
    expect(priceStorySentence(summary({ listings: 1, atOrBelowFace: 1, lowest: 0 }))).toBe(
      'The one listing is at face value.',
    );
  });

  it('names the whole span of two or three listings instead of "most"', () => {
    expect(priceStorySentence(summary({ listings: 3, atOrBelowFace: 1, lowest: -2, highest: 30 }))).toBe(
      'The 3 listings are between 2% below and 30% above face value; 1 is at or below it.',
    );
    expect(priceStorySentence(summary({ listings: 2, lowest: 8, highest: 30 }))).toBe(
      'The 2 listings are 8–30% above face value; none is at or below it.',
    );
  });

  it('says all are at or below face value when they are', () => {
    expect(priceStorySentence(summary({ atOrBelowFace: 10, lowest: -50, highest: 0 }))).toBe(
      'All 10 listings are at or below face value.',
    );
    expect(priceStorySentence(summary({ listings: 2, atOrBelowFace: 2, lowest: -5, highest: 0 }))).toBe(
      'All 2 listings are at or below face value.',
    );
  });

  it('leaves listings without a face value out of the figures and counts them at the end', () => {
    expect(priceStorySentence(summary({ listings: 12, withoutFaceValue: 2, atOrBelowFace: 3 }))).toBe(
      'Most listings are 5–20% above face value; 3 are at or below it; 2 more list no face value.',
    );
    expect(priceStorySentence(summary({ listings: 2, withoutFaceValue: 1, lowest: 7 }))).toBe(
      'The one listing is 7% above face value; 1 more lists no face value.',
    );
    const none = { listings: 3, withoutFaceValue: 3, lowest: null, lowerQuartile: null };
    expect(priceStorySentence(summary({ ...none, upperQuartile: null, highest: null }))).toBe(
      PRICE_STORY_TEXT.noFaceValue,
    );
  });
});
