import { priceComparisonPhrase, wholePercentComparison } from './price-comparison.js';
import { PRICE_STORY_TEXT } from './texts/price-story.js';

/** The app's cache key of a show's price story: the server puts the story it rendered under it. */
export const priceStoryQueryKey = (eventId: number) => ['price-story', eventId] as const;

/**
 * The one sentence of a show's price story (decisions 0061, 0073), from the listings on sale. A listing's
 * difference is (all-in price per ticket − original price per ticket) / original price, in percent: what a
 * buyer pays against what the ticket cost its first buyer (face value plus the original fee). A listing
 * whose original price is 0 has none.
 */
export interface ListingPriceSummary {
  /** Listings on sale. */
  listings: number;
  /** Of those, listings with an original price of 0: nothing to compare with. */
  withoutOriginalPrice: number;
  /** Listings whose all-in price per ticket reads at or below their original price (atOrBelowOriginal). */
  atOrBelowOriginal: number;
  /**
   * Differences in percent (negative: below the original price) of the listings with an original price,
   * unrounded: the lowest, the first and third quartiles (nearest rank, as PostgreSQL's percentile_disc), the
   * highest. Null when no listing has an original price.
   */
  lowest: number | null;
  lowerQuartile: number | null;
  upperQuartile: number | null;
  highest: number | null;
}

/** From this many listings with an original price on, "most" is their middle half: the interquartile range. */
export const MOST_FROM_LISTINGS = 4;

const round = (percent: number) => {
  const comparison = wholePercentComparison(percent);
  return comparison.kind === 'below' ? -comparison.percent : comparison.percent;
};

/** A span of rounded differences, low ≤ high, worded to follow "are". */
function differenceSpan(low: number, high: number): string {
  if (low === high) return priceComparisonPhrase(wholePercentComparison(low));
  if (low > 0) return `${low}–${high}% above the original price`;
  if (high < 0) return `${-high}–${-low}% below the original price`;
  if (low === 0) return `between the original price and ${high}% above it`;
  if (high === 0) return `between ${-low}% below the original price and the original price itself`;
  return `between ${-low}% below and ${high}% above the original price`;
}

function atOrBelowClause(count: number): string {
  if (count === 0) return 'none is at or below it';
  return `${count} ${count === 1 ? 'is' : 'are'} at or below it`;
}

function withoutOriginalClause(count: number): string {
  if (count === 0) return '';
  return `; ${count} more ${count === 1 ? 'lists' : 'list'} no original price`;
}

/**
 * "Most listings are 5–20% above the original price; 3 are at or below it." "Most" is the middle half of
 * the listings with an original price by their difference (first to third quartile, each rounded to a whole
 * percent as comparePrice rounds), said from MOST_FROM_LISTINGS listings on; below that the sentence names
 * the whole span of the few there are. Listings without an original price are counted at the end, never in
 * the percentages.
 */
export function priceStorySentence(summary: ListingPriceSummary): string {
  if (summary.listings === 0) return PRICE_STORY_TEXT.noListings;
  const compared = summary.listings - summary.withoutOriginalPrice;
  const { lowest, lowerQuartile, upperQuartile, highest } = summary;
  if (
    compared === 0 ||
    lowest === null ||
    lowerQuartile === null ||
    upperQuartile === null ||
    highest === null
  )
    return PRICE_STORY_TEXT.noOriginalPrice;
  const rest = withoutOriginalClause(summary.withoutOriginalPrice);
  if (compared === 1)
    return `The one listing is ${priceComparisonPhrase(wholePercentComparison(lowest))}${rest}.`;
  if (summary.atOrBelowOriginal === compared)
    return `All ${compared} listings are at or below the original price${rest}.`;
  const [low, high, opening] =
    compared < MOST_FROM_LISTINGS
      ? [lowest, highest, `The ${compared} listings are`]
      : [lowerQuartile, upperQuartile, 'Most listings are'];
  const span = differenceSpan(round(low), round(high));
  return `${opening} ${span}; ${atOrBelowClause(summary.atOrBelowOriginal)}${rest}.`;
}
