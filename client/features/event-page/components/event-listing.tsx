import { FaceValueNote } from '@client/components/face-value-note';
import { SellerTrustBadge } from '@client/components/seller-trust-badge';
import { Badge } from '@client/components/ui/badge';
import { buttonVariants } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { formatDollars } from '@client/lib/format';
import { priceComparisonText } from '@common/price-comparison';
import type { EventPageListing } from '@common/schemas/event-page';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { NEW_SELLER_TEXT } from '@common/texts/ratings';
import { ticketPath } from '@common/ticket-path';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The seller's real rating from their reviews, or 'New seller' (decision 0016: no made-up score). */
function SellerRating({ seller }: { seller: EventPageListing['seller'] }) {
  if (seller.averageRating === null) return <span>{NEW_SELLER_TEXT}</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <Star aria-hidden className="size-3.5 fill-warning text-warning" />
      {seller.averageRating.toFixed(1)}
      <span className="sr-only"> out of 5</span> ({seller.totalReviews})
    </span>
  );
}

/**
 * What the seller's rating becomes, from a feature composed around this page (a way to the seller's
 * reviews): `rating` is the rating as this page words it, to keep as the visible text.
 */
export type SellerRenderer = (seller: EventPageListing['seller'], rating: ReactNode) => ReactNode;

/**
 * What the viewer can do with a listing (issue 43, as on the marketplace): nothing on their own listing,
 * continue on their own hold, wait on someone else's (reserved, not clickable), else view it.
 */
function ListingAction({ listing }: { listing: EventPageListing }) {
  const seats = EVENT_SCREEN_TEXT.seats(listing.section, listing.row);
  const path = ticketPath(
    listing.id,
    listing.buyingQuantity === listing.quantity ? undefined : listing.buyingQuantity,
  );
  if (listing.yours === 'listing') return <Badge variant="info">{EVENT_SCREEN_TEXT.yourListing}</Badge>;
  if (listing.yours === 'hold')
    return (
      <>
        <Badge variant="success">{EVENT_SCREEN_TEXT.yourHold}</Badge>
        <Link
          to={path}
          className={buttonVariants()}
          aria-label={`${EVENT_SCREEN_TEXT.continuePurchase}: ${seats}`}
        >
          {EVENT_SCREEN_TEXT.continuePurchase}
        </Link>
      </>
    );
  if (listing.held) return <Badge variant="warning">{EVENT_SCREEN_TEXT.reserved}</Badge>;
  return (
    <Link
      to={path}
      className={buttonVariants()}
      aria-label={`${EVENT_SCREEN_TEXT.viewTicket}: ${seats}, ${formatDollars(listing.pricePerTicket)} each`}
    >
      {EVENT_SCREEN_TEXT.viewTicket}
    </Link>
  );
}

interface EventListingProps {
  listing: EventPageListing;
  renderSeller?: SellerRenderer;
}

/** One listing of the show: where, how many, how it is delivered, who sells it, and what it costs. */
export function EventListing({ listing, renderSeller }: EventListingProps) {
  const rating = <SellerRating seller={listing.seller} />;
  const comparison = listing.priceComparison && priceComparisonText(listing.priceComparison);
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="event-listing"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{EVENT_SCREEN_TEXT.seats(listing.section, listing.row)}</p>
        <p className="text-sm text-muted-foreground">
          {listing.buyingQuantity === listing.quantity
            ? EVENT_SCREEN_TEXT.ticketsOf(listing.quantity)
            : EVENT_SCREEN_TEXT.ticketsOfListing(listing.buyingQuantity, listing.quantity)}{' '}
          · {listing.ticketType === 'digital' ? EVENT_SCREEN_TEXT.digital : EVENT_SCREEN_TEXT.paper}
        </p>
        <p className="flex flex-wrap items-center gap-x-1 text-sm text-muted-foreground">
          {EVENT_SCREEN_TEXT.soldBy}{' '}
          <span className="font-medium text-foreground">{listing.seller.username}</span>
          <span aria-hidden>·</span>
          {renderSeller ? renderSeller(listing.seller, rating) : rating}
        </p>
        <SellerTrustBadge trust={listing.seller.trust} />
      </div>
      <div className="flex flex-col gap-2 sm:items-end">
        <p className="sm:text-right">
          <span className="text-2xl font-bold">{formatDollars(listing.pricePerTicket)}</span>{' '}
          <span className="text-sm text-muted-foreground">{EVENT_SCREEN_TEXT.each}</span>
        </p>
        <p className="text-sm text-muted-foreground sm:text-right">
          {EVENT_SCREEN_TEXT.totalFor(formatDollars(listing.totalPrice), listing.buyingQuantity)}
        </p>
        {comparison ? (
          <p className="text-sm sm:text-right">
            <span className="font-medium">{comparison}</span>{' '}
            <span className="text-muted-foreground">
              {EVENT_SCREEN_TEXT.originalPrice(formatDollars(listing.originalPricePerTicket))}
            </span>
          </p>
        ) : null}
        <FaceValueNote
          faceValue={listing.faceValuePerTicket}
          serviceFee={listing.originalFeePerTicket}
          className="sm:text-right"
        />
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <ListingAction listing={listing} />
        </div>
      </div>
    </Card>
  );
}
