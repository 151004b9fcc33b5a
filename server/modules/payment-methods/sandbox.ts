import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import type { SandboxSetupConfirm } from '../../../common/schemas/payment-methods.js';
import { paymentCustomers, sandboxSetupIntents, savedCards } from '../../db/schema/index.js';
import { Conflict, Invalid, NotFound } from '../../errors.js';
import { sameHash, sha256 } from '../../lib/tokens.js';
import { PaymentRefused } from '../checkout/sandbox.js';
import type { PaymentMethodDeps } from './service.js';

/**
 * The sandbox's fingerprint of a card number, as Stripe's: the same number gives the same fingerprint on any
 * customer, and the number cannot be read back from it. The sandbox only ever sees test cards.
 */
export function sandboxFingerprint(number: string): string {
  return sha256(`sandbox-card:${number}`).slice(0, 16);
}

/** Stripe's test card that is declined when it is saved (decision 0044). */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

/** The card brand by its first digits, in Stripe's words. */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^(30[0-5]|36|38|39)/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

interface CheckedCard {
  number: string;
  brand: string;
  expMonth: number;
  expYear: number;
}

/** The checks Stripe Elements makes, in its order and with its messages; each failure names its field. */
export function checkCard(request: SandboxSetupConfirm, now: Date): CheckedCard {
  const number = request.cardNumber.replace(/[\s-]+/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    throw new Invalid(PAYMENT_METHOD_TEXT.cardNumberInvalid, {
      cardNumber: PAYMENT_METHOD_TEXT.cardNumberInvalid,
    });
  const expMonth = request.expMonth;
  const expYear = request.expYear < 100 ? 2000 + request.expYear : request.expYear;
  const thisYear = now.getUTCFullYear();
  if (expYear < thisYear)
    throw new Invalid(PAYMENT_METHOD_TEXT.expiryPast, { expYear: PAYMENT_METHOD_TEXT.expiryPast });
  if (expYear > thisYear + 50)
    throw new Invalid(PAYMENT_METHOD_TEXT.expiryInvalid, { expYear: PAYMENT_METHOD_TEXT.expiryInvalid });
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1)
    throw new Invalid(PAYMENT_METHOD_TEXT.expiryDatePast, { expMonth: PAYMENT_METHOD_TEXT.expiryDatePast });
  const brand = brandOf(number);
  if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(request.cvc))
    throw new Invalid(PAYMENT_METHOD_TEXT.cvcInvalid, { cvc: PAYMENT_METHOD_TEXT.cvcInvalid });
  return { number, brand, expMonth, expYear };
}

/**
 * POST /api/sandbox/setup-intents/{setupIntentId}/confirm: the sandbox's card form saves a card, as
 * Stripe.js's confirmCardSetup does. Only the caller's intent, with its client secret, confirms; an unknown
 * intent, another user's or a wrong secret reads the same. Only brand, last four digits and expiry are kept;
 * the saved card's id carries the last four, which the sandbox's charges read their behaviour from.
 */
export async function confirmSandboxSetup(
  deps: PaymentMethodDeps,
  userId: number,
  setupIntentId: string,
  request: SandboxSetupConfirm,
): Promise<{ paymentMethodId: string }> {
  const [intent] = await deps.db
    .select({
      customerId: sandboxSetupIntents.customerId,
      clientSecretHash: sandboxSetupIntents.clientSecretHash,
      confirmedAt: sandboxSetupIntents.confirmedAt,
    })
    .from(sandboxSetupIntents)
    .innerJoin(paymentCustomers, eq(paymentCustomers.customerId, sandboxSetupIntents.customerId))
    .where(and(eq(sandboxSetupIntents.id, setupIntentId), eq(paymentCustomers.userId, userId)))
    .limit(1);
  if (!intent || !sameHash(intent.clientSecretHash, sha256(request.clientSecret)))
    throw new NotFound(PAYMENT_METHOD_TEXT.setupIntentNotFound);
  if (intent.confirmedAt) throw new Conflict(PAYMENT_METHOD_TEXT.setupIntentUsed);
  const card = checkCard(request, deps.clock.now());
  if (card.number === SANDBOX_DECLINED_CARD) throw new PaymentRefused(PAYMENT_METHOD_TEXT.cardDeclined);
  const last4 = card.number.slice(-4);
  const paymentMethodId = `sbx_pm_${last4}_${randomBytes(12).toString('hex')}`;
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    // One card per intent, however many confirmations race.
    const [confirmed] = await tx
      .update(sandboxSetupIntents)
      .set({ confirmedAt: now, paymentMethodId })
      .where(and(eq(sandboxSetupIntents.id, setupIntentId), isNull(sandboxSetupIntents.confirmedAt)))
      .returning({ id: sandboxSetupIntents.id });
    if (!confirmed) throw new Conflict(PAYMENT_METHOD_TEXT.setupIntentUsed);
    await tx.insert(savedCards).values({
      id: paymentMethodId,
      userId,
      provider: 'sandbox',
      customerId: intent.customerId,
      brand: card.brand,
      last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: sandboxFingerprint(card.number),
      createdAt: now,
    });
  });
  return { paymentMethodId };
}
