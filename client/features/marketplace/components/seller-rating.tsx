import { BUYING_TEXT } from '@common/messages';
import { Star } from 'lucide-react';

/** A seller's real rating, or 'New seller' while they have no reviews (decision 0016: no made-up score). */
export function SellerRating({ rating, totalReviews }: { rating: number | null; totalReviews?: number }) {
  if (rating === null) return <span className="text-muted-foreground">{BUYING_TEXT.newSeller}</span>;
  return (
    <>
      <Star aria-hidden className="size-3.5 fill-warning text-warning" />
      <span>
        {rating.toFixed(1)}
        <span className="sr-only"> out of 5</span>
        {totalReviews === undefined ? null : ` (${totalReviews})`}
      </span>
    </>
  );
}
