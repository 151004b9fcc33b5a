import { ApiError, getJson, sendJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import type { FanQueueEntry, FanQueueShow, JoinFanQueue, MyFanQueue } from '@common/schemas/fan-queue';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** Cache keys of the Fan Queue (decision 0100); the live notice `fan-queue` names `event(id)`. */
export const fanQueueKeys = {
  all: ['fan-queue'] as const,
  event: (eventId: number) => ['fan-queue', 'event', eventId] as const,
  mine: ['fan-queue', 'mine'] as const,
  minePage: (page: number) => ['fan-queue', 'mine', page] as const,
};

/** Without a live stream (a visitor, a refused stream) the show's line is read again this often. */
export const FAN_QUEUE_POLL_MS = 60_000;
/** My Bids' lists show this many at a time. */
export const MY_FAN_QUEUE_PAGE_SIZE = 10;

/** GET /api/events/{id}/fan-queue: the show's line, and the member's own place in it. */
export function eventFanQueueQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: fanQueueKeys.event(eventId),
    queryFn: () => getJson<FanQueueShow>(`/api/events/${eventId}/fan-queue`),
    staleTime: 0,
    refetchInterval: unlessLive(FAN_QUEUE_POLL_MS),
  });
}

/** GET /api/fan-queue, one page, the entries still in line first; read afresh on each visit. */
export function myFanQueueQueryOptions(page: number) {
  return queryOptions({
    queryKey: fanQueueKeys.minePage(page),
    queryFn: () => getJson<MyFanQueue>(`/api/fan-queue?page=${page}&pageSize=${MY_FAN_QUEUE_PAGE_SIZE}`),
    staleTime: 0,
  });
}

/** PUT /api/events/{id}/fan-queue: joins the line, or changes the entry and keeps its place. */
export function useJoinFanQueue(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (join: JoinFanQueue) =>
      sendJson<FanQueueEntry>('PUT', `/api/events/${eventId}/fan-queue`, join),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanQueueKeys.all }),
  });
}

/** DELETE /api/events/{id}/fan-queue: leaves the line (an open offer is withdrawn and handed on). */
export function useLeaveFanQueue(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<null>('DELETE', `/api/events/${eventId}/fan-queue`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fanQueueKeys.all }),
  });
}

/** The server's message of a refusal, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** The server's per-field messages of a 400, when it sent any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.body as { fieldErrors?: unknown } | null)?.fieldErrors;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
