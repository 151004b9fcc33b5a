import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Card } from '@client/components/ui/card';
import { PageSpinner } from '@client/components/ui/spinner';
import { rememberFocusPlace, restoreFocusSoon } from '@client/lib/focus-return';
import { REVIEW_TEXT } from '@common/messages';
import type { PendingReview } from '@common/schemas/reviews';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareHeart } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { pendingReviewsQueryOptions, reviewKeys } from '../api';
import { PendingReviewCard } from '../components/pending-review-card';
import { ReviewDialog } from '../components/review-dialog';

/**
 * Pending Reviews (/pending-reviews, spec 001 §2): one card per review the user owes, each opening the
 * review dialog. `onReviewed` lets the page's composer refresh what counts reviews (the navigation badge).
 */
export function PendingReviewsPage({ onReviewed }: { onReviewed?: () => void }) {
  const queryClient = useQueryClient();
  const pending = useQuery(pendingReviewsQueryOptions);
  const [writing, setWriting] = useState<PendingReview | null>(null);
  const headingId = useId();
  // Where focus goes when the dialog closes: its Write Review button, or, once that card is gone (a review
  // written), the next card's, else the page heading.
  const focusPlace = useRef<() => void>(() => undefined);
  function openDialog(review: PendingReview, trigger: HTMLElement) {
    focusPlace.current = rememberFocusPlace(trigger, {
      target: 'button[data-write-review]',
      fallback: () => document.getElementById(headingId),
    });
    setWriting(review);
  }

  function reviewed(review: PendingReview) {
    queryClient.setQueryData(reviewKeys.pending, (list: PendingReview[] | undefined) =>
      list?.filter((entry) => entry.id !== review.id),
    );
    void queryClient.invalidateQueries({ queryKey: reviewKeys.pending });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.ofUser(review.targetUserId) });
    onReviewed?.();
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <header className="mb-6 space-y-1">
        <h1 id={headingId} className="text-2xl font-bold sm:text-3xl">
          {REVIEW_TEXT.pendingTitle}
        </h1>
        <p className="text-muted-foreground">{REVIEW_TEXT.pendingIntro}</p>
      </header>
      {pending.isPending ? (
        <PageSpinner label="Loading pending reviews" />
      ) : pending.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {REVIEW_TEXT.loadFailed}: {pending.error.message}
          </AlertDescription>
        </Alert>
      ) : pending.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
          <MessageSquareHeart aria-hidden className="size-10 text-primary" />
          <p className="text-muted-foreground">{REVIEW_TEXT.noPending}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-4">
          {pending.data.map((review) => (
            <li key={review.id} data-focus-item>
              <PendingReviewCard review={review} onWrite={(trigger) => openDialog(review, trigger)} />
            </li>
          ))}
        </ul>
      )}
      {writing ? (
        <ReviewDialog
          review={writing}
          onOpenChange={(open) => {
            if (!open) setWriting(null);
          }}
          onSubmitted={() => reviewed(writing)}
          onClosed={() => restoreFocusSoon(focusPlace.current)}
        />
      ) : null}
    </div>
  );
}
