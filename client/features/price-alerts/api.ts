import { ApiError, getJson, sendJson } from '@client/lib/api';
import type { CreatedPriceAlert, CreatePriceAlert, PriceAlertList } from '@common/schemas/price-alerts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** Cache keys of price alerts (decision 0060). */
export const priceAlertKeys = {
  all: ['price-alerts'] as const,
  page: (page: number) => ['price-alerts', 'mine', page] as const,
  event: (eventId: number) => ['price-alerts', 'event', eventId] as const,
};

/** A member's active alerts for one show (its page shows them, with Remove); at most 10 are active. */
export function eventPriceAlertsQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: priceAlertKeys.event(eventId),
    queryFn: () => getJson<PriceAlertList>(`/api/price-alerts?eventId=${eventId}&status=active&pageSize=10`),
    staleTime: 0,
  });
}

export const PRICE_ALERTS_PAGE_SIZE = 10;

/** GET /api/price-alerts, one page, newest first; read afresh on each visit. */
export function myPriceAlertsQueryOptions(page: number) {
  return queryOptions({
    queryKey: priceAlertKeys.page(page),
    queryFn: () =>
      getJson<PriceAlertList>(`/api/price-alerts?page=${page}&pageSize=${PRICE_ALERTS_PAGE_SIZE}`),
    staleTime: 0,
  });
}

export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alert: CreatePriceAlert) => sendJson<CreatedPriceAlert>('POST', '/api/price-alerts', alert),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceAlertKeys.all }),
  });
}

export function useRemovePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertId: number) => sendJson<null>('DELETE', `/api/price-alerts/${alertId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceAlertKeys.all }),
  });
}

/** POST /api/price-alerts/seen: the matched alerts on screen clear the in-app notice (`onSeen`). */
export function useMarkMatchesSeen(onSeen: () => void) {
  return useMutation({
    mutationFn: () => sendJson<null>('POST', '/api/price-alerts/seen'),
    onSuccess: onSeen,
  });
}

/** POST /api/price-alerts/unsubscribe with the e-mail's signed token; no sign-in needed. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      sendJson<{ removed: number }>(
        'POST',
        `/api/price-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
      ),
  });
}

/** The server's message of a refusal, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** The server's per-field messages of a 400, when it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body as { fieldErrors?: unknown } | null;
  const fields = body?.fieldErrors;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
