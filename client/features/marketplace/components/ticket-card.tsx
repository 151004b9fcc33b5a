import { FaceValueNote } from '@client/components/face-value-note';
import { SellerTrustBadge } from '@client/components/seller-trust-badge';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { formatDollars, formatEventDate } from '@client/lib/format';
import { BUYING_TEXT } from '@common/messages';
import { priceComparisonText } from '@common/price-comparison';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { CalendarDays, ExternalLink, Music } from 'lucide-react';
import { memo } from 'react';
import { canViewDetails, comparisonBadgeVariant, orNotAvailable } from '../card-rules';
import type { MarketTicket } from '../types';
import { BarcodeCheckedMark } from './barcode-checked-mark';
import { SellerRating } from './seller-rating';
import { ShowName } from './show-name';

interface TicketCardProps {
  ticket: MarketTicket;
  viewerId: number | null;
  /** Another viewer holds it (isReservedByOther): a boolean, so a newer clock alone re-renders nothing. */
  reserved: boolean;
  opening?: boolean;
  /**
   * Under its show's heading, which names the show and gives its dates: on a phone the card leaves out its
   * own date line and artist panel, so more listings fit on the first screen (issue 43).
   */
  grouped?: boolean;
  onViewDetails: (ticket: MarketTicket) => void;
}

/** The danger badge's own red is too light on its pink for small text (WCAG 1.4.3): one shade darker. */
const BADGE_TEXT = { danger: 'text-destructive-hover', warning: '', success: '' } as const;

/**
 * 'What You Pay': the all-in price of one ticket, the figure the price sort and filters use, then the
 * total charged for the tickets the fan would buy (the "Number of tickets" filter's, else the listing's):
 * per ticket × that many, the event page's words (decision 0073).
 */
function CardPrice({ ticket }: { ticket: MarketTicket }) {
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {BUYING_TEXT.whatYouPay}
      </p>
      <p className="text-2xl font-bold">
        {formatDollars(ticket.buyerPaysPerTicket)}
        <span className="text-sm font-medium text-muted-foreground"> each</span>
      </p>
      <p className="text-sm text-muted-foreground" data-testid="card-total">
        {ticket.buyingQuantity === 1
          ? EVENT_SCREEN_TEXT.ticketsOf(1)
          : EVENT_SCREEN_TEXT.totalFor(formatDollars(ticket.buyerPays), ticket.buyingQuantity)}
      </p>
    </div>
  );
}

/** The marketplace ticket card (spec 000 §2). Memoised so loading more pages leaves shown cards alone. */
export const TicketCard = memo(function TicketCard({
  ticket,
  viewerId,
  reserved,
  opening = false,
  grouped = false,
  onViewDetails,
}: TicketCardProps) {
  const showDetails = canViewDetails(ticket, viewerId);
  const comparison = ticket.priceComparison;
  const tone = comparison ? comparisonBadgeVariant(comparison) : null;
  const titleId = `ticket-${ticket.id}-title`;

  return (
    <article
      aria-labelledby={titleId}
      className="relative h-full rounded-xl focus-visible:outline-2 focus-visible:outline-ring"
      data-testid={`ticket-card-${ticket.id}`}
      data-ticket-card={ticket.id}
      tabIndex={-1}
    >
      <Card
        className={cn('flex h-full flex-col gap-4 overflow-hidden p-5', ticket.sold && 'bg-muted/40')}
        inert={reserved}
      >
        {ticket.sold ? (
          <div className="absolute right-0 top-0 rounded-bl-lg bg-destructive px-3 py-1 text-sm font-bold tracking-wider text-white">
            {BUYING_TEXT.sold}
          </div>
        ) : null}
        <div className={cn('space-y-1', ticket.sold && 'pr-14')}>
          <h3 id={titleId} className="font-semibold">
            <ShowName eventId={ticket.eventId} eventName={ticket.eventName} />
          </h3>
          <p className={cn('items-center gap-1.5 text-sm font-medium', grouped ? 'hidden sm:flex' : 'flex')}>
            <CalendarDays aria-hidden className="size-4" />
            {formatEventDate(ticket.eventDate)}
            {ticket.daysCount > 1 ? (
              <Badge variant="info" className="ml-1">
                {ticket.daysCount}-Day
              </Badge>
            ) : null}
          </p>
        </div>

        {ticket.artist ? (
          <div
            className={cn('items-center gap-3 rounded-lg bg-muted p-3', grouped ? 'hidden sm:flex' : 'flex')}
          >
            {ticket.artist.image ? (
              <img
                src={ticket.artist.image}
                alt=""
                className="size-12 shrink-0 rounded-md object-cover"
                loading="lazy"
              />
            ) : (
              <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
                <Music aria-hidden className="size-5" />
              </span>
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate font-medium">{ticket.artist.name}</p>
              {ticket.artist.genres.length > 0 ? (
                <p className="truncate text-muted-foreground">{ticket.artist.genres.join(', ')}</p>
              ) : null}
              {ticket.artist.url ? (
                <a
                  href={ticket.artist.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  Artist info
                  <ExternalLink aria-hidden className="size-3" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </div>
        ) : null}

        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Quantity</dt>
          <dd>
            {ticket.buyingQuantity === ticket.quantity
              ? ticket.quantity
              : EVENT_SCREEN_TEXT.ticketsOfListing(ticket.buyingQuantity, ticket.quantity)}
          </dd>
          <dt className="text-muted-foreground">Section</dt>
          <dd>{orNotAvailable(ticket.section)}</dd>
          <dt className="text-muted-foreground">Row</dt>
          <dd>{orNotAvailable(ticket.row)}</dd>
          <dt className="text-muted-foreground">Seats</dt>
          <dd>{orNotAvailable(ticket.seats)}</dd>
          {ticket.seller ? (
            <>
              <dt className="text-muted-foreground">Seller</dt>
              <dd className="flex flex-wrap items-center gap-1">
                <span className="break-all">{ticket.seller.username}</span>
                <SellerRating rating={ticket.seller.rating} />
                <SellerTrustBadge trust={ticket.seller.trust} />
              </dd>
            </>
          ) : null}
        </dl>

        {ticket.barcodeChecked ? <BarcodeCheckedMark /> : null}

        <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
          <CardPrice ticket={ticket} />
          {comparison && tone ? (
            <Badge variant={tone} data-tone={tone} className={BADGE_TEXT[tone]}>
              {priceComparisonText(comparison)}
            </Badge>
          ) : null}
          <FaceValueNote faceValue={ticket.faceValue} serviceFee={ticket.serviceFee} className="basis-full" />
        </div>

        {reserved ? (
          <div className="rounded-md bg-warning-soft p-2 text-center text-sm text-warning">
            <p className="font-semibold">{BUYING_TEXT.cardReservedTitle}</p>
            <p>{BUYING_TEXT.cardReserved}</p>
          </div>
        ) : showDetails ? (
          <Button
            // aria-disabled, not disabled: a disabled button drops the keyboard focus to <body>.
            onClick={() => (opening ? undefined : onViewDetails(ticket))}
            aria-disabled={opening || undefined}
            aria-describedby={titleId}
            data-view-details
            className="w-full aria-disabled:opacity-60"
          >
            {BUYING_TEXT.viewDetails}
          </Button>
        ) : null}
      </Card>
      {reserved ? (
        <div
          data-testid="reserved-overlay"
          className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-xl bg-foreground/60 p-4 text-center text-white backdrop-blur-[1px]"
        >
          <p className="text-lg font-bold">{BUYING_TEXT.reservedTitle}</p>
          <p className="text-sm">{BUYING_TEXT.reserved}</p>
        </div>
      ) : null}
    </article>
  );
});
