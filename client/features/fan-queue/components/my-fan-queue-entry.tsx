import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { formatEventDate } from '@client/lib/format';
import { eventPath } from '@common/event-path';
import { formatCents } from '@common/money';
import type { FanQueueEntry, FanQueueEntryStatus, FanQueueOfferStatus } from '@common/schemas/fan-queue';
import { FAN_QUEUE_TEXT } from '@common/texts/fan-queue';
import { Link } from 'react-router';
import { FanQueueOffer } from './fan-queue-offer';

type Variant = 'info' | 'success' | 'secondary';

const STATUS: Record<FanQueueEntryStatus, { label: string; variant: Variant }> = {
  waiting: { label: FAN_QUEUE_TEXT.statusWaiting, variant: 'info' },
  offered: { label: FAN_QUEUE_TEXT.statusOffered, variant: 'success' },
  filled: { label: FAN_QUEUE_TEXT.statusFilled, variant: 'secondary' },
  left: { label: FAN_QUEUE_TEXT.statusLeft, variant: 'secondary' },
  ended: { label: FAN_QUEUE_TEXT.statusEnded, variant: 'secondary' },
};

const OFFER_STATUS: Record<FanQueueOfferStatus, string> = {
  open: FAN_QUEUE_TEXT.offerOpen,
  bought: FAN_QUEUE_TEXT.offerBought,
  lapsed: FAN_QUEUE_TEXT.offerLapsed,
  withdrawn: FAN_QUEUE_TEXT.offerWithdrawn,
};

/** One of the member's places in a show's line, on My Bids: the show, where it stands, its offers. */
export function MyFanQueueEntry({ entry }: { entry: FanQueueEntry }) {
  // An entry an admin removed says so, rather than a bare "Ended".
  const status =
    entry.endedReason === 'removed'
      ? { ...STATUS.ended, label: FAN_QUEUE_TEXT.statusRemoved }
      : STATUS[entry.status];
  const open = entry.offer?.status === 'open' ? entry.offer : null;
  return (
    <Card className="flex h-full min-w-0 flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words font-semibold">
          <Link to={eventPath(entry.eventId, entry.eventName)} className="hover:underline">
            {entry.eventName}
          </Link>
        </h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-sm text-muted-foreground">
        {entry.venue} · {formatEventDate(entry.eventDate)}
      </p>
      <p className="text-sm">
        {FAN_QUEUE_TEXT.entrySummary(entry.quantity, formatCents(entry.maxPriceCents))}
      </p>
      {entry.card && (entry.status === 'waiting' || entry.status === 'offered') ? (
        <p className="text-sm text-muted-foreground">
          {FAN_QUEUE_TEXT.buyForMeSummary(entry.card.brand, entry.card.last4)}
        </p>
      ) : null}
      {entry.status === 'waiting' && entry.position !== null ? (
        <p className="text-sm font-medium">{FAN_QUEUE_TEXT.position(entry.position, entry.quantity)}</p>
      ) : null}
      {open ? <FanQueueOffer offer={open} heading="h4" eventName={entry.eventName} /> : null}
      {entry.history.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <h4 className="font-semibold">{FAN_QUEUE_TEXT.historyTitle}</h4>
          <ul className="grid gap-1">
            {entry.history.map((offer) => (
              <li key={offer.id} className="flex flex-wrap justify-between gap-x-3">
                <span>{FAN_QUEUE_TEXT.offerSummary(offer.quantity, formatCents(offer.priceCents))}</span>
                <span className="text-muted-foreground">{OFFER_STATUS[offer.status]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
