import type { Config } from '../../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { type SandboxCardStore, SandboxPaymentProvider, type SandboxSessionStore } from './sandbox.js';
import { StripePaymentProvider } from './stripe.js';

/**
 * Stripe when STRIPE_SECRET_KEY is set; otherwise the sandbox (development and tests only: loadConfig refuses
 * production without the Stripe settings, and this refuses the sandbox in production once more).
 */
export function createPaymentProvider(
  config: Config,
  sandboxSessions: SandboxSessionStore,
  sandboxCards: SandboxCardStore,
): PaymentProvider {
  if (config.stripe) return new StripePaymentProvider(config.stripe);
  if (config.isProduction) throw new Error('The sandbox payment provider is never used in production.');
  return new SandboxPaymentProvider(config.appUrl, sandboxSessions, sandboxCards);
}
