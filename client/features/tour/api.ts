import { sendJson } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import type { CurrentUser } from '@common/schemas/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The finished (or skipped) tour is remembered for the member on the server, so another browser does not
 * offer it again; the session then carries `tourCompleted`. A failure only means this browser's own flag
 * is all there is until the next finish, so it is not reported.
 */
export function useRememberTourCompleted(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    sendJson<CurrentUser>('POST', '/api/user/tour-completed')
      .then((user) => queryClient.setQueryData(currentUserQueryOptions.queryKey, user))
      .catch(() => undefined);
  }, [queryClient]);
}
