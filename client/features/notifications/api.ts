import { ApiError, getJson } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import { NOTIFICATIONS_POLL_MS } from '@common/constants';
import type { Notifications } from '@common/schemas/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: () => getJson<Notifications>('/api/notifications'),
  refetchInterval: NOTIFICATIONS_POLL_MS,
});

export interface NotificationCounts {
  pendingTransfers: number;
  pendingReviews: number;
  unreadAdminMessages: number;
  total: number;
}

export function notificationCounts(notifications: Notifications | undefined): NotificationCounts {
  const pendingTransfers = notifications?.pendingTransfers.length ?? 0;
  const pendingReviews = notifications?.pendingReviewsCount ?? 0;
  const unreadAdminMessages = notifications?.unreadAdminMessagesCount ?? 0;
  return {
    pendingTransfers,
    pendingReviews,
    unreadAdminMessages,
    total: pendingTransfers + pendingReviews + unreadAdminMessages,
  };
}

/**
 * Badge counts, polled every 30 s (spec 000 §7); only signed-in screens mount this. A 401
 * means the session ended elsewhere, so the current user is re-read and the app falls back
 * to signed out.
 */
export function useNotificationCounts(): NotificationCounts {
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQueryOptions);
  const sessionEnded = query.error instanceof ApiError && query.error.status === 401;
  useEffect(() => {
    if (sessionEnded) void queryClient.invalidateQueries({ queryKey: currentUserQueryOptions.queryKey });
  }, [sessionEnded, queryClient]);
  return notificationCounts(query.data);
}
