import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Badge } from '@client/components/ui/badge';
import { Button, buttonVariants } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDollars } from '@client/lib/format';
import { eventPath } from '@common/event-path';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { Bid } from '@common/schemas/bids';
import { CalendarDays, CreditCard, MapPin, Star } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatBidExpiry, formatEventDay, formatMoment } from '../format';

/**
 * Where a matched bid's ticket is in My Tickets: a bought ticket waits in Pending until its transfer is
 * done (My Tickets has no address of one ticket).
 */
export const MATCHED_TICKET_HREF = '/my-tickets?tab=pending';

function status(bid: Bid): {
  label: string;
  variant: 'success' | 'info' | 'secondary' | 'danger';
  note?: string;
} {
  if (bid.matched) return { label: BID_SCREEN_TEXT.statusMatched, variant: 'success' };
  if (bid.isActive) return { label: BID_SCREEN_TEXT.statusActive, variant: 'info' };
  if (bid.endedReason === 'cancelled')
    return {
      label: BID_SCREEN_TEXT.statusCancelled,
      variant: 'secondary',
      note: BID_SCREEN_TEXT.endedCancelled,
    };
  if (bid.endedReason === BID_TEXT.endedEventCancelled)
    return {
      label: BID_SCREEN_TEXT.statusEventCancelled,
      variant: 'secondary',
      note: BID_SCREEN_TEXT.endedEventCancelled,
    };
  if (bid.endedReason === 'expired' || bid.endedReason === null)
    return { label: BID_SCREEN_TEXT.statusExpired, variant: 'secondary', note: BID_SCREEN_TEXT.endedExpired };
  return {
    label: BID_SCREEN_TEXT.statusEnded,
    variant: 'danger',
    note: BID_SCREEN_TEXT.endedReason(bid.endedReason),
  };
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** One bid (spec 001 §2 'My Bids'): every field it has, and Cancel Bid while it is active. */
export function BidCard({
  bid,
  onCancel,
}: {
  bid: Bid;
  onCancel(bid: Bid, trigger: HTMLElement | null): void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  const { label, variant, note } = status(bid);
  const titleId = `bid-${bid.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`bid-${bid.id}`}
      // Focus lands on the card when its Cancel Bid is gone (client/lib/focus-return).
      data-focus-item
      tabIndex={-1}
      className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Card className="flex h-full flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={titleId} className="min-w-0 break-words text-lg font-semibold">
            {bid.eventId === null ? (
              bid.eventName
            ) : (
              <Link to={eventPath(bid.eventId, bid.eventName)} className="hover:underline">
                {bid.eventName}
              </Link>
            )}
          </h3>
          <Badge variant={variant}>{label}</Badge>
        </div>
        <div className="grid gap-1 text-sm text-muted-foreground">
          <p className="inline-flex items-center gap-1.5">
            <MapPin className="size-4" aria-hidden />
            {bid.venue || BID_TEXT.venueMissing}
          </p>
          <p className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden />
            {formatEventDay(bid.eventDate)}
          </p>
        </div>
        <dl className="grid gap-1.5 text-sm">
          <Detail label={BID_TEXT.maxPrice}>{formatDollars(bid.maxPrice)}</Detail>
          <Detail label={BID_TEXT.quantity}>{bid.quantity}</Detail>
          <Detail label={BID_TEXT.section}>{bid.section || BID_TEXT.sectionAny}</Detail>
          {bid.minSellerRating !== null ? (
            <Detail label={BID_TEXT.minSellerRating}>
              <span className="inline-flex items-center gap-1">
                {bid.minSellerRating}
                <Star className="size-3.5 fill-warning text-warning" aria-label="stars" />
              </span>
            </Detail>
          ) : null}
          {bid.priority > 0 ? (
            <Detail label={BID_TEXT.priority}>{BID_SCREEN_TEXT.priorityValue(bid.priority)}</Detail>
          ) : null}
          {bid.expiresAt ? <Detail label={BID_TEXT.expires}>{formatBidExpiry(bid.expiresAt)}</Detail> : null}
          <Detail label={BID_TEXT.created}>{formatMoment(bid.createdAt)}</Detail>
        </dl>
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <CreditCard className="size-4" aria-hidden />
          {bid.paymentMethod
            ? BID_SCREEN_TEXT.card(bid.paymentMethod.brand, bid.paymentMethod.last4)
            : BID_SCREEN_TEXT.cardGone}
        </p>
        {bid.matched && bid.matchedTicketId !== null ? (
          <p className="rounded-md bg-success-soft px-3 py-2 text-sm text-success">
            {BID_TEXT.matchedWith(bid.matchedTicketId, bid.matchedAt ? formatMoment(bid.matchedAt) : '')}{' '}
            <Link to={MATCHED_TICKET_HREF} className="font-semibold underline underline-offset-2">
              {BID_SCREEN_TEXT.viewTicket}
            </Link>
          </p>
        ) : null}
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
        {bid.isActive && !bid.matched ? (
          <AlertDialog open={confirming} onOpenChange={setConfirming}>
            <AlertDialogTrigger asChild>
              <Button ref={setTrigger} variant="outline" className="mt-auto self-start text-destructive">
                {BID_TEXT.cancelBid}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{BID_SCREEN_TEXT.cancelTitle}</AlertDialogTitle>
                <AlertDialogDescription>{BID_SCREEN_TEXT.cancelBody(bid.eventName)}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{BID_SCREEN_TEXT.cancelKeep}</AlertDialogCancel>
                <AlertDialogAction
                  className={buttonVariants({ variant: 'destructive' })}
                  onClick={() => onCancel(bid, trigger)}
                >
                  {BID_TEXT.cancelBid}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        ) : null}
      </Card>
    </article>
  );
}
