import { QueryClient } from '@tanstack/react-query';

/** Spec 000 §7: no retry, no refetch on focus, no polling, never stale unless a call says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
