import { ApiError, getJson, sendJson } from '@client/lib/api';
import type { AveragePrice, Bid, BidPaymentResponse, CreateBid } from '@common/schemas/bids';
import type { ConcertSearchResult } from '@common/schemas/events';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Event search and the average-price hint wait for 3 characters and a 500 ms pause (spec 001 §9). */
export const BID_SEARCH_MIN_LENGTH = 3;
export const BID_SEARCH_PAUSE_MS = 500;

/** Cache keys of My Bids. */
export const bidKeys = {
  all: ['bids'] as const,
  mine: ['bids', 'mine'] as const,
  search: (query: string) => ['bids', 'concert-search', query] as const,
  average: (eventId: number, quantity: number) => ['bids', 'average-price', eventId, quantity] as const,
  payment: (sessionId: string) => ['bids', 'payment', sessionId] as const,
};

/** GET /api/bids, newest first; read afresh on each visit. */
export const myBidsQueryOptions = queryOptions({
  queryKey: bidKeys.mine,
  queryFn: async (): Promise<Bid[]> => (await getJson<{ bids: Bid[] }>('/api/bids')).bids,
  staleTime: 0,
});

/** GET /api/concerts/search for the bid form; unlike the listing form's, a failure shows (spec 001 §8). */
export function useBidConcertSearch(query: string) {
  return useQuery({
    queryKey: bidKeys.search(query),
    queryFn: () => getJson<ConcertSearchResult[]>(`/api/concerts/search?query=${encodeURIComponent(query)}`),
    enabled: query.length >= BID_SEARCH_MIN_LENGTH,
    staleTime: 1_000,
  });
}

/**
 * GET /api/tickets/average-price for the Maximum Amount hint: the prices of the event the form picked, by its
 * catalog id (decision 0054), not of every event with its name.
 */
export function useAveragePrice(event: { id: number; name: string } | null, quantity: number) {
  const eventName = event?.name ?? '';
  return useQuery({
    queryKey: bidKeys.average(event?.id ?? 0, quantity),
    queryFn: () =>
      getJson<AveragePrice>(
        `/api/tickets/average-price?${new URLSearchParams({
          eventName,
          eventId: String(event?.id),
          quantity: String(quantity),
        }).toString()}`,
      ),
    enabled:
      event !== null &&
      eventName.length >= BID_SEARCH_MIN_LENGTH &&
      Number.isInteger(quantity) &&
      quantity > 0,
    staleTime: 30_000,
  });
}

/** POST /api/bids: the new bid goes to the top of the list at once, then the list is read again. */
export function useCreateBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bid: CreateBid) => {
      const answer = await sendJson<{ bid?: Bid; message: string }>('POST', '/api/bids', bid);
      if (!answer.bid) throw new Error(answer.message);
      return answer.bid;
    },
    onSuccess: async (bid) => {
      queryClient.setQueryData<Bid[]>(bidKeys.mine, (bids = []) => [
        bid,
        ...bids.filter((old) => old.id !== bid.id),
      ]);
      await queryClient.invalidateQueries({ queryKey: bidKeys.mine });
    },
  });
}

/** DELETE /api/bids/{id}: the bid turns inactive on screen at once (spec 001 §4), then the list is read again. */
export function useCancelBid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bidId: number) => sendJson<{ ok: boolean; message: string }>('DELETE', `/api/bids/${bidId}`),
    onSuccess: async (_answer, bidId) => {
      queryClient.setQueryData<Bid[]>(bidKeys.mine, (bids = []) =>
        bids.map((bid) => (bid.id === bidId ? { ...bid, isActive: false, endedReason: 'cancelled' } : bid)),
      );
      await queryClient.invalidateQueries({ queryKey: bidKeys.mine });
    },
  });
}

/** GET /api/bids/payments/{sessionId}: a bid purchase waiting for the cardholder's authentication. */
export function bidPaymentQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: bidKeys.payment(sessionId),
    queryFn: () => getJson<BidPaymentResponse>(`/api/bids/payments/${encodeURIComponent(sessionId)}`),
    staleTime: 0,
  });
}

/** POST .../complete after Stripe's confirmCardPayment, or the sandbox's approve/decline. */
export function useSettleBidPayment(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'complete' } | { kind: 'sandbox'; approve: boolean }) =>
      action.kind === 'complete'
        ? sendJson<BidPaymentResponse>(
            'POST',
            `/api/bids/payments/${encodeURIComponent(sessionId)}/complete`,
            {},
          )
        : sendJson<BidPaymentResponse>(
            'POST',
            `/api/sandbox/bid-payments/${encodeURIComponent(sessionId)}/authenticate`,
            { approve: action.approve },
          ),
    onSuccess: (answer) => {
      queryClient.setQueryData(bidKeys.payment(sessionId), answer);
      // A bought ticket turns its bid matched.
      void queryClient.invalidateQueries({ queryKey: bidKeys.mine });
    },
  });
}

/** The server's own words when it gave some, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
