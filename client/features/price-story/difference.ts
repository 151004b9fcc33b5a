import type { PriceStoryPoint } from '@common/schemas/price-story';

/**
 * A listing's all-in price per ticket against its face value, in whole percent ('+12%', '−8%', '0%'), as the
 * sentence rounds it (decision 0061); null when the listing gives no face value.
 */
export function differenceOf(point: PriceStoryPoint): string | null {
  if (point.faceValuePerTicket <= 0) return null;
  const percent = ((point.perTicketAllIn - point.faceValuePerTicket) * 100) / point.faceValuePerTicket;
  const whole = Math.sign(percent) * Math.round(Math.abs(percent));
  if (whole > 0) return `+${whole}%`;
  if (whole < 0) return `−${-whole}%`;
  return '0%';
}
