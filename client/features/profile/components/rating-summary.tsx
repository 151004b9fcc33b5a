import { RATING_TEXT } from '@common/messages';
import { Star } from 'lucide-react';

/** The user's own rating from submitted reviews, or 'No reviews yet' (decision 0016: never a made-up score). */
export function RatingSummary({
  averageRating,
  totalReviews,
}: {
  averageRating: number | null;
  totalReviews: number;
}) {
  if (averageRating === null) return <p className="text-sm text-muted-foreground">{RATING_TEXT.noReviews}</p>;
  return (
    <p className="flex items-center gap-1.5 text-sm">
      <Star aria-hidden className="size-4 fill-warning text-warning" />
      {RATING_TEXT.outOf5(averageRating, totalReviews)}
    </p>
  );
}
