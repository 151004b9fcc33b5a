import { getJson } from '@client/lib/api';
import type { ConcertSearchResult } from '@common/schemas/events';
import type { UpcomingShow, UpcomingShows } from '@common/schemas/upcoming-shows';
import { UPCOMING_SHOWS_QUERY_KEY } from '@common/show-finder';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /api/concerts/upcoming. A visitor's / and /home carry the answer in the page (decision 0092), so
 * the app takes the list over as the server rendered it; after a minute it is read again.
 */
export const upcomingShowsQueryOptions = queryOptions({
  queryKey: UPCOMING_SHOWS_QUERY_KEY,
  queryFn: async (): Promise<UpcomingShow[]> =>
    (await getJson<UpcomingShows>('/api/concerts/upcoming')).shows,
  staleTime: 60_000,
});

/** GET /api/concerts/search for the landing page's search box; a failure is shown, not hidden. */
export function showSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['concerts', 'show-finder', query] as const,
    queryFn: () => getJson<ConcertSearchResult[]>(`/api/concerts/search?query=${encodeURIComponent(query)}`),
    staleTime: 5_000,
    retry: false,
  });
}
