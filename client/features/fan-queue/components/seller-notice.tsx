import { atOrBelowOriginal, originalPriceCents } from '@common/price-comparison';
import { type PricingInput, priceBreakdown } from '@common/pricing';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { eventFanQueueQueryOptions } from '../api';

export interface FanQueueSellerNoticeProps {
  /** The catalog show picked in the listing form; null while none (a show outside the catalog has no line). */
  eventId: number | null;
  /** The price as typed; null while it cannot be worked out. */
  pricing: PricingInput | null;
}

/** Whether the typed price is fair: all-in per ticket at or below face value plus the original fee (0073). */
function isFair(pricing: PricingInput | null): boolean {
  if (!pricing) return false;
  const { buyerPaysPerTicketCents } = priceBreakdown(pricing);
  return atOrBelowOriginal(
    buyerPaysPerTicketCents,
    originalPriceCents(pricing.faceValueCents, pricing.serviceFeeCents),
  );
}

/**
 * The listing form tells a seller whose price is fair that the show's line comes first (decision 0100):
 * "Your tickets go to the Fan Queue first: N fans are waiting". The region is always there, so the notice is
 * read out when a price change makes it appear.
 */
export function FanQueueSellerNotice({ eventId, pricing }: FanQueueSellerNoticeProps) {
  const fair = isFair(pricing);
  const line = useQuery({ ...eventFanQueueQueryOptions(eventId ?? 0), enabled: eventId !== null && fair });
  const waiting = fair && eventId !== null ? (line.data?.waiting ?? 0) : 0;
  return (
    <div
      role="status"
      className={waiting > 0 ? 'rounded-lg border border-info/40 bg-info-soft p-3 text-sm' : 'sr-only'}
    >
      {waiting > 0 ? (
        <p className="flex items-center gap-2 font-medium">
          <ListOrdered className="size-4 shrink-0" aria-hidden />
          {FAN_QUEUE_TEXT.sellerNotice(waiting)}
        </p>
      ) : null}
    </div>
  );
}
