import { z } from 'zod';
import { PAYMENT_METHOD_TEXT } from '../messages.js';
import { exactText, singleLineText, TEXT_LIMITS } from './text.js';

/** Saved cards (spec 001 §3 'Payment method', §7 'Payment methods'; issue 24; decision 0044). */

/** A member keeps at most this many cards: the picker lists them all, and no list grows without bound. */
export const MAX_SAVED_CARDS = 10;

/** A saved card as the picker shows it. `id` is the provider's payment method id ('pm_…', 'sbx_pm_…'). */
export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** GET /api/payment-methods. */
export const paymentMethodsResponseSchema = z.object({
  ok: z.boolean(),
  paymentMethods: z.array(paymentMethodSchema),
  message: z.string(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/**
 * POST /api/payment-methods/setup-intent. `provider` says which card form the dialog shows: Stripe's own
 * Elements with `publishableKey`, or the sandbox's form that confirms through the sandbox route.
 */
export const setupIntentResponseSchema = z.object({
  clientSecret: z.string(),
  setupIntentId: z.string(),
  provider: z.enum(['stripe', 'sandbox']),
  publishableKey: z.string().nullable(),
});
export type SetupIntentResponse = z.infer<typeof setupIntentResponseSchema>;

/** POST /api/sandbox/setup-intents/{setupIntentId}/confirm (the local default only, never in production). */
export const sandboxSetupConfirmSchema = z.object({
  clientSecret: exactText(TEXT_LIMITS.token),
  /** Digits, spaces allowed as typed; checked by Luhn on the server. */
  cardNumber: singleLineText(32, PAYMENT_METHOD_TEXT.cardNumberInvalid),
  expMonth: z.number({ error: PAYMENT_METHOD_TEXT.expiryInvalid }).int().min(1).max(12),
  /** Four digits (2031) or two (31). */
  expYear: z.number({ error: PAYMENT_METHOD_TEXT.expiryInvalid }).int().min(0).max(9999),
  cvc: singleLineText(8, PAYMENT_METHOD_TEXT.cvcInvalid),
});
export type SandboxSetupConfirm = z.infer<typeof sandboxSetupConfirmSchema>;

/** DELETE /api/payment-methods/{id}: the provider's payment method id. */
export const paymentMethodParamsSchema = z.object({ id: exactText(TEXT_LIMITS.token) });

/** DELETE /api/payment-methods/{id}. */
export const paymentMethodRemovedSchema = z.object({ ok: z.boolean(), message: z.string() });

export const sandboxSetupIntentParamsSchema = z.object({ setupIntentId: exactText(TEXT_LIMITS.token) });

/** The sandbox's answer: the saved card's provider id, as Stripe.js's confirmCardSetup gives it. */
export const sandboxSetupConfirmResponseSchema = z.object({ paymentMethodId: z.string() });
