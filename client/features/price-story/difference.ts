import { dollarsToCents } from '@common/money';
import { comparePrice, signedPercent } from '@common/price-comparison';
import type { PriceStoryPoint } from '@common/schemas/price-story';

/** A point's all-in price and original price in cents, as the comparison takes them. */
export function pointCents(point: PriceStoryPoint): { allIn: number; original: number } {
  return {
    allIn: dollarsToCents(point.perTicketAllIn),
    original: dollarsToCents(point.originalPricePerTicket),
  };
}

/**
 * A listing's all-in price per ticket against its original price, in whole percent ('+12%', '−8%', '0%'), as
 * the sentence and the event page round it (decision 0073); null when the listing gives no original price.
 */
export function differenceOf(point: PriceStoryPoint): string | null {
  const { allIn, original } = pointCents(point);
  const comparison = comparePrice(allIn, original);
  if (comparison === null) return null;
  const whole = signedPercent(comparison);
  if (whole > 0) return `+${whole}%`;
  if (whole < 0) return `−${-whole}%`;
  return '0%';
}
