import { percentFromFace } from '@common/face-value';
import type { PriceStoryPoint } from '@common/schemas/price-story';

/**
 * A listing's all-in price per ticket against its face value, in whole percent ('+12%', '−8%', '0%'), as the
 * sentence and the event page round it (decision 0061); null when the listing gives no face value.
 */
export function differenceOf(point: PriceStoryPoint): string | null {
  const whole = percentFromFace(point.perTicketAllIn, point.faceValuePerTicket);
  if (whole === null) return null;
  if (whole > 0) return `+${whole}%`;
  if (whole < 0) return `−${-whole}%`;
  return '0%';
}
