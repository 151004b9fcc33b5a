import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminReview } from '@common/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, reviewDetailOptions, updateReviewVisibility } from '../api';
import { longDate } from '../format';
import { DetailDialog, DetailItem, DetailList } from './detail-dialog';
import { ReasonDialog } from './reason-dialog';

export const reviewTypeLabel = (type: string) =>
  type === 'buyer_to_seller' ? ADMIN_TEXT.buyerToSeller : ADMIN_TEXT.sellerToBuyer;

/**
 * Hide an abusive review from ratings and pages, or show it again (decision 0063), confirmed with the reason
 * the audit log records; the review is kept either way.
 */
function VisibilityControl({ review }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  // The action being confirmed, fixed when the confirmation opens: the review's new state arrives before the
  // confirmation closes, and must not turn "Show review" into "Hide review" under the admin's eyes.
  const [confirming, setConfirming] = useState<'hide' | 'show' | null>(null);
  const labelOf = (action: 'hide' | 'show') =>
    action === 'hide' ? ADMIN_TEXT.hideReview : ADMIN_TEXT.showReview;
  const next = review.hidden ? 'show' : 'hide';
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {review.hidden ? <Badge variant="secondary">{ADMIN_TEXT.hiddenBadge}</Badge> : null}
        <Button
          variant={next === 'hide' ? 'destructive' : 'outline'}
          size="sm"
          onClick={() => setConfirming(next)}
        >
          {labelOf(next)}
        </Button>
      </div>
      {review.hidden ? <p className="text-xs text-muted-foreground">{ADMIN_TEXT.hiddenHint}</p> : null}
      {confirming ? (
        <ReasonDialog
          title={labelOf(confirming)}
          description={confirming === 'hide' ? ADMIN_TEXT.hideReviewHint : ADMIN_TEXT.showReviewHint}
          confirmLabel={labelOf(confirming)}
          destructive={confirming === 'hide'}
          failureTitle={ADMIN_TEXT.reviewVisibilityFailed}
          send={(reason) => updateReviewVisibility(review.id, confirming === 'hide', reason)}
          onDone={(answer) => {
            toast({ title: answer.message });
            queryClient.setQueryData(reviewDetailOptions(review.id).queryKey, answer.review);
            // The lists catch up in the background: the confirmation closes at once.
            void queryClient.invalidateQueries({ queryKey: adminKeys.all });
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}

/** Spec 001 §2 'Review Details', with hiding the review. */
export function ReviewDetailsDialog({ reviewId, onClose }: { reviewId: number; onClose: () => void }) {
  return (
    <DetailDialog
      title={ADMIN_TEXT.reviewDetails}
      thing="review"
      query={reviewDetailOptions(reviewId)}
      onClose={onClose}
    >
      {(review) => (
        <DetailList>
          <DetailItem label="Visibility" wide>
            <VisibilityControl review={review} />
          </DetailItem>
          <DetailItem label="ID">{review.id}</DetailItem>
          <DetailItem label="Event">{review.eventName}</DetailItem>
          <DetailItem label="Type">{reviewTypeLabel(review.reviewType)}</DetailItem>
          <DetailItem label="Rating">{`${review.rating} / 5`}</DetailItem>
          <DetailItem label="From">{review.reviewerName}</DetailItem>
          <DetailItem label="To">{review.targetName}</DetailItem>
          <DetailItem label="Date">{longDate(review.createdAt)}</DetailItem>
          <DetailItem label="Comment" wide>
            <p className="whitespace-pre-wrap">{review.comment}</p>
          </DetailItem>
        </DetailList>
      )}
    </DetailDialog>
  );
}
