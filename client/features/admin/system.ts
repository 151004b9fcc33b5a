import { getJson, sendJson } from '@client/lib/api';
import type { SystemJob, SystemSummary } from '@common/schemas/admin-system';
import { queryOptions } from '@tanstack/react-query';
import { adminKeys } from './api';

/** The System tab's calls (decision 0068): under adminKeys.all, so Refresh Data and a retry reload them. */
export const systemSummaryOptions = queryOptions({
  queryKey: [...adminKeys.all, 'system'] as const,
  queryFn: () => getJson<SystemSummary>('/api/admin/system'),
});

export const retryJob = (id: number) =>
  sendJson<{ message: string; job: SystemJob }>('POST', `/api/admin/system/jobs/${id}/retry`);
