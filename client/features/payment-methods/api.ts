import { ApiError, getJson, sendJson } from '@client/lib/api';
import type {
  PaymentMethod,
  PaymentMethodsResponse,
  SandboxSetupConfirm,
  SetupIntentResponse,
} from '@common/schemas/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Cache keys of saved cards. */
export const paymentMethodKeys = { all: ['payment-methods'] as const };

/** GET /api/payment-methods; read afresh each time a picker mounts. */
export const paymentMethodsQueryOptions = queryOptions({
  queryKey: paymentMethodKeys.all,
  queryFn: async (): Promise<PaymentMethod[]> =>
    (await getJson<PaymentMethodsResponse>('/api/payment-methods')).paymentMethods,
  staleTime: 0,
});

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}

export function createSetupIntent(): Promise<SetupIntentResponse> {
  return sendJson<SetupIntentResponse>('POST', '/api/payment-methods/setup-intent');
}

export async function confirmSandboxSetup(setupIntentId: string, card: SandboxSetupConfirm): Promise<string> {
  const answer = await sendJson<{ paymentMethodId?: string }>(
    'POST',
    `/api/sandbox/setup-intents/${encodeURIComponent(setupIntentId)}/confirm`,
    card,
  );
  return answer.paymentMethodId ?? '';
}

export function removePaymentMethod(id: string): Promise<{ ok: boolean; message: string }> {
  return sendJson('DELETE', `/api/payment-methods/${encodeURIComponent(id)}`);
}

/** The server's own words when it gave some, else `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
