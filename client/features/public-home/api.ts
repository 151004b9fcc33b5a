import { getJson } from '@client/lib/api';
import { TICKET_PAGE_SIZE_DEFAULT } from '@common/constants';
import type { PublicTicketList } from '@common/schemas/marketplace';
import { infiniteQueryOptions } from '@tanstack/react-query';

/** The visitor listing: GET /api/tickets without a session, paged; stale after 30 s, refetched every 60 s. */
export const publicListingsQueryOptions = infiniteQueryOptions({
  queryKey: ['tickets', 'public'] as const,
  queryFn: ({ pageParam }) => {
    const params = new URLSearchParams({ sortBy: 'date', limit: String(TICKET_PAGE_SIZE_DEFAULT) });
    if (pageParam) params.set('cursor', pageParam);
    return getJson<PublicTicketList>(`/api/tickets?${params}`);
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  staleTime: 30_000,
  refetchInterval: 60_000,
  refetchIntervalInBackground: true,
});
