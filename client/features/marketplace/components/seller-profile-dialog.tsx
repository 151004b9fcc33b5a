import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { formatEventDate } from '@client/lib/format';
import { BUYING_TEXT } from '@common/messages';
import { useQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { userReviewsQueryOptions } from '../api';
import type { MarketTicket } from '../types';

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={star <= rating ? 'size-4 fill-warning text-warning' : 'size-4 text-border'}
        />
      ))}
    </span>
  );
}

/** The seller's rating and reviews, opened from the seller name in the details dialog (spec 000 §2). */
export function SellerProfileDialog({
  seller,
  sellerId,
  open,
  onOpenChange,
}: {
  seller: MarketTicket['seller'];
  sellerId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const reviews = useQuery({ ...userReviewsQueryOptions(sellerId), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{seller.username}</DialogTitle>
          <DialogDescription>
            {seller.rating !== null
              ? `Rated ${seller.rating.toFixed(1)} out of 5 from ${seller.totalReviews} ${seller.totalReviews === 1 ? 'review' : 'reviews'}`
              : 'This seller has no reviews yet.'}
          </DialogDescription>
        </DialogHeader>
        {reviews.isPending ? (
          <Spinner label="Loading reviews" />
        ) : reviews.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {BUYING_TEXT.reviewsLoadFailed} {reviews.error.message}
          </p>
        ) : reviews.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{BUYING_TEXT.noReviews}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {reviews.data.map((review) => (
              <li key={review.id} className="rounded-lg border border-border p-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{review.reviewerName}</span>
                  <Stars rating={review.rating} />
                </div>
                <p className="text-muted-foreground">
                  {review.ticketEvent} · {formatEventDate(review.ticketDate)}
                </p>
                <p className="mt-1">{review.comment}</p>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
