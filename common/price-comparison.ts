import { formatCents } from './money.js';
import { PRICE_COMPARISON_TEXT } from './texts/price-comparison.js';

/**
 * The one comparison of a price with what a ticket first cost (decision 0073). The reference is the original
 * price per ticket: its face value plus the original fee, what its first buyer paid. The price compared is
 * the all-in price a fan pays per ticket (common/pricing.ts allInPerTicketCents). The difference is a whole
 * percent, rounded half away from zero, so "at the original price" means within half a percent either side.
 * Every screen, filter, e-mail and JSON-LD that compares a price says it through these functions; SQL asks
 * the same through server/modules/tickets/price-comparison.ts.
 */
export type PriceComparisonKind = 'at' | 'below' | 'above';

export interface PriceComparison {
  kind: PriceComparisonKind;
  /** How far from the original price, in whole percent, never negative (0 when `kind` is 'at'). */
  percent: number;
}

/** What the ticket cost its first buyer, per ticket: face value plus the original fee. */
export function originalPriceCents(faceValueCents: number, serviceFeeCents: number): number {
  return faceValueCents + serviceFeeCents;
}

/**
 * How `allInCents` (what a fan pays per ticket) compares with `originalCents`; null when there is no
 * original price to compare with (0). Exact in integers: |difference| × 100 / original, rounded half up.
 */
export function comparePrice(allInCents: number, originalCents: number): PriceComparison | null {
  if (!(originalCents > 0)) return null;
  const difference = Math.abs(allInCents - originalCents);
  const percent = Math.floor((200 * difference + originalCents) / (2 * originalCents));
  if (percent === 0) return { kind: 'at', percent: 0 };
  return { kind: allInCents < originalCents ? 'below' : 'above', percent };
}

/**
 * A difference already in percent (unrounded, negative below), as comparePrice rounds it: half away from
 * zero. For figures SQL aggregates (the price story's quartiles), where no single pair of prices is at hand.
 */
export function wholePercentComparison(percent: number): PriceComparison {
  const whole = Math.round(Math.abs(percent));
  if (whole === 0) return { kind: 'at', percent: 0 };
  return { kind: percent < 0 ? 'below' : 'above', percent: whole };
}

/** The difference in whole percent with its sign (below: negative), as charts and sorting want it. */
export function signedPercent(comparison: PriceComparison): number {
  return comparison.kind === 'below' ? -comparison.percent : comparison.percent;
}

/**
 * Whether the all-in price reads "at" or "below" the original price: the "At or below the original price"
 * filter. The same as comparePrice's kind, without division: 200 × (all-in − original) < original.
 */
export function atOrBelowOriginal(allInCents: number, originalCents: number): boolean {
  return originalCents > 0 && 200 * (allInCents - originalCents) < originalCents;
}

/** "at the original price", "8% below the original price", "12% above the original price": to follow "is". */
export function priceComparisonPhrase(comparison: PriceComparison): string {
  if (comparison.kind === 'at') return PRICE_COMPARISON_TEXT.at;
  return comparison.kind === 'below'
    ? PRICE_COMPARISON_TEXT.below(comparison.percent)
    : PRICE_COMPARISON_TEXT.above(comparison.percent);
}

/** "At the original price", "8% below the original price", "12% above the original price": on its own. */
export function priceComparisonText(comparison: PriceComparison): string {
  const phrase = priceComparisonPhrase(comparison);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}`;
}

/**
 * "Face value $120.00 + $15.00 original fee": what the original price is made of, shown beside every price a
 * fan sees (decision 0083).
 */
export function faceValueText(faceValueCents: number, serviceFeeCents: number): string {
  return PRICE_COMPARISON_TEXT.faceValue(formatCents(faceValueCents), formatCents(serviceFeeCents));
}

/**
 * "8% below the original price (face value $120.00 + $15.00 original fee)": how a price a fan pays per ticket
 * (all-in) compares, and with what, in one line, for e-mails and JSON-LD (decision 0083). Without an original
 * price to compare with, what it is made of alone.
 */
export function priceAgainstFaceValue(
  allInCents: number,
  faceValueCents: number,
  serviceFeeCents: number,
): string {
  const made = faceValueText(faceValueCents, serviceFeeCents);
  const comparison = comparePrice(allInCents, originalPriceCents(faceValueCents, serviceFeeCents));
  return comparison ? PRICE_COMPARISON_TEXT.againstFaceValue(priceComparisonText(comparison), made) : made;
}

/**
 * "Per ticket, all-in: $124.20. 8% below the original price (face value $120.00 + $15.00 original fee).":
 * the paragraph e-mails give a price with (decision 0083).
 */
export function perTicketAgainstFaceValue(
  allInCents: number,
  faceValueCents: number,
  serviceFeeCents: number,
): string {
  return PRICE_COMPARISON_TEXT.perTicket(
    formatCents(allInCents),
    priceAgainstFaceValue(allInCents, faceValueCents, serviceFeeCents),
  );
}

/**
 * Where a listing goes in the "Lowest vs. original price" sort (decision 0083): its signed whole percent
 * from the original price (below: negative), the comparison every screen shows; a listing with no original
 * price to compare with (face value and fee both 0) after every other, at NO_ORIGINAL_SORT_KEY. Ties go by
 * the all-in price, then the listing's id. server/modules/tickets/price-comparison.ts writes it in SQL.
 */
export const NO_ORIGINAL_SORT_KEY = 2_147_483_647;

export function vsOriginalSortKey(allInCents: number, originalCents: number): number {
  const comparison = comparePrice(allInCents, originalCents);
  return comparison ? signedPercent(comparison) : NO_ORIGINAL_SORT_KEY;
}
