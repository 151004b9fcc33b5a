import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import type { AdminReview } from '@common/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, reviewDetailOptions, updateReviewVisibility } from '../api';
import { longDate } from '../format';
import { DetailDialog, DetailItem, DetailList, failureText } from './detail-dialog';

export const reviewTypeLabel = (type: string) =>
  type === 'buyer_to_seller' ? ADMIN_TEXT.buyerToSeller : ADMIN_TEXT.sellerToBuyer;

/** Hide an abusive review from ratings and pages, or show it again (decision 0063); it is kept either way. */
function VisibilityControl({ review }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: () => updateReviewVisibility(review.id, !review.hidden),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      queryClient.setQueryData(reviewDetailOptions(review.id).queryKey, answer.review);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) =>
      toast({
        title: ADMIN_TEXT.reviewVisibilityFailed,
        description: failureText(error),
        variant: 'destructive',
      }),
  });
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        {review.hidden ? <Badge variant="secondary">{ADMIN_TEXT.hiddenBadge}</Badge> : null}
        <Button
          variant={review.hidden ? 'outline' : 'destructive'}
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate()}
        >
          {review.hidden ? ADMIN_TEXT.showReview : ADMIN_TEXT.hideReview}
        </Button>
      </div>
      {review.hidden ? <p className="text-xs text-muted-foreground">{ADMIN_TEXT.hiddenHint}</p> : null}
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
