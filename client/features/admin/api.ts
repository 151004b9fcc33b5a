import { getJson, sendJson } from '@client/lib/api';
import type { Role } from '@common/constants';
import type {
  AdminPage,
  AdminReview,
  AdminStats,
  AdminTicket,
  AdminTicketStatus,
  AdminTransaction,
  AdminTransactionDetail,
  AdminUser,
} from '@common/schemas/admin';
import type {
  AdminEvent,
  AdminRefundResponse,
  AuditLogResponse,
  Dispute,
  DisputesResponse,
} from '@common/schemas/admin-money';
import { keepPreviousData, type QueryKey, queryOptions } from '@tanstack/react-query';

/** The admin dashboard's calls (spec 001 §7, decision 0036) and their cache keys. */

export const adminKeys = {
  all: ['admin'] as const,
  list: (kind: string, params: ListParams): QueryKey => ['admin', kind, 'list', params],
  detail: (kind: string, id: number): QueryKey => ['admin', kind, 'detail', id],
  stats: ['admin', 'stats'] as const,
};

/** What a list page asks for; every value goes to the query string as it is. */
export type ListParams = Record<string, string | number | undefined>;

export function queryString(params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/**
 * A paged list of the dashboard: `path` answers `{ [rowsKey]: Row[], page, pageSize, total, totalIsEstimate }`
 * (`totalIsEstimate`: the list has at least `total` rows, shown as '1,000+').
 */
export function adminListQueryOptions<Row>(kind: string, path: string, rowsKey: string, params: ListParams) {
  return queryOptions({
    queryKey: adminKeys.list(kind, params),
    queryFn: async (): Promise<AdminPage<Row>> => {
      const body = await getJson<Record<string, unknown> & Omit<AdminPage<Row>, 'rows'>>(
        `${path}?${queryString(params)}`,
      );
      return {
        rows: body[rowsKey] as Row[],
        page: body.page,
        pageSize: body.pageSize,
        total: body.total,
        totalIsEstimate: body.totalIsEstimate === true,
      };
    },
    placeholderData: keepPreviousData,
  });
}

export const adminStatsQueryOptions = queryOptions({
  queryKey: adminKeys.stats,
  queryFn: () => getJson<AdminStats>('/api/admin/stats'),
});

export const userDetailOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.detail('users', id),
    queryFn: () => getJson<AdminUser>(`/api/admin/users/${id}`),
  });
export const ticketDetailOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.detail('tickets', id),
    queryFn: () => getJson<AdminTicket>(`/api/admin/tickets/${id}`),
  });
export const transactionDetailOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.detail('transactions', id),
    queryFn: () => getJson<AdminTransactionDetail>(`/api/admin/transactions/${id}`),
  });
export const reviewDetailOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.detail('reviews', id),
    queryFn: () => getJson<AdminReview>(`/api/admin/reviews/${id}`),
  });

export const updateUserRole = (id: number, role: Role) =>
  sendJson<{ message: string; user: AdminUser }>('PUT', `/api/admin/users/${id}/role`, { role });
export const updateUserSuspension = (id: number, suspended: boolean, reason: string) =>
  sendJson<{ message: string; user: AdminUser }>('PUT', `/api/admin/users/${id}/suspension`, {
    suspended,
    reason,
  });
export const updateReviewVisibility = (id: number, hidden: boolean, reason: string) =>
  sendJson<{ message: string; review: AdminReview }>('PUT', `/api/admin/reviews/${id}/visibility`, {
    hidden,
    reason,
  });
export const updateTicketStatus = (id: number, status: AdminTicketStatus, version: number, reason: string) =>
  sendJson<{ message: string; ticket: AdminTicket }>('PUT', `/api/admin/tickets/${id}`, {
    status,
    version,
    reason,
  });
export const refundTransaction = (id: number, reason: string) =>
  sendJson<AdminRefundResponse>('POST', `/api/admin/transactions/${id}/refund`, { reason });
export const resolveDispute = (orderId: number, resolution: 'refund' | 'release', reason: string) =>
  sendJson<{ message: string; dispute: Dispute }>('POST', `/api/admin/disputes/${orderId}/resolve`, {
    resolution,
    reason,
  });
export const cancelEvent = (id: number, reason: string) =>
  sendJson<{ message: string; event: AdminEvent }>('POST', `/api/admin/events/${id}/cancel`, { reason });
export const postponeEvent = (id: number, newDate: string) =>
  sendJson<{ message: string; event: AdminEvent }>('POST', `/api/admin/events/${id}/postpone`, { newDate });

export type { AdminTransaction, AuditLogResponse, DisputesResponse };

/** The admin search boxes ask for their list once typing has paused this long, not per key. */
export const ADMIN_SEARCH_PAUSE_MS = 300;
