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
  averageRating: z.number(),
  totalReviews: z.number().int(),
  /** An e-mail change waiting for confirmation from the previous address. */
  pendingEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
