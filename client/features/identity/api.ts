import { getJson, sendJson } from '@client/lib/api';
import type { IdentityResponse, SandboxOnboardingInput } from '@common/schemas/identity';
import { queryOptions } from '@tanstack/react-query';

/** Verified sellers (issue 44 item 4, decision 0086): the member's verification and the sandbox's page. */

export function identityQueryOptions() {
  return queryOptions({
    queryKey: ['identity'] as const,
    queryFn: () => getJson<IdentityResponse>('/api/identity'),
    staleTime: 0,
  });
}

/** The provider's onboarding page (Stripe's, or the sandbox's) for the signed-in seller. */
export function startVerification(): Promise<{ url: string }> {
  return sendJson<{ url: string }>('POST', '/api/identity/verification');
}

const sandboxBase = (accountId: string) => `/api/sandbox/onboarding/${encodeURIComponent(accountId)}`;

export function sandboxOnboardingQueryOptions(accountId: string) {
  return queryOptions({
    queryKey: ['sandbox-onboarding', accountId] as const,
    queryFn: () => getJson<{ firstName: string; lastName: string }>(sandboxBase(accountId)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function submitSandboxOnboarding(
  accountId: string,
  input: SandboxOnboardingInput,
): Promise<{ redirectUrl: string; message: string }> {
  return sendJson('POST', sandboxBase(accountId), input);
}

/** Sends the browser on (its own object so tests can watch it). */
export const browser = { assign: (url: string) => window.location.assign(url) };
