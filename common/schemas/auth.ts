import { z } from 'zod';
import { currentUserSchema } from './users.js';

/**
 * Request and response contracts of the sign-in, registration and recovery calls
 * (spec 000 §7, 001 §7). Request bodies are loose on purpose: the services check each
 * field in the spec's order and answer with the message the client maps (000 §8).
 */

export const loginRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
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
  userId: z.coerce.number().int().positive(),
  verificationCode: z.string().default(''),
  trustThisDevice: z.boolean().optional().default(false),
});
export type VerifyLoginRequest = z.input<typeof verifyLoginRequestSchema>;

/** POST /api/verify-login/resend: a new code for the pending login of this client (its cookie). */
export const resendLoginCodeRequestSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
export type ResendLoginCodeRequest = z.input<typeof resendLoginCodeRequestSchema>;

export const verifyLoginResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  user: currentUserSchema,
});

export const registerRequestSchema = z.object({
  username: z.string().default(''),
  password: z.string().default(''),
  firstName: z.string().default(''),
  lastName: z.string().default(''),
  email: z.string().default(''),
  phoneNumber: z.string().nullable().optional(),
  verificationPreference: z.string().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
});

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const emailRequestSchema = z.object({ email: z.string().default('') });

export const resetPasswordRequestSchema = z.object({ newPassword: z.string().default('') });

/** GET /api/reset-password/{token}: 200 while the link is live, else 400 'Invalid or expired reset token'. */
export const resetTokenStatusSchema = z.object({ valid: z.literal(true) });

export const tokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** PATCH /api/user: an e-mail change, or profile fields (spec 000 §7). */
export const updateUserRequestSchema = z
  .object({
    email: z.string().optional(),
    fullName: z.string().max(200).nullable().optional(),
    ticketmasterEmail: z.string().max(254).nullable().optional(),
    livenationEmail: z.string().max(254).nullable().optional(),
    axsEmail: z.string().max(254).nullable().optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const subscribeRequestSchema = z.object({
  name: z.string().default(''),
  email: z.string().default(''),
});
