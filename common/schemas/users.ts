import { z } from 'zod';
import { ROLES } from '../constants.js';

/** GET /api/user and PATCH /api/user answer with this (spec 000 §3 User). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  verificationPreference: z.string(),
  fullName: z.string().nullable(),
  ticketmasterEmail: z.string().nullable(),
  livenationEmail: z.string().nullable(),
  axsEmail: z.string().nullable(),
  /** From submitted reviews only; null while the user has none (decision 0016). */
  averageRating: z.number().nullable(),
  totalReviews: z.number().int(),
  /** An e-mail change waiting for confirmation from the previous address. */
  pendingEmail: z.string().nullable(),
  /** The member finished or skipped the welcome tour, on any browser. */
  tourCompleted: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * GET /api/session: the signed-in user, or null for a visitor. The app asks this on every load, so a
 * visitor gets a 200 rather than /api/user's 401, which a browser reports as a console error.
 */
export const sessionResponseSchema = z.object({ user: currentUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
