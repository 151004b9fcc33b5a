import { getJson, sendJson } from '@client/lib/api';
import type { AdminPage } from '@common/schemas/admin';

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

export interface SupportMessagesParams {
  page: number;
  pageSize: number;
  search?: string;
}

/** The spec's matching rule for messages: username, message, topic contain the text, or the id is it. */
export function messageMatches(message: SupportMessage, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (text === '') return true;
  if (/^\d+$/.test(text) && message.id === Number(text)) return true;
  return [message.username, message.message, message.topic].some((field) =>
    field.toLowerCase().includes(text),
  );
}

/**
 * GET /api/admin-messages (spec 001 §7), the one place that knows the support API's answer: a page
 * `{ messages, page, pageSize, total }` is used as it is; a bare list (the spec's reading) is searched and
 * paged here with the same rules.
 */
export async function fetchSupportMessages(
  params: SupportMessagesParams,
): Promise<AdminPage<SupportMessage>> {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.search) query.set('search', params.search);
  const body = await getJson<
    SupportMessage[] | { messages: SupportMessage[]; page: number; pageSize: number; total: number }
  >(`/api/admin-messages?${query}`);
  if (!Array.isArray(body))
    return {
      rows: body.messages,
      page: body.page,
      pageSize: body.pageSize,
      total: body.total,
      totalIsEstimate: false,
    };
  const matching = body.filter((message) => messageMatches(message, params.search ?? ''));
  const start = (params.page - 1) * params.pageSize;
  return {
    rows: matching.slice(start, start + params.pageSize),
    page: params.page,
    pageSize: params.pageSize,
    total: matching.length,
    totalIsEstimate: false,
  };
}

/** POST /api/admin-messages/{id}/reply: the reply carries the admin's own id (spec 001 §6). */
export const replyToMessage = (id: number, message: string, adminId: number) =>
  sendJson<SupportMessage>('POST', `/api/admin-messages/${id}/reply`, { message, adminId });

/** PUT /api/admin-messages/{id}/status */
export const setMessageResolved = (id: number, resolved: boolean) =>
  sendJson<unknown>('PUT', `/api/admin-messages/${id}/status`, { resolved });
