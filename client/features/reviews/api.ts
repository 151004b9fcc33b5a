import { getJson, sendJson } from '@client/lib/api';
import {
  type ListedReview,
  type PendingReview,
  REVIEWS_PAGE_DEFAULT,
  type SubmitReviewRequest,
} from '@common/schemas/reviews';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';

/** Spec 000 §9: reviews are cached 60 s; §7: one retry after 1 s. */
export const REVIEWS_CACHE_MS = 60_000;

export const reviewKeys = {
  pending: ['reviews', 'pending'] as const,
  ofUser: (userId: number) => ['users', userId, 'reviews', 'pages'] as const,
};

/** GET /api/reviews/pending */
export const pendingReviewsQueryOptions = queryOptions({
  queryKey: reviewKeys.pending,
  queryFn: () => getJson<PendingReview[]>('/api/reviews/pending'),
});

/** GET /api/users/{id}/reviews, newest first, REVIEWS_PAGE_DEFAULT at a time. */
export function userReviewsInfiniteOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.ofUser(userId),
    queryFn: ({ pageParam }) =>
      getJson<ListedReview[]>(
        `/api/users/${userId}/reviews?limit=${REVIEWS_PAGE_DEFAULT}&offset=${pageParam}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < REVIEWS_PAGE_DEFAULT ? undefined : pages.length * REVIEWS_PAGE_DEFAULT,
    staleTime: REVIEWS_CACHE_MS,
    retry: 1,
    retryDelay: 1_000,
  });
}

/** POST /api/reviews, then DELETE the pending entry as the spec's client does (spec 000 §7). */
export async function submitReview(review: Omit<SubmitReviewRequest, 'isPending'>): Promise<void> {
  await sendJson('POST', '/api/reviews', { ...review, isPending: false });
  await sendJson('DELETE', `/api/reviews/${review.transactionId}/pending`);
}
