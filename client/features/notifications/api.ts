import { ApiError, getJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import { currentUserQueryOptions } from '@client/lib/session';
import { NOTIFICATIONS_POLL_MS } from '@common/constants';
import type { Notifications } from '@common/schemas/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

export const notificationsQueryOptions = queryOptions({
  queryKey: ['notifications'] as const,
  queryFn: () => getJson<Notifications>('/api/notifications'),
  refetchInterval: unlessLive(NOTIFICATIONS_POLL_MS),
});

export interface NotificationCounts {
  /** Transfer steps waiting on the user: as seller to initiate, as buyer to confirm receipt. */
  pendingTransfers: number;
  /** Unread messages over all of the user's ticket threads. */
  unreadMessages: number;
  /** The My Tickets badge: both of the above happen on My Tickets (decision 0015). */
  myTickets: number;
  pendingReviews: number;
  unreadAdminMessages: number;
  /** Price alerts that found tickets and were not seen on My Bids yet (decision 0060). */
  matchedPriceAlerts: number;
  total: number;
}

export function notificationCounts(notifications: Notifications | undefined): NotificationCounts {
  const pendingTransfers = notifications?.pendingTransfers.length ?? 0;
  const unreadMessages = (notifications?.unreadMessages ?? []).reduce((sum, thread) => sum + thread.count, 0);
  const myTickets = pendingTransfers + unreadMessages;
  const pendingReviews = notifications?.pendingReviewsCount ?? 0;
  const unreadAdminMessages = notifications?.unreadAdminMessagesCount ?? 0;
  const matchedPriceAlerts = notifications?.matchedPriceAlertsCount ?? 0;
  return {
    pendingTransfers,
    unreadMessages,
    myTickets,
    pendingReviews,
    unreadAdminMessages,
    matchedPriceAlerts,
    total: myTickets + pendingReviews + unreadAdminMessages + matchedPriceAlerts,
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
