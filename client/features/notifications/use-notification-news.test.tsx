import { createQueryClient } from '@client/lib/query-client';
import type { Notifications } from '@common/schemas/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { notificationsQueryOptions } from './api';
import { isNews, useNotificationNews } from './use-notification-news';

const none: Notifications = {
  pendingReviewsCount: 0,
  pendingTransfers: [],
  unreadMessages: [],
  unreadAdminMessagesCount: 0,
  matchedPriceAlertsCount: 0,
};

describe('notification news', () => {
  it('is news when a transfer step moves or unread messages grow, not when a thread is read', () => {
    const waiting = { ...none, pendingTransfers: [{ ticketId: 4, role: 'buyer' as const }] };
    const unread = { ...none, unreadMessages: [{ ticketId: 4, count: 2 }] };
    expect(isNews(none, waiting)).toBe(true);
    expect(isNews(waiting, none)).toBe(true);
    expect(isNews(none, unread)).toBe(true);
    expect(isNews(unread, { ...none, unreadMessages: [{ ticketId: 4, count: 3 }] })).toBe(true);
    expect(isNews(unread, none)).toBe(false);
    expect(isNews(waiting, { ...waiting, pendingReviewsCount: 1 })).toBe(false);
  });

  it('calls back when the polled answer brings news, never for the first answer', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(notificationsQueryOptions.queryKey, none);
    const onNews = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderHook(() => useNotificationNews(onNews), { wrapper });
    await act(async () => undefined);
    expect(onNews).not.toHaveBeenCalled();
    act(() => {
      queryClient.setQueryData(notificationsQueryOptions.queryKey, {
        ...none,
        pendingTransfers: [{ ticketId: 9, role: 'buyer' }],
      });
    });
    await waitFor(() => expect(onNews).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });
});
