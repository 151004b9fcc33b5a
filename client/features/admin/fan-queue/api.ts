import { getJson, sendJson } from '@client/lib/api';
import type { AdminFanQueue } from '@common/schemas/fan-queue';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminKeys } from '../api';

/** The back office's calls for a show's Fan Queue (decision 0100): its line, a page at a time, and removal. */

export const ADMIN_FAN_QUEUE_PAGE_SIZE = 25;

export const adminFanQueueOptions = (eventId: number, page: number) =>
  queryOptions({
    // Under the dashboard's key: its Refresh, and any change an admin makes, load the line again.
    queryKey: [...adminKeys.all, 'fan-queue', eventId, page],
    queryFn: () =>
      getJson<AdminFanQueue>(
        `/api/admin/events/${eventId}/fan-queue?page=${page}&pageSize=${ADMIN_FAN_QUEUE_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
  });

export const removeFanQueueEntry = (entryId: number, reason: string) =>
  sendJson<{ message: string }>('DELETE', `/api/admin/fan-queue/${entryId}`, { reason });
