import { apiFetch, getJson, sendJson } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import { type KeptCopy, keptCopyOf } from '@client/pwa/kept-copy';
import {
  type BuyerTransferInfo,
  type CompleteTransferResponse,
  MY_TICKETS_PAGE_SIZE_DEFAULT,
  type MyTicketsPage,
  type MyTicketsTab,
} from '@common/schemas/my-tickets';
import { PLATFORM_EMAIL_FIELDS, type Platform } from '@common/schemas/tickets';
import type { CurrentUser } from '@common/schemas/users';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * Cache keys of My Tickets. The lists sit under 'tickets' too, so a listing saved or a ticket bought anywhere
 * refreshes them; a transfer step also refreshes the navigation badges ('notifications').
 */
export const myTicketsKeys = {
  all: ['tickets', 'mine'] as const,
  tab: (tab: MyTicketsTab) => ['tickets', 'mine', tab] as const,
  // Under 'mine': whatever refreshes the cards (a focus, the badge's news) reads the buyer's e-mail again too.
  transferInfo: (ticketId: number) => ['tickets', 'mine', 'buyer-transfer-info', ticketId] as const,
  notifications: ['notifications'] as const,
};

/** A page of My Tickets, and the copy this device kept it from when the network could not answer (0098). */
export interface MyTicketsPageAnswer extends MyTicketsPage {
  keptCopy: KeptCopy | null;
}

/** GET /api/my-tickets for one tab, page by page; refetched on focus by the page (spec 001 §4). */
export function myTicketsQueryOptions(tab: MyTicketsTab) {
  return infiniteQueryOptions({
    queryKey: myTicketsKeys.tab(tab),
    queryFn: async ({ pageParam }): Promise<MyTicketsPageAnswer> => {
      const params = new URLSearchParams({ tab, limit: String(MY_TICKETS_PAGE_SIZE_DEFAULT) });
      if (pageParam) params.set('cursor', pageParam);
      const response = await apiFetch(`/api/my-tickets?${params.toString()}`, {
        headers: { accept: 'application/json' },
      });
      return { ...((await response.json()) as MyTicketsPage), keptCopy: keptCopyOf(response.headers) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}

/** GET /api/tickets/{id}/buyer-transfer-info for a seller-side pending card; a failure is only logged. */
export function buyerTransferInfoQueryOptions(ticketId: number) {
  return queryOptions({
    queryKey: myTicketsKeys.transferInfo(ticketId),
    queryFn: async (): Promise<BuyerTransferInfo | null> => {
      try {
        return await getJson<BuyerTransferInfo>(`/api/tickets/${ticketId}/buyer-transfer-info`);
      } catch (error) {
        console.warn('Buyer transfer info failed', error);
        return null;
      }
    },
    staleTime: 0,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['tickets'] }),
      queryClient.invalidateQueries({ queryKey: myTicketsKeys.notifications }),
    ]);
  };
}

/** What a card does with a mutation's answer. Kept on the mutation itself: the card may be gone by then. */
export interface MutationHandlers<T> {
  onSuccess(answer: T): void;
  onError(error: unknown): void;
}

/** What a mutation is called with: the ticket, and what to do once the list shows the outcome. */
export interface CardAction {
  ticketId: number;
  /** Runs after the list was refreshed (or the call failed), e.g. to put focus back where it belongs. */
  afterRefresh?: () => void;
}

export function useInitiateTransfer(handlers: MutationHandlers<{ message: string }>) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ ticketId }: CardAction) =>
      sendJson<{ message: string }>('POST', `/api/tickets/${ticketId}/initiate-transfer`, {}),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: async (_answer, _error, action) => {
      await refresh();
      action.afterRefresh?.();
    },
  });
}

export function useCompleteTransfer(handlers: MutationHandlers<CompleteTransferResponse>) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ ticketId }: CardAction) =>
      sendJson<CompleteTransferResponse>('POST', `/api/tickets/${ticketId}/complete-transfer`, {}),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: async (_answer, _error, action) => {
      await refresh();
      action.afterRefresh?.();
    },
  });
}

/** POST /api/tickets/{id}/refund-request: the buyer of a ticket to a postponed event takes a full refund. */
export function useRequestRefund(handlers: MutationHandlers<{ message: string }>) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ ticketId }: CardAction) =>
      sendJson<{ message: string }>('POST', `/api/tickets/${ticketId}/refund-request`, {}),
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
    onSettled: async (_answer, _error, action) => {
      await refresh();
      action.afterRefresh?.();
    },
  });
}

export function useDeleteListing(handlers: MutationHandlers<{ message: string }>) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ ticketId }: CardAction) =>
      sendJson<{ message: string }>('DELETE', `/api/tickets/${ticketId}`),
    onSuccess: async (answer) => {
      handlers.onSuccess(answer);
      await refresh();
    },
    onError: handlers.onError,
    onSettled: (_answer, _error, action) => action.afterRefresh?.(),
  });
}

/** PATCH /api/user with the buyer's e-mail on one platform: saved to their profile, as the profile page does. */
export function useSaveTransferEmail(platform: Platform, handlers: MutationHandlers<CurrentUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) =>
      sendJson<CurrentUser>('PATCH', '/api/user', { [PLATFORM_EMAIL_FIELDS[platform]]: address }),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryOptions.queryKey, updated);
      handlers.onSuccess(updated);
    },
    onError: handlers.onError,
  });
}
