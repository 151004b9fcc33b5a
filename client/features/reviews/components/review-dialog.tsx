import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { REVIEW_TEXT } from '@common/messages';
import { type PendingReview, REVIEW_COMMENT_MAX } from '@common/schemas/reviews';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { submitReview } from '../api';
import { StarRating } from './star-rating';

const DEFAULT_RATING = 5;

/** Who is being reviewed, in the words of the Pending Reviews card. */
export function reviewTargetLine(review: Pick<PendingReview, 'reviewType' | 'targetUserName'>): string {
  const line = review.reviewType === 'buyer_to_seller' ? REVIEW_TEXT.withSeller : REVIEW_TEXT.withBuyer;
  return `${line} ${review.targetUserName}`;
}

/**
 * The review dialog (spec 000 §2, §5): stars 1 to 5, default 5, and a comment that must not be blank.
 * It is mounted only while open, so every opening starts from the defaults.
 */
export function ReviewDialog({
  review,
  onOpenChange,
  onSubmitted,
  onClosed,
}: {
  review: PendingReview;
  onOpenChange: (open: boolean) => void;
  onSubmitted: () => void;
  /**
   * The dialog has no trigger of its own (the page opens it), so the page says where focus goes when it
   * closes; without it focus would fall to the page body.
   */
  onClosed?: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () =>
      submitReview({
        ticketId: review.ticketId,
        targetUserId: review.targetUserId,
        rating,
        comment: comment.trim(),
        reviewType: review.reviewType,
        transactionId: review.transactionId,
      }),
    onSuccess: () => {
      toast({ title: REVIEW_TEXT.submitted });
      onSubmitted();
      onOpenChange(false);
    },
    onError: (error) =>
      toast({
        title: REVIEW_TEXT.submitFailed,
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : error.message,
        variant: 'destructive',
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (comment.trim() === '') {
      setCommentError(REVIEW_TEXT.commentRequired);
      return;
    }
    mutation.mutate();
  }

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (!onClosed) return;
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{REVIEW_TEXT.dialogTitle}</DialogTitle>
          <DialogDescription>
            {reviewTargetLine(review)} · {review.eventName}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <span id={`${id}-rating`} className="text-sm font-medium">
              {REVIEW_TEXT.ratingLabel}
            </span>
            <StarRating value={rating} onChange={setRating} labelledBy={`${id}-rating`} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-comment`}>{REVIEW_TEXT.commentLabel}</Label>
            <Textarea
              id={`${id}-comment`}
              value={comment}
              maxLength={REVIEW_COMMENT_MAX}
              rows={4}
              placeholder={REVIEW_TEXT.commentPlaceholder}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? `${id}-comment-error` : undefined}
              onChange={(event) => {
                setComment(event.target.value);
                if (commentError && event.target.value.trim() !== '') setCommentError(null);
              }}
            />
            {commentError ? (
              <p id={`${id}-comment-error`} role="alert" className="text-sm text-destructive">
                {commentError}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
              {REVIEW_TEXT.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
