import { originalPriceCents } from '../price-comparison.js';
import {
  allInPerTicketCents,
  listingPriceCents,
  MARKUP_MAX,
  MARKUP_MIN,
  platformFeePercent,
} from '../pricing.js';
import { PRICE_CAP_RULES, type PriceCapRule } from './rules.js';

/**
 * The price cap of a place on a day (decision 0084), and what it means for one listing. Pure: the server, the
 * listing form and the sweep all ask these, with the repository's table unless a test gives its own.
 */

/** Where a show is: its venue's country (ISO 3166-1 alpha-2) and region (ISO 3166-2 subdivision), if known. */
export interface Place {
  country: string;
  region: string | null;
}

/**
 * The row in effect for `place` on `onDate` (yyyy-MM-dd at the venue): the most specific one (the region's
 * before the country's), and of those the latest to take effect. Null when no row covers the place.
 */
export function priceCapRuleFor(
  place: Place,
  onDate: string,
  rules: readonly PriceCapRule[] = PRICE_CAP_RULES,
): PriceCapRule | null {
  let best: PriceCapRule | null = null;
  for (const rule of rules) {
    if (rule.country !== place.country || rule.effectiveFrom > onDate) continue;
    if (rule.region !== null && rule.region !== place.region) continue;
    if (
      best === null ||
      (rule.region !== null && best.region === null) ||
      ((rule.region === null) === (best.region === null) && rule.effectiveFrom > best.effectiveFrom)
    )
      best = rule;
  }
  return best;
}

/** Whether a rule limits anything (a row may only record that a place sets no cap). */
export function ruleLimits(rule: PriceCapRule | null): rule is PriceCapRule {
  return rule !== null && (rule.maxPricePercent !== null || rule.maxFeePercent !== null);
}

export interface ListingTerms {
  faceValueCents: number;
  serviceFeeCents: number;
  markup: number;
}

/**
 * The most a fan may pay per ticket, all-in, for a ticket of this original price under `rule`: the cents
 * at or under `maxPricePercent` of face value plus the original fee. Null when the rule caps no price.
 */
export function maxAllInCents(rule: PriceCapRule | null, terms: Omit<ListingTerms, 'markup'>): number | null {
  if (rule?.maxPricePercent == null) return null;
  const original = originalPriceCents(terms.faceValueCents, terms.serviceFeeCents);
  return Math.floor((original * rule.maxPricePercent) / 100);
}

/** Whether a listing at these terms keeps to the rule: its all-in price and Encore's fee at its markup. */
export function withinCap(rule: PriceCapRule | null, terms: ListingTerms): boolean {
  if (rule === null) return true;
  const ceiling = maxAllInCents(rule, terms);
  if (ceiling !== null) {
    const price = listingPriceCents(terms.faceValueCents, terms.serviceFeeCents, terms.markup);
    if (allInPerTicketCents(price) > ceiling) return false;
  }
  return rule.maxFeePercent === null || platformFeePercent(terms.markup) <= rule.maxFeePercent;
}

/**
 * The highest whole markup (on the listing form's slider) that keeps to the rule for this face value and
 * fee: what the one-click fix reprices a paused listing to. Null when no markup does (a fee cap below
 * Encore's lowest platform fee).
 */
export function highestMarkupWithin(
  rule: PriceCapRule | null,
  terms: Omit<ListingTerms, 'markup'>,
): number | null {
  for (let markup = MARKUP_MAX; markup >= MARKUP_MIN; markup--)
    if (withinCap(rule, { ...terms, markup })) return markup;
  return null;
}
