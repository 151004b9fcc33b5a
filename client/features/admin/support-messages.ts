import { getJson, sendJson } from '@client/lib/api';
import { queryOptions } from '@tanstack/react-query';
import { adminKeys, adminListQueryOptions, type ListParams } from './api';

/** Spec 001 §3 'Support message'. */
export interface SupportMessage {
  id: number;
  userId: number;
  username: string;
  topic: string;
  message: string;
  resolved: boolean;
  isFromAdmin: boolean;
  createdAt: string;
}

/**
 * GET /api/admin/support-messages: every member's messages newest first, paged and searched by the server
 * (username, message, topic or id), as the other admin lists.
 */
export const supportMessagesQueryOptions = (params: ListParams) =>
  adminListQueryOptions<SupportMessage>('messages', '/api/admin/support-messages', 'rows', params);

/** The dashboard's pending figure: counted by the server, not read off a page. */
export const pendingSupportCountOptions = queryOptions({
  queryKey: [...adminKeys.all, 'messages', 'pending-count'],
  queryFn: async () =>
    (await getJson<{ pending: number }>('/api/admin/support-messages/pending-count')).pending,
});

/** POST /api/admin-messages/{id}/reply: the reply carries the admin's own id (spec 001 §6). */
export const replyToMessage = (id: number, message: string, adminId: number) =>
  sendJson<SupportMessage>('POST', `/api/admin-messages/${id}/reply`, { message, adminId });

/** PUT /api/admin-messages/{id}/status */
export const setMessageResolved = (id: number, resolved: boolean) =>
  sendJson<unknown>('PUT', `/api/admin-messages/${id}/status`, { resolved });
