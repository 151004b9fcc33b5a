import { toast } from '@client/components/ui/toaster';
import { authRequest } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import { forgetKeptData, markPendingSignOut } from '@client/pwa/kept-data';
import { OFFLINE_TEXT } from '@common/texts/offline';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * Once the session is over: go home, then forget everything cached for the member who was signed in (the
 * tickets kept on the device too, decision 0098). The user query is set to null rather than refetched: the
 * answer is already known. `offline`: the server has not been told yet, and is told before anyone signs in.
 * Sign-out uses it, and so does closing the account (decision 0099), whose answer ends the session.
 */
export function useForgetSignedInMember() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (offline = false) => {
    // Leave the page first, synchronously: a signed-in-only page still on screen when the user
    // vanishes would send us to /login instead of home.
    await navigate('/', { flushSync: true });
    const signedOut = queryClient.getQueryData(currentUserQueryOptions.queryKey)?.id ?? null;
    queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== currentUserQueryOptions.queryKey[0],
    });
    // From here on the session reads as signed out until the server has been told (kept-data.ts).
    markPendingSignOut(offline ? signedOut : null);
    await forgetKeptData();
  };
}

/**
 * POST /api/logout, then forget the member and go home. Without a connection the sign-out still happens
 * on this device: what was kept is deleted at once, and the server is told when the connection is back
 * (before anyone can sign in).
 */
export function useSignOut() {
  const forgetMember = useForgetSignedInMember();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    const result = await authRequest('/api/logout');
    // Status 0: the request never reached the server.
    const offline = !result.ok && result.status === 0;
    if (!result.ok && !offline) {
      setPending(false);
      toast({ title: 'Sign out failed', description: result.message, variant: 'destructive' });
      return;
    }
    setPending(false);
    await forgetMember(offline);
    if (offline)
      toast({ title: OFFLINE_TEXT.signedOutOfflineTitle, description: OFFLINE_TEXT.signedOutOffline });
  }

  return { run: () => void run(), pending };
}
