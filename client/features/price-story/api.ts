import { getJson } from '@client/lib/api';
import { priceStoryQueryKey } from '@common/price-story';
import type { PriceStory } from '@common/schemas/price-story';
import { queryOptions } from '@tanstack/react-query';

/** Cache keys of the price story (decision 0061). */
export const priceStoryKeys = {
  all: ['price-story'] as const,
  event: priceStoryQueryKey,
};

/** GET /api/events/:id/price-story; prices move with every sale, so a visit reads it again after a minute. */
export function priceStoryQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: priceStoryKeys.event(eventId),
    queryFn: () => getJson<PriceStory>(`/api/events/${eventId}/price-story`),
    staleTime: 60_000,
  });
}
