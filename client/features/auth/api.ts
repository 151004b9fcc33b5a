import { ApiError, authRequest, sendJson } from '@client/lib/api';
import type {
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  registerResponseSchema,
  VerifyLoginRequest,
} from '@common/schemas/auth';
import type { CurrentUser } from '@common/schemas/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

/**
 * The answers' schemas (and zod) are read only once an answer comes: the screen loads them once it has
 * painted, and a request made before then loads them beside itself.
 */
export const loadAnswerSchemas = () => import('@common/schemas/auth');

/** A refused login or registration carries the helper's message (spec 000 §7), still unmapped. */
export type AuthOutcome<T> =
  | { ok: true; answer: T }
  | { ok: false; message: string; supportEmail?: string | undefined };

/** POST /api/login through the spec's login/logout/register helper. */
export async function logIn(credentials: LoginRequest): Promise<AuthOutcome<LoginResponse>> {
  const [result, { loginResponseSchema }] = await Promise.all([
    authRequest('/api/login', credentials),
    loadAnswerSchemas(),
  ]);
  if (!result.ok) return { ok: false, message: result.message, supportEmail: result.supportEmail };
  return { ok: true, answer: loginResponseSchema.parse(result) };
}

export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /api/register through the same helper; answers 201 with the new account's e-mail. */
export async function register(request: RegisterRequest): Promise<AuthOutcome<RegisterResponse>> {
  const [result, { registerResponseSchema }] = await Promise.all([
    authRequest('/api/register', request),
    loadAnswerSchemas(),
  ]);
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
  const [answer, { verifyLoginResponseSchema }] = await Promise.all([
    sendJson<unknown>('POST', '/api/verify-login', request).catch((error: unknown) =>
      error instanceof ApiError ? error : Promise.reject(error),
    ),
    loadAnswerSchemas(),
  ]);
  if (answer instanceof ApiError) return { ok: false, message: answer.serverMessage };
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
