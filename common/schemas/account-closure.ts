import { z } from 'zod';
import { RECOVERY_TEXT } from '../messages.js';
import { exactText, TEXT_LIMITS } from './text.js';

/** Closing my account (issue 47 item 5; decision 0099). */

/** What must finish before an account can close: money or tickets still in flight. */
export const CLOSURE_BLOCKER_KINDS = [
  'sale_awaiting_transfer',
  'sale_awaiting_confirmation',
  'payout_pending',
  'purchase_in_escrow',
  'listing_being_bought',
  'hold',
  'dispute_open',
  'admin_role',
] as const;
export type ClosureBlockerKind = (typeof CLOSURE_BLOCKER_KINDS)[number];

export const closureBlockerSchema = z.object({
  kind: z.enum(CLOSURE_BLOCKER_KINDS),
  /** The listing the blocker is about (null for the admin role). */
  ticketId: z.number().int().nullable(),
  /** What must finish, in words the member reads. */
  message: z.string(),
});
export type ClosureBlocker = z.infer<typeof closureBlockerSchema>;

/**
 * GET /api/user/closure: whether the account can close now, and if not what must finish first (at most
 * CLOSURE_BLOCKERS_SHOWN, with how many more there are).
 */
export const closureStateSchema = z.object({
  canClose: z.boolean(),
  blockers: z.array(closureBlockerSchema),
  moreBlockers: z.number().int(),
});
export type ClosureState = z.infer<typeof closureStateSchema>;

export const CLOSURE_BLOCKERS_SHOWN = 50;

/** POST /api/user/closure: the member signs in again with their password to close the account. */
export const closeAccountRequestSchema = z.object({
  password: exactText(TEXT_LIMITS.password, RECOVERY_TEXT.passwordMax).default(''),
});
export type CloseAccountRequest = z.infer<typeof closeAccountRequestSchema>;

export const closeAccountResponseSchema = z.object({ message: z.string() });

/**
 * A refusal of POST /api/user/closure while something is in flight: 409 with the message and the same
 * list as GET /api/user/closure.
 */
export const closureRefusedSchema = z.object({
  message: z.string(),
  blockers: z.array(closureBlockerSchema),
  moreBlockers: z.number().int(),
});
