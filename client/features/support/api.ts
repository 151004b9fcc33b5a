import { getJson, sendJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import { SUPPORT_PAGE_SIZE_MAX, type SupportMessage } from '@common/schemas/support';
import type { SupportTopic } from '@common/texts/support';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** How often an open support page looks for answers (decision 0038). */
export const SUPPORT_POLL_MS = 15_000;

export const supportMessagesQueryOptions = queryOptions({
  queryKey: ['support', 'messages'] as const,
  // A member's own conversations: the newest page holds them all in practice (decision 0038).
  queryFn: () => getJson<SupportMessage[]>(`/api/admin-messages?limit=${SUPPORT_PAGE_SIZE_MAX}`),
  refetchInterval: unlessLive(SUPPORT_POLL_MS),
});

export interface Conversation {
  topic: SupportTopic;
  /** Oldest first. */
  messages: SupportMessage[];
  last: SupportMessage;
}

/** The member's messages as one conversation per topic, the most recently active first. */
export function conversationsOf(messages: readonly SupportMessage[]): Conversation[] {
  const byTopic = new Map<SupportTopic, SupportMessage[]>();
  for (const message of [...messages].sort((a, b) => a.id - b.id)) {
    const list = byTopic.get(message.topic) ?? [];
    list.push(message);
    byTopic.set(message.topic, list);
  }
  return [...byTopic.entries()]
    .map(([topic, list]) => ({ topic, messages: list, last: list[list.length - 1] as SupportMessage }))
    .sort((a, b) => b.last.id - a.last.id);
}

function useRefreshOnSuccess() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportMessagesQueryOptions.queryKey });
}

/** POST /api/admin-messages: a new request (spec 001 §7). */
export function useCreateSupportMessage() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({
    mutationFn: (body: { topic: SupportTopic; message: string }) =>
      sendJson<SupportMessage>('POST', '/api/admin-messages', body),
    onSuccess,
  });
}

/** POST /api/admin-messages/{id}/follow-up: the member writes again in a conversation (decision 0038). */
export function useFollowUp() {
  const onSuccess = useRefreshOnSuccess();
  return useMutation({
    mutationFn: ({ lastId, message }: { lastId: number; message: string }) =>
      sendJson<SupportMessage>('POST', `/api/admin-messages/${lastId}/follow-up`, { message }),
    onSuccess,
  });
}

/** PUT /api/admin-messages/read: the open conversation's answers are read. */
export function useMarkConversationRead(onRead: () => void) {
  return useMutation({
    mutationFn: (topic: SupportTopic) => sendJson<null>('PUT', '/api/admin-messages/read', { topic }),
    onSuccess: onRead,
  });
}
