import { notificationsQueryOptions } from '@client/features/notifications/api';
import { PendingReviewsPage } from '@client/features/reviews/pages/pending-reviews-page';
import { useQueryClient } from '@tanstack/react-query';

/** /pending-reviews: a written review also lowers the navigation's Reviews badge. */
export function PendingReviewsRoute() {
  const queryClient = useQueryClient();
  return (
    <PendingReviewsPage
      onReviewed={() => void queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.queryKey })}
    />
  );
}
