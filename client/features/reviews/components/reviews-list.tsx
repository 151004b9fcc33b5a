import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { REVIEW_TEXT } from '@common/messages';
import type { ListedReview } from '@common/schemas/reviews';
import { useInfiniteQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { userReviewsInfiniteOptions } from '../api';
import { StarsShown } from './star-rating';

function ReviewItem({ review }: { review: ListedReview }) {
  return (
    <li className="rounded-lg border border-border p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{review.reviewerName}</span>
        <StarsShown rating={review.rating} />
      </div>
      <p className="mt-0.5 text-muted-foreground">
        {review.ticketEvent} · {format(parseISO(review.ticketDate), 'MMM d, yyyy')} ·{' '}
        {review.reviewType === 'buyer_to_seller' ? REVIEW_TEXT.buyerToSeller : REVIEW_TEXT.sellerToBuyer}
      </p>
      <p className="mt-2 whitespace-pre-line break-words">{review.comment}</p>
    </li>
  );
}

/**
 * Reviews written about one user, newest first, a page at a time (spec 000 §2, §8: 'No reviews yet',
 * 'Error loading reviews: {message}').
 */
export function ReviewsList({ userId }: { userId: number }) {
  const reviews = useInfiniteQuery(userReviewsInfiniteOptions(userId));
  if (reviews.isPending) return <Spinner label="Loading reviews" />;
  if (reviews.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {REVIEW_TEXT.reviewsLoadFailed(reviews.error.message)}
      </p>
    );
  const all = reviews.data.pages.flat();
  if (all.length === 0) return <p className="text-sm text-muted-foreground">{REVIEW_TEXT.noReviews}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {all.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={reviews.isFetchingNextPage}
          onClick={() => void reviews.fetchNextPage()}
        >
          {REVIEW_TEXT.showMore}
        </Button>
      ) : null}
    </div>
  );
}
