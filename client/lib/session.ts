import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../common/schemas/users';
import { ApiError, getJson } from './api';

/** GET /api/user: a 401 means nobody is signed in (spec 000 §4 Session); other failures throw. */
export const currentUserQueryOptions = queryOptions({
  queryKey: ['user'] as const,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await getJson<CurrentUser>('/api/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
