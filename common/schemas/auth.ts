import { z } from 'zod';
import { RECOVERY_TEXT } from '../messages.js';
import { emailText, exactText, positiveInt32, singleLineText, TEXT_LIMITS } from './text.js';
import { currentUserSchema } from './users.js';

/**
 * Request and response contracts of the sign-in, registration and recovery calls
 * (spec 000 §7, 001 §7). Request bodies are loose on purpose: the services check each
 * field in the spec's order and answer with the message the client maps (000 §8).
 */

const password = () => exactText(TEXT_LIMITS.password, RECOVERY_TEXT.passwordMax);

export const loginRequestSchema = z.object({
  username: singleLineText(TEXT_LIMITS.username).default(''),
  password: password().default(''),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Signed in at once (trusted device), or a 6-digit code was e-mailed. */
export const loginResponseSchema = z.discriminatedUnion('requiresVerification', [
  z.object({ requiresVerification: z.literal(false), message: z.string(), user: currentUserSchema }),
  z.object({
    requiresVerification: z.literal(true),
    message: z.string(),
    userId: z.number().int(),
    /** Whether the screen may offer 'Trust this device for 30 days'. */
    canTrustDevice: z.boolean(),
  }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyLoginRequestSchema = z.object({
  userId: positiveInt32(),
  verificationCode: singleLineText(TEXT_LIMITS.verificationCode).default(''),
  trustThisDevice: z.boolean().optional().default(false),
});
export type VerifyLoginRequest = z.input<typeof verifyLoginRequestSchema>;

/**
 * POST /api/logout takes no body, except from a sign-out made offline and finished later (decision 0103):
 * it names the member who signed out, and only that member's session ends, never one someone else has
 * started on the device since.
 */
export const logoutRequestSchema = z.object({ memberId: positiveInt32() }).nullish();

/** POST /api/verify-login/resend: a new code for the pending login of this client (its cookie). */
export const resendLoginCodeRequestSchema = z.object({ userId: positiveInt32() });
export type ResendLoginCodeRequest = z.input<typeof resendLoginCodeRequestSchema>;

export const verifyLoginResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  user: currentUserSchema,
});

export const registerRequestSchema = z.object({
  username: singleLineText(TEXT_LIMITS.username).default(''),
  password: password().default(''),
  firstName: singleLineText(TEXT_LIMITS.personName).default(''),
  lastName: singleLineText(TEXT_LIMITS.personName).default(''),
  email: emailText().default(''),
  phoneNumber: singleLineText(TEXT_LIMITS.phone).nullable().optional(),
  verificationPreference: singleLineText(TEXT_LIMITS.shortText).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
});

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const emailRequestSchema = z.object({ email: emailText().default('') });

export const resetPasswordRequestSchema = z.object({ newPassword: password().default('') });

/** GET /api/reset-password/{token}: 200 while the link is live, else 400 'Invalid or expired reset token'. */
export const resetTokenStatusSchema = z.object({ valid: z.literal(true) });

export const tokenParamsSchema = z.object({ token: singleLineText(TEXT_LIMITS.token).min(1) });

/** PATCH /api/user: an e-mail change, or profile fields (spec 000 §7). */
/** PATCH /api/user: only the fields a user may change; anything else (role, rating, id...) is refused. */
export const updateUserRequestSchema = z
  .object({
    email: emailText().optional(),
    firstName: singleLineText(TEXT_LIMITS.personName).optional(),
    lastName: singleLineText(TEXT_LIMITS.personName).optional(),
    fullName: singleLineText(TEXT_LIMITS.fullName).nullable().optional(),
    ticketmasterEmail: emailText().nullable().optional(),
    livenationEmail: emailText().nullable().optional(),
    axsEmail: emailText().nullable().optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const subscribeRequestSchema = z.object({
  name: singleLineText(TEXT_LIMITS.personName).default(''),
  email: emailText().default(''),
});
