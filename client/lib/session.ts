import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser, SessionResponse } from '../../common/schemas/users';
import { finishPendingSignOut, hasPendingSignOut } from '../pwa/kept-data';
import { getJson } from './api';

/**
 * GET /api/session: the signed-in user, or null for a visitor (spec 000 §4 Session). It answers a
 * visitor with 200, where GET /api/user's 401 would show as an error in the browser console. After a
 * sign-out made offline, the server is told first; until it has been, nobody is signed in here (0098).
 */
export const currentUserQueryOptions = queryOptions({
  queryKey: ['user'] as const,
  queryFn: async (): Promise<CurrentUser | null> => {
    if (hasPendingSignOut() && !(await finishPendingSignOut())) return null;
    return (await getJson<SessionResponse>('/api/session')).user;
  },
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}
