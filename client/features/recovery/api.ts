import { ApiError, getJson, sendJson } from '@client/lib/api';
import { RECOVERY_TEXT } from '@common/messages';
import type { MessageResponse } from '@common/schemas/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

/** GET /api/verify-email/{token}: one request per link, kept for the session (the token is spent). */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token] as const,
    queryFn: () => getJson<MessageResponse>(`/api/verify-email/${encodeURIComponent(token)}`),
    gcTime: Number.POSITIVE_INFINITY,
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}

/**
 * GET /api/reset-password/{token}: whether the link is still live, asked when the page opens
 * (200 { valid: true }; 400 with the reason otherwise). Never cached: a link can be spent at any time.
 */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-password', token] as const,
    queryFn: () => getJson<{ valid: boolean }>(`/api/reset-password/${encodeURIComponent(token)}`),
    staleTime: 0,
    gcTime: 0,
  });

/** The message to show when the link check says the link is dead, or null while it may still work. */
export function deadResetLinkText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.serverMessage || RECOVERY_TEXT.resetInvalidToken;
}

export function useResetTokenCheck(token: string) {
  return useQuery(resetTokenQueryOptions(token));
}

/** POST /api/reset-password/{token} with the new password. */
export function resetPassword(token: string, newPassword: string): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', `/api/reset-password/${encodeURIComponent(token)}`, {
    newPassword,
  });
}

export function useResetPassword(token: string) {
  return useMutation({ mutationFn: (newPassword: string) => resetPassword(token, newPassword) });
}

/** POST /api/request-password-reset: the answer is neutral whether or not the address has an account. */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/request-password-reset', { email });
}

/** POST /api/request-username-recovery: neutral like the reset request. */
export function requestUsernameRecovery(email: string): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/request-username-recovery', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useRequestUsernameRecovery() {
  return useMutation({ mutationFn: requestUsernameRecovery });
}

/**
 * The text to show for a failed recovery call: the server's own message for a refused
 * request, the generic text for a server failure or no answer at all (spec 001 §8).
 */
export function recoveryFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.serverMessage) return error.serverMessage;
  return RECOVERY_TEXT.genericFailure;
}
