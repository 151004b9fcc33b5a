import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { REVIEW_TEXT } from '@common/messages';
import type { PendingReview } from '@common/schemas/reviews';
import { format, parseISO } from 'date-fns';
import { CalendarDays, Star } from 'lucide-react';
import { useState } from 'react';
import { ReviewsListDialog } from './reviews-list-dialog';

/** One review the user still owes (spec 001 §2 Pending Reviews). */
export function PendingReviewCard({
  review,
  onWrite,
}: {
  review: PendingReview;
  /** Opens the review dialog; the button is where focus returns when it closes. */
  onWrite: (trigger: HTMLElement) => void;
}) {
  const [showReviews, setShowReviews] = useState(false);
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h2 className="text-lg font-semibold leading-tight break-words">{review.eventName}</h2>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {format(parseISO(review.eventDate), 'EEE, MMM d, yyyy')}
        </p>
        <p className="text-sm">
          {review.reviewType === 'buyer_to_seller' ? REVIEW_TEXT.withSeller : REVIEW_TEXT.withBuyer}{' '}
          <button
            type="button"
            onClick={() => setShowReviews(true)}
            className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring cursor-pointer"
          >
            {review.targetUserName}
          </button>
        </p>
      </div>
      <Button
        onClick={(event) => onWrite(event.currentTarget)}
        className="w-full sm:w-auto"
        data-write-review
      >
        <Star aria-hidden />
        {REVIEW_TEXT.writeReview}
        <span className="sr-only"> for {review.eventName}</span>
      </Button>
      <ReviewsListDialog
        userId={review.targetUserId}
        username={review.targetUserName}
        open={showReviews}
        onOpenChange={setShowReviews}
      />
    </Card>
  );
}
