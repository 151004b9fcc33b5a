import { ApiError, getJson, sendJson } from '@client/lib/api';
import type { ClosureBlocker, ClosureState } from '@common/schemas/account-closure';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';

/** Cache key of whether the member's account can close now (decision 0099). */
export const closureKey = ['account-closure'] as const;
/** The closing request, for the dialog to stay open while it is under way. */
export const closeAccountMutationKey = ['account-closure', 'close'] as const;

/** GET /api/user/closure: read afresh each time the profile opens, as sales move on meanwhile. */
export const closureQueryOptions = queryOptions({
  queryKey: closureKey,
  queryFn: () => getJson<ClosureState>('/api/user/closure'),
  staleTime: 0,
});

/** The 409 refusal's body: what is still in flight, as GET /api/user/closure lists it. */
function refusedState(error: unknown): ClosureState | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { blockers?: ClosureBlocker[]; moreBlockers?: number } | null;
  if (!body || !Array.isArray(body.blockers)) return null;
  return { canClose: false, blockers: body.blockers, moreBlockers: body.moreBlockers ?? 0 };
}

/**
 * POST /api/user/closure with the member's password. The server ends the session on success, and
 * `onClosed` forgets the member here: given to the mutation itself, it runs even if the dialog is gone by
 * then. A 409 carries the blockers, which replace the section's list at once.
 */
export function useCloseAccount(onClosed: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: closeAccountMutationKey,
    mutationFn: (password: string) =>
      sendJson<{ message: string }>('POST', '/api/user/closure', { password }),
    onSuccess: () => onClosed(),
    onError: (error) => {
      const refused = refusedState(error);
      if (refused) queryClient.setQueryData(closureKey, refused);
      else if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: closureKey });
    },
  });
}
