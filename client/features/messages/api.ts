import { ApiError, apiFetch, sendJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import { MESSAGE_POLL_MS, type TicketMessage } from '@common/schemas/messages';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** A thread as the client keeps it: the messages so far and the tag naming the newest one. */
export interface ThreadData {
  messages: TicketMessage[];
  etag: string | null;
}

export const threadQueryKey = (ticketId: number) => ['tickets', ticketId, 'messages'] as const;

/** The notifications feature's cache key: reading a thread changes its unread counts. */
const NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * Reads the thread, then every 5 s only what is new: ?after=lastId with If-None-Match, so an unchanged thread
 * costs the server one small query and answers 304 with no body (decision 0015).
 */
async function fetchThread(
  queryClient: QueryClient,
  ticketId: number,
  signal: AbortSignal,
): Promise<ThreadData> {
  const previous = queryClient.getQueryData<ThreadData>(threadQueryKey(ticketId));
  const lastId = previous?.messages.at(-1)?.id;
  const path = `/api/tickets/${ticketId}/messages${lastId === undefined ? '' : `?after=${lastId}`}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  let response: Response;
  try {
    response = await apiFetch(path, { headers, signal });
  } catch (error) {
    // apiFetch treats every status outside 2xx as an error; 304 means the thread did not change.
    if (error instanceof ApiError && error.status === 304 && previous) return previous;
    throw error;
  }
  const fresh = (await response.json()) as TicketMessage[];
  if (fresh.length > 0) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const known = new Set(previous?.messages.map((message) => message.id));
  return {
    messages: [...(previous?.messages ?? []), ...fresh.filter((message) => !known.has(message.id))],
    etag: response.headers.get('etag'),
  };
}

export function threadQueryOptions(queryClient: QueryClient, ticketId: number) {
  return queryOptions({
    queryKey: threadQueryKey(ticketId),
    queryFn: ({ signal }) => fetchThread(queryClient, ticketId, signal),
    // A 4xx (the thread is not the viewer's, the session ended) will not mend itself: stop asking.
    refetchInterval: unlessLive((query: { state: { error: unknown } }) =>
      query.state.error instanceof ApiError && query.state.error.status < 500 ? false : MESSAGE_POLL_MS,
    ),
    // Polling is the freshness rule; a remount must not refetch the whole thread.
    staleTime: MESSAGE_POLL_MS,
  });
}

/** POST /api/tickets/{id}/messages; the thread is then refreshed (spec 001 §7). */
export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      sendJson<TicketMessage>('POST', `/api/tickets/${ticketId}/messages`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: threadQueryKey(ticketId) }),
  });
}
