import { ApiError, authRequest, sendJson } from '@client/lib/api';
import {
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  type MessageResponse,
  type RegisterRequest,
  registerResponseSchema,
  type VerifyLoginRequest,
  verifyLoginResponseSchema,
} from '@common/schemas/auth';
import type { CurrentUser } from '@common/schemas/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

/** A refused login or registration carries the helper's message (spec 000 §7), still unmapped. */
export type AuthOutcome<T> = { ok: true; answer: T } | { ok: false; message: string };

/** POST /api/login through the spec's login/logout/register helper. */
export async function logIn(credentials: LoginRequest): Promise<AuthOutcome<LoginResponse>> {
  const result = await authRequest('/api/login', credentials);
  if (!result.ok) return { ok: false, message: result.message };
  return { ok: true, answer: loginResponseSchema.parse(result) };
}

export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/register through the same helper; answers 201 with the new account's e-mail. */
export async function register(request: RegisterRequest): Promise<AuthOutcome<RegisterResponse>> {
  const result = await authRequest('/api/register', request);
  if (!result.ok) return { ok: false, message: result.message };
  return { ok: true, answer: registerResponseSchema.parse(result) };
}

/**
 * A code the server refused carries its message (or none); a failure to reach the server
 * or to read its answer throws, which the screen reports as unexpected.
 */
export type VerifyLoginOutcome = { ok: true; user: CurrentUser } | { ok: false; message: string | undefined };

/** POST /api/verify-login: the second login factor. */
export async function verifyLogin(request: VerifyLoginRequest): Promise<VerifyLoginOutcome> {
  let answer: unknown;
  try {
    answer = await sendJson<unknown>('POST', '/api/verify-login', request);
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.serverMessage };
    throw error;
  }
  const parsed = verifyLoginResponseSchema.safeParse(answer);
  if (parsed.success) return { ok: true, user: parsed.data.user };
  const message = (answer as { message?: unknown } | null)?.message;
  return { ok: false, message: typeof message === 'string' ? message : undefined };
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

export function useVerifyLogin() {
  return useMutation({ mutationFn: verifyLogin });
}

/**
 * POST /api/verify-login/resend: a new code for the pending login (the browser sends the
 * pending-login cookie). 429 when asked again too soon or too often; 400/401 when the login expired.
 */
export function resendLoginCode(userId: number): Promise<MessageResponse> {
  return sendJson<MessageResponse>('POST', '/api/verify-login/resend', { userId });
}

export function useResendLoginCode() {
  return useMutation({ mutationFn: resendLoginCode });
}
