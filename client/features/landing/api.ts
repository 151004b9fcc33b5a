import { apiFetch } from '@client/lib/api';
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
