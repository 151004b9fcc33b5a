import { getJson, sendJson } from '@client/lib/api';
import type { DataExportState } from '@common/schemas/data-exports';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** Cache key of the member's latest data export (decision 0097). */
export const dataExportKey = ['data-export'] as const;

/** GET /api/user/data-export; while a copy is being prepared, looked at again every 15 s. */
export const dataExportQueryOptions = queryOptions({
  queryKey: dataExportKey,
  queryFn: () => getJson<DataExportState>('/api/user/data-export'),
  staleTime: 0,
  refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? 15_000 : false),
});

/** POST /api/user/data-export: one pending request at a time (a second is refused with the reason). */
export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<DataExportState & { message: string }>('POST', '/api/user/data-export'),
    onSuccess: (answer) => queryClient.setQueryData(dataExportKey, { export: answer.export }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportKey }),
  });
}
