import { RATING_TEXT } from '@common/messages';
import { RATING_RULE_TEXT } from '@common/texts/ratings';
import { Star } from 'lucide-react';

/**
 * The user's own rating from submitted reviews, or 'No reviews yet' (decision 0016: never a made-up score),
 * with what the rating counts (decision 0039).
 */
export function RatingSummary({
  averageRating,
  totalReviews,
}: {
  averageRating: number | null;
  totalReviews: number;
}) {
  return (
    <div className="flex flex-col gap-1">
      {averageRating === null ? (
        <p className="text-sm text-muted-foreground">{RATING_TEXT.noReviews}</p>
      ) : (
        <p className="flex items-center gap-1.5 text-sm">
          <Star aria-hidden className="size-4 fill-warning text-warning" />
          {RATING_TEXT.outOf5(averageRating, totalReviews)}
        </p>
      )}
      <p className="text-xs text-muted-foreground">{RATING_RULE_TEXT.counts}</p>
    </div>
  );
}
