import { getJson } from '@client/lib/api';
import { unlessLive } from '@client/lib/live';
import { type EventPageFilters, eventPageQueryKey } from '@common/event-page';
import type { EventPage } from '@common/schemas/event-page';
import { queryOptions } from '@tanstack/react-query';

/** Listings change as fans buy; a page open for a while asks again (the spec's marketplace timing). */
export const EVENT_PAGE_STALE_MS = 30_000;
export const EVENT_PAGE_REFETCH_MS = 60_000;

/** The query string of GET /api/events/:id for these filters. */
export function eventPageSearch(filters: EventPageFilters): string {
  const params = new URLSearchParams();
  if (filters.quantity !== undefined) params.set('quantity', String(filters.quantity));
  if (filters.section) params.set('section', filters.section);
  if (filters.delivery) params.set('delivery', filters.delivery);
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.verified) params.set('verified', filters.verified);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The page of event `id` with these filters (its first 50 listings, cheapest first). */
export function eventPageQueryOptions(id: number, filters: EventPageFilters) {
  return queryOptions({
    queryKey: eventPageQueryKey(id, filters),
    queryFn: () => getJson<EventPage>(`/api/events/${id}${eventPageSearch(filters)}`),
    staleTime: EVENT_PAGE_STALE_MS,
    refetchInterval: unlessLive(EVENT_PAGE_REFETCH_MS),
    placeholderData: (previous) => previous,
  });
}

/** The next listings after `cursor`, for "Show more". */
export function fetchMoreListings(id: number, filters: EventPageFilters, cursor: string): Promise<EventPage> {
  const search = eventPageSearch(filters);
  const separator = search ? '&' : '?';
  return getJson<EventPage>(`/api/events/${id}${search}${separator}cursor=${encodeURIComponent(cursor)}`);
}
