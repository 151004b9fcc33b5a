import { ApiError, getJson, sendJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import { SUGGESTION_MIN_LENGTH, TICKET_PAGE_SIZE_DEFAULT } from '@common/schemas/marketplace';
import type { TicketDetails } from '@common/schemas/tickets';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  LockResponse,
  PaymentResponse,
  PurchaseVerifyResponse,
  SearchSuggestion,
  TicketFilters,
  TicketPage,
  UserReview,
} from './types';

/** Spec 000 §9 Timing. */
export const TICKETS_STALE_MS = 30_000;
export const TICKETS_REFETCH_MS = 60_000;
export const LOCK_POLL_MS = 10_000;
export const REVIEWS_CACHE_MS = 60_000;
export const SUGGESTIONS_MIN_LENGTH = SUGGESTION_MIN_LENGTH;
export const PAGE_SIZE = TICKET_PAGE_SIZE_DEFAULT;

/** Cache keys of the marketplace; every ticket list sits under 'tickets' so a sale or a listing refreshes it. */
export const marketplaceKeys = {
  all: ['tickets'] as const,
  list: (filters: TicketFilters) => ['tickets', 'market', filters] as const,
  ticket: (id: number) => ['tickets', 'detail', id] as const,
  suggestions: (q: string) => ['search', 'suggestions', q] as const,
  reviews: (userId: number) => ['users', userId, 'reviews'] as const,
};

/** The query string of GET /api/tickets for these filters (spec 000 §3 'Ticket list filters', §7). */
export function ticketListQuery(filters: TicketFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  params.set('sortBy', filters.sortBy);
  if (filters.sortCriteria.length > 0) params.set('sortCriteria', JSON.stringify(filters.sortCriteria));
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.quantity !== undefined) params.set('quantity', String(filters.quantity));
  if (filters.city?.trim()) params.set('city', filters.city.trim());
  if (filters.atOrBelowFace) params.set('atOrBelowFace', 'true');
  if (filters.verifiedOnly) params.set('verifiedOnly', 'true');
  if (filters.includeAll) params.set('includeAll', 'true');
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** GET /api/tickets, paged: stale after 30 s and refetched every 60 s, also in the background (spec 000 §7). */
export function ticketListQueryOptions(filters: TicketFilters) {
  return infiniteQueryOptions({
    queryKey: marketplaceKeys.list(filters),
    queryFn: ({ pageParam }) => getJson<TicketPage>(`/api/tickets?${ticketListQuery(filters, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: TICKETS_STALE_MS,
    refetchInterval: unlessLive(TICKETS_REFETCH_MS),
    refetchIntervalInBackground: true,
  });
}

/** One ticket read fresh from the server (the details dialog polls it every 10 s). */
export function ticketQueryOptions(id: number) {
  return queryOptions({
    queryKey: marketplaceKeys.ticket(id),
    queryFn: () => getJson<TicketDetails>(`/api/tickets/${id}`),
    staleTime: 0,
  });
}

/** GET /api/search/suggestions: only from 2 characters (spec 000 §5). */
export function suggestionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: marketplaceKeys.suggestions(q),
    queryFn: () => getJson<SearchSuggestion[]>(`/api/search/suggestions?q=${encodeURIComponent(q)}`),
    enabled: q.trim().length >= SUGGESTIONS_MIN_LENGTH,
    staleTime: 30_000,
  });
}

/** GET /api/users/{id}/reviews: cached 60 s, one retry after 1 s (spec 000 §7). */
export function userReviewsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: marketplaceKeys.reviews(userId),
    queryFn: () => getJson<UserReview[]>(`/api/users/${userId}/reviews`),
    staleTime: REVIEWS_CACHE_MS,
    retry: 1,
    retryDelay: 1_000,
  });
}

/** Holds the listing, or with `quantity` fewer than it has, a part of it (decision 0062). */
export function lockTicket(id: number, quantity?: number): Promise<LockResponse> {
  return sendJson<LockResponse>(
    'POST',
    `/api/tickets/${id}/lock`,
    quantity === undefined ? undefined : { quantity },
  );
}

export function extendHold(id: number): Promise<LockResponse> {
  return sendJson<LockResponse>('POST', `/api/tickets/${id}/lock/extend`);
}

export function unlockTicket(id: number): Promise<unknown> {
  return sendJson('POST', `/api/tickets/${id}/unlock`);
}

/** Releases the hold when the page goes away: keepalive lets the request outlive the page. */
export function unlockTicketOnLeave(id: number): void {
  void fetch(`/api/tickets/${id}/unlock`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
}

export function startPayment(id: number, amount: number, version: number): Promise<PaymentResponse> {
  return sendJson<PaymentResponse>('POST', `/api/tickets/${id}/payment`, { amount, version });
}

export function verifyPurchase(
  sessionId: string,
  body: { ticketId: number; amount: number; version: number },
): Promise<PurchaseVerifyResponse> {
  return sendJson<PurchaseVerifyResponse>(
    'POST',
    `/api/purchase/verify/${encodeURIComponent(sessionId)}`,
    body,
  );
}

/** The server's own message of a failed call, or `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}
