import { z } from 'zod';
import { TICKET_MAX_QUANTITY } from '../constants.js';
import { CHECKOUT_TEXT } from '../messages.js';
import { isWholeCents } from './numbers.js';
import { INT32_MAX, singleLineText } from './text.js';

/**
 * Holds, payment, purchase completion and the sandbox checkout (spec 000 §3 'Lock response', 'Payment
 * response', 'Purchase-verify response', §4, §7; spec 001 §7 'Purchase completion'; decision 0011).
 */

/** A hold lasts 5 minutes from the lock (or from the last extension). The spec leaves the length open. */
export const HOLD_DURATION_MS = 5 * 60_000;
/**
 * WCAG 2.2.1: the buyer may extend a hold this many times (each extension restarts the 5 minutes), per
 * ticket and HOLD_BUDGET_PERIOD_MS: releasing and locking again does not refill it (decision 0031).
 */
export const HOLD_MAX_EXTENSIONS = 10;
/** The period a member's extension and checkout budget on one ticket lasts (decision 0031). */
export const HOLD_BUDGET_PERIOD_MS = 24 * 60 * 60_000;
/** A member holds at most this many tickets at once (decision 0031); a real buyer needs one or two. */
export const MAX_LIVE_HOLDS = 3;
/** The details dialog offers more time once this little of the hold is left (at least 20 s, WCAG 2.2.1). */
export const HOLD_EXTEND_OFFER_MS = 60_000;

const SESSION_ID_MAX_LENGTH = 255;
/** Above any all-in total a listing can reach (100 tickets at the highest price). */
const MAX_AMOUNT_DOLLARS = 100_000_000;

/** POST /api/tickets/{id}/lock and POST /api/tickets/{id}/lock/extend. */
/**
 * POST /api/tickets/{id}/lock: `quantity`, when fewer than the listing has left, holds a part of it
 * (decision 0062); without it the whole listing is held.
 */
export const lockRequestSchema = z
  .object({
    quantity: z
      .number({ message: CHECKOUT_TEXT.quantityInvalid })
      .int(CHECKOUT_TEXT.quantityInvalid)
      .min(1, CHECKOUT_TEXT.quantityInvalid)
      .max(TICKET_MAX_QUANTITY, CHECKOUT_TEXT.quantityInvalid)
      .optional(),
  })
  .strict()
  .nullish();

export const lockResponseSchema = z.object({
  /** The ticket held: the listing, or the part of it carved for this buyer; pay for and release this one. */
  ticketId: z.number().int(),
  /** How many tickets are held. */
  quantity: z.number().int(),
  /** The ticket version the buyer holds; send it back with the payment. */
  version: z.number().int(),
  /** ISO timestamp: when the hold lapses unless extended. */
  expiresAt: z.string(),
  /** How many more times POST .../lock/extend will renew this hold. */
  extensionsLeft: z.number().int().min(0),
});
export type LockResponse = z.infer<typeof lockResponseSchema>;

/** POST /api/tickets/{id}/unlock: `released` is false when the caller held nothing (already lapsed, or never). */
export const unlockResponseSchema = z.object({ message: z.string(), released: z.boolean() });

/**
 * Why a ticket cannot be opened (a 409 of the lock): only `held` is the spec's "being viewed by another
 * user"; every other reason is the server's own, said as it is (issue 43).
 */
export const LOCK_CONFLICT_CODES = [
  'held',
  'editing',
  'sold',
  'withdrawn',
  'event-over',
  'quantity-not-offered',
  'only-left',
] as const;
export type LockConflictCode = (typeof LOCK_CONFLICT_CODES)[number];

/** 409 answers of lock, extend and payment: the message says why (held, being edited, sold, version). */
export const lockConflictSchema = z.object({
  message: z.string(),
  currentVersion: z.number().int().optional(),
  /** The lock's reason, as a code the client tells apart. */
  code: z.enum(LOCK_CONFLICT_CODES).optional(),
  /** The show's page, the way forward (when the listing belongs to a catalog event). */
  eventPath: z.string().optional(),
  /** A split conflict: the quantities the listing still sells. */
  quantities: z.array(z.number().int()).optional(),
});
export type LockConflict = z.infer<typeof lockConflictSchema>;

/** Dollars with at most 2 decimals, as the client shows them. */
const dollarAmount = z
  .number({ error: CHECKOUT_TEXT.amountInvalid })
  .min(0, { error: CHECKOUT_TEXT.amountInvalid })
  .max(MAX_AMOUNT_DOLLARS, { error: CHECKOUT_TEXT.amountInvalid })
  .refine(isWholeCents, {
    error: CHECKOUT_TEXT.amountInvalid,
  });
const version = z
  .number({ error: CHECKOUT_TEXT.versionInvalid })
  .int({ error: CHECKOUT_TEXT.versionInvalid })
  .min(1, { error: CHECKOUT_TEXT.versionInvalid })
  .max(INT32_MAX, { error: CHECKOUT_TEXT.versionInvalid });
const ticketId = z
  .number({ error: CHECKOUT_TEXT.ticketIdInvalid })
  .int({ error: CHECKOUT_TEXT.ticketIdInvalid })
  .min(1, { error: CHECKOUT_TEXT.ticketIdInvalid })
  .max(INT32_MAX, { error: CHECKOUT_TEXT.ticketIdInvalid });
const sessionId = z.string({ error: CHECKOUT_TEXT.missingSession }).pipe(
  singleLineText(SESSION_ID_MAX_LENGTH, CHECKOUT_TEXT.missingSession).refine((value) => value.length > 0, {
    error: CHECKOUT_TEXT.missingSession,
  }),
);

/**
 * POST /api/tickets/{id}/payment. `amount` is the all-in total in dollars (the card's 'What You Pay',
 * `buyerPays`); it must equal the server's price for `version`, the version the lock answered.
 */
export const paymentRequestSchema = z.object({ amount: dollarAmount, version });
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
/** The hosted checkout to send the browser to (Stripe Checkout, or /sandbox/checkout/{id}). */
export const paymentResponseSchema = z.object({ url: z.string() });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/**
 * Where a checkout session stands, as the purchase routes report it:
 * paid: the ticket is the caller's; pending: not paid yet (or the payment is still being confirmed);
 * expired: the checkout ended unpaid; refunded: paid but the ticket could not be delivered, money returned.
 */
export const PURCHASE_STATUSES = ['paid', 'pending', 'expired', 'refunded'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * POST /api/purchase/verify/{session_id}. The body is what the browser stored when the purchase began; the
 * server decides from the session alone, so every field may be missing.
 */
export const purchaseVerifyRequestSchema = z.object({
  ticketId: ticketId.optional(),
  amount: dollarAmount.optional(),
  version: version.optional(),
});
export type PurchaseVerifyRequest = z.infer<typeof purchaseVerifyRequestSchema>;
export const sessionIdParamsSchema = z.object({ session_id: sessionId });

/**
 * The answer of verify, POST /api/purchase/complete and POST /api/complete-purchase-safari. A session that
 * is unknown or belongs to someone else is a 404 `{message: 'No payment session found'}` instead.
 */
export const purchaseResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  ticketId: z.number().int(),
  /** What the buyer's dialog names: the show, how many tickets and the all-in amount in dollars. */
  eventName: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
});
export type PurchaseResult = z.infer<typeof purchaseResultSchema>;

/** POST /api/purchase/complete (spec 001 §7). */
export const purchaseCompleteRequestSchema = z.object({
  sessionId,
  ticketId: ticketId.optional(),
});
/** POST /api/complete-purchase-safari?session_id= (no body). */
export const safariCompleteQuerySchema = z.object({ session_id: sessionId });

/** GET /api/sandbox/checkout/{sessionId}: the sandbox's hosted page shows this order. */
export const SANDBOX_SESSION_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type SandboxSessionStatus = (typeof SANDBOX_SESSION_STATUSES)[number];
export const sandboxSessionParamsSchema = z.object({ sessionId });
export const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  status: z.enum(SANDBOX_SESSION_STATUSES),
  eventName: z.string(),
  /** yyyy-MM-dd */
  eventDate: z.string(),
  quantity: z.number().int(),
  /** All-in total in dollars. */
  amount: z.number(),
  ticketId: z.number().int(),
  /** Where 'Cancel' goes (also answered by the cancel call). */
  cancelUrl: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

/** Test card numbers of the sandbox (the same as Stripe's test mode). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authenticate: '4000002500003155',
} as const;

/** Card fields arrive as typed: text or numbers, bounded here and checked one by one by the server. */
const cardField = (max: number) =>
  z.union([singleLineText(max, CHECKOUT_TEXT.cardFieldInvalid), z.number().int()], {
    error: CHECKOUT_TEXT.cardFieldInvalid,
  });

/** POST /api/sandbox/checkout/{sessionId}/pay. Spaces are allowed in the card number. */
export const sandboxPayRequestSchema = z.object({
  cardNumber: singleLineText(40, CHECKOUT_TEXT.cardNumberInvalid),
  expMonth: cardField(4),
  expYear: cardField(4),
  cvc: cardField(8),
});
export type SandboxPayRequest = z.infer<typeof sandboxPayRequestSchema>;

/**
 * The pay call answers `{redirectUrl}` when paid (go there) or `{requiresAuthentication: true}` when the
 * card asks for 3-D Secure (show the authenticate step). A decline is a 402 `{message}`, a bad card a 400.
 */
export const sandboxPayResponseSchema = z.union([
  z.object({ redirectUrl: z.string() }),
  z.object({ requiresAuthentication: z.literal(true) }),
]);
export type SandboxPayResponse = z.infer<typeof sandboxPayResponseSchema>;

/** POST /api/sandbox/checkout/{sessionId}/authenticate. */
export const sandboxAuthenticateRequestSchema = z.object({
  approve: z.boolean({ error: CHECKOUT_TEXT.approveRequired }),
});
/** Authenticate (approved) and cancel answer where to go next. */
export const sandboxRedirectSchema = z.object({ redirectUrl: z.string() });
export type SandboxRedirect = z.infer<typeof sandboxRedirectSchema>;
