import { ADMIN_TEXT } from '@common/messages';
import { reviewDetailOptions } from '../api';
import { longDate } from '../format';
import { DetailDialog, DetailItem, DetailList } from './detail-dialog';

export const reviewTypeLabel = (type: string) =>
  type === 'buyer_to_seller' ? ADMIN_TEXT.buyerToSeller : ADMIN_TEXT.sellerToBuyer;

/** Spec 001 §2 'Review Details'. */
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
