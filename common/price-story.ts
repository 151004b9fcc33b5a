import { faceValueLabel, wholePercent } from './face-value.js';
import { PRICE_STORY_TEXT } from './texts/price-story.js';

/**
 * The one sentence of a show's price story (decision 0061), from the listings on sale. A listing's
 * difference is (all-in price per ticket − face value per ticket) / face value, in percent: what a buyer
 * pays against the price printed on the ticket, fees included. A listing whose face value is 0 has none.
 */
export interface ListingPriceSummary {
  /** Listings on sale. */
  listings: number;
  /** Of those, listings with a face value of 0: nothing to compare with. */
  withoutFaceValue: number;
  /** Listings whose all-in price per ticket is at or below their face value. */
  atOrBelowFace: number;
  /**
   * Differences in percent (negative: below face value) of the listings with a face value, unrounded:
   * the lowest, the first and third quartiles (nearest rank, as PostgreSQL's percentile_disc), the highest.
   * Null when no listing has a face value.
   */
  lowest: number | null;
  lowerQuartile: number | null;
  upperQuartile: number | null;
  highest: number | null;
}

/** From this many listings with a face value on, "most" is their middle half: the interquartile range. */
export const MOST_FROM_LISTINGS = 4;

/** A span of rounded differences, low ≤ high, worded to follow "are". */
function differenceSpan(low: number, high: number): string {
  if (low === high) return faceValueLabel(low);
  if (low > 0) return `${low}–${high}% above face value`;
  if (high < 0) return `${-high}–${-low}% below face value`;
  if (low === 0) return `between face value and ${high}% above it`;
  if (high === 0) return `between ${-low}% below face value and face value`;
  return `between ${-low}% below and ${high}% above face value`;
}

function atOrBelowClause(count: number): string {
  if (count === 0) return 'none is at or below it';
  return `${count} ${count === 1 ? 'is' : 'are'} at or below it`;
}

function withoutFaceClause(count: number): string {
  if (count === 0) return '';
  return `; ${count} more ${count === 1 ? 'lists' : 'list'} no face value`;
}

/**
 * "Most listings are 5–20% above face value; 3 are at or below it." "Most" is the middle half of the
 * listings with a face value by their difference (first to third quartile, each rounded to a whole percent),
 * said from MOST_FROM_LISTINGS listings on; below that the sentence names the whole span of the few there
 * are. Listings without a face value are counted at the end, never in the percentages.
 */
export function priceStorySentence(summary: ListingPriceSummary): string {
  if (summary.listings === 0) return PRICE_STORY_TEXT.noListings;
  const compared = summary.listings - summary.withoutFaceValue;
  const { lowest, lowerQuartile, upperQuartile, highest } = summary;
  if (
    compared === 0 ||
    lowest === null ||
    lowerQuartile === null ||
    upperQuartile === null ||
    highest === null
  )
    return PRICE_STORY_TEXT.noFaceValue;
  const rest = withoutFaceClause(summary.withoutFaceValue);
  if (compared === 1) return `The one listing is ${faceValueLabel(wholePercent(lowest))}${rest}.`;
  if (summary.atOrBelowFace === compared)
    return `All ${compared} listings are at or below face value${rest}.`;
  const [low, high, opening] =
    compared < MOST_FROM_LISTINGS
      ? [lowest, highest, `The ${compared} listings are`]
      : [lowerQuartile, upperQuartile, 'Most listings are'];
  const span = differenceSpan(wholePercent(low), wholePercent(high));
  return `${opening} ${span}; ${atOrBelowClause(summary.atOrBelowFace)}${rest}.`;
}
