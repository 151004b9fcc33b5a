import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';

/** The reference recorded when the provider had already returned everything (refunds made at its dashboard). */
export const REFUNDED_AT_PROVIDER = 'refunded at the provider';

export interface PaymentToReturn {
  sessionId: string;
  paymentReference: string;
  amountCents: number;
}

/**
 * Returns to the buyer what is left of a payment at the provider (decision 0050). The provider is asked
 * first how much of it has been refunded so far, by Encore or at its own dashboard, so a refund made there
 * meanwhile is never asked for twice (which the provider would refuse, again and again). The idempotency
 * key names the amount when it is not the whole payment: a retry repeats the same refund, and a smaller
 * rest after another refund is a refund of its own. Answers the refund's reference, or
 * REFUNDED_AT_PROVIDER when nothing was left to return.
 */
export async function refundRestAtProvider(
  payments: PaymentProvider,
  payment: PaymentToReturn,
  keyPrefix: string,
): Promise<string> {
  const { refundedCents } = await payments.retrievePaymentRefunds(payment.paymentReference);
  const rest = payment.amountCents - refundedCents;
  if (rest <= 0) return REFUNDED_AT_PROVIDER;
  return payments.refund({
    sessionId: payment.sessionId,
    paymentReference: payment.paymentReference,
    amountCents: rest,
    idempotencyKey: rest === payment.amountCents ? keyPrefix : `${keyPrefix}-${rest}`,
  });
}

/**
 * What is left of a sale's payment, returned to the buyer (a refund from escrow, the transfer deadline):
 * keyed escrow-refund-{orderId}, so a retry after a failure or a crash repeats the same refund.
 */
export function refundRestOfSale(
  payments: PaymentProvider,
  sale: { orderId: number; checkoutSessionId: string; paymentReference: string | null; amountCents: number },
): Promise<string> {
  if (!sale.paymentReference) throw new Error(`order ${sale.orderId} has no payment to refund`);
  return refundRestAtProvider(
    payments,
    {
      sessionId: sale.checkoutSessionId,
      paymentReference: sale.paymentReference,
      amountCents: sale.amountCents,
    },
    `escrow-refund-${sale.orderId}`,
  );
}
