import { toast } from '@client/components/ui/toaster';
import { authRequest } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * POST /api/logout, then forget everything cached for the signed-out user and go home.
 * The user query is set to null rather than refetched: the answer is already known.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    const result = await authRequest('/api/logout');
    setPending(false);
    if (!result.ok) {
      toast({ title: 'Sign out failed', description: result.message, variant: 'destructive' });
      return;
    }
    // Leave the page first, synchronously: a signed-in-only page still on screen when the user
    // vanishes would send us to /login instead of home.
    await navigate('/', { flushSync: true });
    queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== currentUserQueryOptions.queryKey[0],
    });
  }

  return { run: () => void run(), pending };
}
