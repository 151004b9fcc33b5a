import { getJson, sendJson } from '@client/lib/api';
import type { PayoutItem, PayoutsResponse } from '@common/schemas/payouts';
import { PAYOUT_PAGE_SIZE_MAX } from '@common/schemas/payouts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Every payouts query starts with this key; mutations invalidate it. */
export const PAYOUTS_KEY = ['payouts'] as const;

/** One page of the profile's list. */
export const payoutsPageQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...PAYOUTS_KEY, 'page', page, pageSize] as const,
    queryFn: () => getJson<PayoutsResponse>(`/api/payouts?page=${page}&pageSize=${pageSize}`),
  });

/** The newest sales at once: the one query every sold card reads from. */
export const salePayoutsQueryOptions = queryOptions({
  queryKey: [...PAYOUTS_KEY, 'cards'] as const,
  queryFn: () => getJson<PayoutsResponse>(`/api/payouts?pageSize=${PAYOUT_PAGE_SIZE_MAX}`),
});

/** A sale older than the shared page: asked for on its own. */
const ticketPayoutQueryOptions = (ticketId: number) =>
  queryOptions({
    queryKey: [...PAYOUTS_KEY, 'ticket', ticketId] as const,
    queryFn: () => getJson<PayoutsResponse>(`/api/payouts?ticketId=${ticketId}`),
  });

/** The payout of one sold ticket: from the shared query, or on its own when it is not on that page. */
export function useSalePayout(ticketId: number): { payout: PayoutItem | undefined; isLoading: boolean } {
  const shared = useQuery(salePayoutsQueryOptions);
  const found = shared.data?.payouts.find((item) => item.ticketId === ticketId);
  const beyondPage = Boolean(shared.data && !found && shared.data.total > shared.data.payouts.length);
  const single = useQuery({ ...ticketPayoutQueryOptions(ticketId), enabled: beyondPage });
  return {
    payout: found ?? single.data?.payouts[0],
    isLoading: shared.isLoading || (beyondPage && single.isLoading),
  };
}

export function useStartOnboarding() {
  return useMutation({
    mutationFn: () => sendJson<{ url: string }>('POST', '/api/payouts/onboarding'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useReportProblem(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      sendJson<{ message: string }>('POST', `/api/tickets/${ticketId}/report-problem`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
}
