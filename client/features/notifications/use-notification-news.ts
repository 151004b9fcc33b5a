import type { Notifications } from '@common/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notificationsQueryOptions } from './api';

const steps = (notifications: Notifications) =>
  notifications.pendingTransfers
    .map((step) => `${step.ticketId}:${step.role}`)
    .sort()
    .join(',');

/**
 * Whether a newer notifications answer says something changed on the user's sales: a transfer step started
 * or finished waiting on them, or a thread has more unread messages (system notes are among them). Reading
 * a thread lowers its count, which is no news.
 */
export function isNews(before: Notifications, after: Notifications): boolean {
  if (steps(before) !== steps(after)) return true;
  const unreadBefore = new Map(before.unreadMessages.map((thread) => [thread.ticketId, thread.count]));
  return after.unreadMessages.some((thread) => thread.count > (unreadBefore.get(thread.ticketId) ?? 0));
}

/**
 * Calls `onNews` when the badge's poll learns of a change (above), so a screen showing the sales can
 * refresh instead of contradicting its own badge. The first answer only sets the baseline.
 */
export function useNotificationNews(onNews: () => void): void {
  const { data } = useQuery(notificationsQueryOptions);
  const previous = useRef<Notifications | undefined>(undefined);
  const listener = useRef(onNews);
  listener.current = onNews;
  useEffect(() => {
    if (!data) return;
    const before = previous.current;
    previous.current = data;
    if (before && isNews(before, data)) listener.current();
  }, [data]);
}
