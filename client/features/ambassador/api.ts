import { ApiError, getJson, sendJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import {
  AMBASSADOR_POLL_MS,
  type Attendee,
  type ChatMessage,
  type ChatTopic,
  type CreateTopicBody,
} from '@common/schemas/ambassador';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

export const ambassadorKeys = {
  topics: ['ambassador', 'topics'] as const,
  messages: (topicId: number) => ['ambassador', 'topics', topicId, 'messages'] as const,
  attendees: (query: string) => ['ambassador', 'attendees', query] as const,
};

/** Topics with the reader's unread counts, refreshed every 10 s (spec 001 §7). */
export const topicsQueryOptions = queryOptions({
  queryKey: ambassadorKeys.topics,
  queryFn: () => getJson<ChatTopic[]>('/api/ambsd/chat/topics'),
  refetchInterval: unlessLive(AMBASSADOR_POLL_MS),
});

/** The selected topic's messages, refreshed every 10 s; reading them clears the topic's unread count. */
export function topicMessagesQueryOptions(topicId: number) {
  return queryOptions({
    queryKey: ambassadorKeys.messages(topicId),
    queryFn: () => getJson<ChatMessage[]>(`/api/ambsd/chat/topics/${topicId}/messages`),
    refetchInterval: unlessLive(AMBASSADOR_POLL_MS),
  });
}

export function attendeesQueryOptions(query: string) {
  return queryOptions({
    queryKey: ambassadorKeys.attendees(query),
    queryFn: () => getJson<Attendee[]>(`/api/ambsd/event-attendees?query=${encodeURIComponent(query)}`),
    enabled: query !== '',
    // Each search is recorded; the same answer is not asked again while the page stays open.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** A failed write's toast text: the spec's sign-in text on 401, else the server's words, else `fallback`. */
export function writeErrorText(error: unknown, signInText: string, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return signInText;
    return error.serverMessage ?? fallback;
  }
  return fallback;
}

export function useCreateTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTopicBody) => sendJson<ChatTopic>('POST', '/api/ambsd/chat/topics', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ambassadorKeys.topics }),
  });
}

export function useSendChatMessage(topicId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      sendJson<ChatMessage>('POST', `/api/ambsd/chat/topics/${topicId}/messages`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ambassadorKeys.messages(topicId) }),
  });
}
