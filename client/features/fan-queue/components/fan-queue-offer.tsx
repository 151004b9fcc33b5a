import { buttonVariants } from '@client/components/ui/button';
import { cn } from '@client/lib/cn';
import { formatCents } from '@common/money';
import type { FanQueueOffer as Offer } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { ticketPath } from '@common/ticket-path';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fanQueueKeys } from '../api';
import { useMinutesLeft } from '../use-minutes-left';

export interface FanQueueOfferProps {
  offer: Offer;
  /** The show's name, in the link's accessible name where several offers share a page (My Bids). */
  eventName?: string;
  /** 'h3' on the event page's panel, 'h4' inside My Bids' cards. */
  heading?: 'h3' | 'h4';
}

/**
 * An open offer (decision 0100): tickets held in the member's name for a few minutes, paid for through the
 * ordinary checkout of the held ticket (the marketplace's `?ticket=` dialog, whose lock keeps the hold).
 */
export function FanQueueOffer({ offer, eventName, heading: Heading = 'h3' }: FanQueueOfferProps) {
  const queryClient = useQueryClient();
  // Once the hold has lapsed, the line is read again: the offer went on to the next fan.
  const minutes = useMinutesLeft(
    offer.expiresAt,
    () => void queryClient.invalidateQueries({ queryKey: fanQueueKeys.all }),
  );
  // "Buy for me": the card is being charged; the bank may want the member on the purchase's own page.
  const buying = offer.purchaseId !== null;
  return (
    <div className="grid gap-2 rounded-lg border border-success/40 bg-success-soft p-3 text-sm">
      <Heading className="font-semibold">
        {buying ? FAN_QUEUE_TEXT.buyingTitle : FAN_QUEUE_TEXT.offerTitle}
      </Heading>
      <p>{FAN_QUEUE_TEXT.offer(offer.quantity, formatCents(offer.priceCents), minutes)}</p>
      {buying ? <p>{FAN_QUEUE_TEXT.buying}</p> : null}
      <Link
        to={buying ? `/bids/authenticate/${offer.purchaseId}` : ticketPath(offer.ticketId)}
        // Its text wraps rather than widen a narrow side panel.
        className={cn(
          buttonVariants(),
          'h-auto min-h-10 max-w-full justify-self-start whitespace-normal py-2',
        )}
        aria-label={
          eventName === undefined
            ? undefined
            : buying
              ? FAN_QUEUE_TEXT.confirmPaymentLabel(eventName)
              : FAN_QUEUE_TEXT.payOfferLabel(eventName)
        }
      >
        {buying ? FAN_QUEUE_TEXT.confirmPayment : FAN_QUEUE_TEXT.payOffer}
      </Link>
    </div>
  );
}
