import { apiFetch, sendJson } from '@client/lib/api';
import { useMutation } from '@tanstack/react-query';

export interface SubscribeRequest {
  name: string;
  email: string;
}

/** POST /api/subscribe is sent without credentials (spec 001 §7): signing up needs no session. */
export async function subscribe(request: SubscribeRequest): Promise<{ message: string }> {
  const response = await apiFetch('/api/subscribe', {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(request),
  });
  return (await response.json()) as { message: string };
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}

/** POST /api/newsletter/confirm: the token of the e-mailed confirmation link (decision 0064). */
export function useConfirmSubscription() {
  return useMutation({
    mutationFn: (token: string) =>
      sendJson<{ message: string }>('POST', '/api/newsletter/confirm', { token }),
  });
}

/** POST /api/newsletter/unsubscribe?token=…: the signed token of a newsletter mail's unsubscribe link. */
export function useNewsletterUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      sendJson<{ message: string }>('POST', `/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`),
  });
}
