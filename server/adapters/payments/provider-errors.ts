import Stripe from 'stripe';
import { DomainError } from '../../errors.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * A payment provider's failure, in Encore's hands (decision 0079): the provider's own status and text stay
 * in the message, for the logs and the jobs' last error, and never reach a member. The error handler answers
 * it with 502 and a message of Encore's own.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(`payment provider ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'PaymentProviderError';
  }
}

/** Whether an error came from the payment provider (wrapped here, or a Stripe error that escaped a wrap). */
export function isPaymentProviderError(error: unknown): boolean {
  return error instanceof PaymentProviderError || error instanceof Stripe.errors.StripeError;
}

/**
 * The provider with every call's failure turned into a PaymentProviderError. Encore's own refusals (domain
 * errors, which the sandbox throws in Encore's words) pass as they are; parseWebhook is synchronous and its
 * signature error is read by the webhook route, so it is left alone.
 */
export function guardProviderErrors(provider: PaymentProvider): PaymentProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'parseWebhook') return value;
      return async (...args: unknown[]) => {
        try {
          return await value.apply(target, args);
        } catch (error) {
          if (error instanceof DomainError || error instanceof PaymentProviderError) throw error;
          throw new PaymentProviderError(String(property), error);
        }
      };
    },
  });
}
