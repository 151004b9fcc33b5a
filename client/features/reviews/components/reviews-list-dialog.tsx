import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { RATING_TEXT, REVIEW_TEXT } from '@common/messages';
import type { Rating } from '@common/schemas/reviews';
import { ReviewsList } from './reviews-list';

/** One user's reviews in a dialog (spec 000 §2 'A dialog listing one user's reviews'). */
export function ReviewsListDialog({
  userId,
  username,
  rating,
  open,
  onOpenChange,
}: {
  userId: number;
  username: string;
  /** Shown as the summary when the caller knows it. */
  rating?: Rating;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{REVIEW_TEXT.reviewsOf(username)}</DialogTitle>
          <DialogDescription>
            {rating === undefined
              ? REVIEW_TEXT.newestFirst
              : rating.averageRating === null
                ? RATING_TEXT.noReviews
                : RATING_TEXT.outOf5(rating.averageRating, rating.totalReviews)}
          </DialogDescription>
        </DialogHeader>
        {open ? <ReviewsList userId={userId} /> : null}
      </DialogContent>
    </Dialog>
  );
}
