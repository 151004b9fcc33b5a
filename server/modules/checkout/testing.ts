import { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { type recordedStripe, TEST_WEBHOOK_SECRET } from '../../adapters/payments/testing.js';
import type { Clock } from '../../lib/clock.js';
import { type Backend, startTestApp } from '../../test/harness.js';

/** The app configured for Stripe, its API answered by `stripe`'s recorded responses, on `clock`. */
export function startStripeTestApp(
  backend: Backend,
  stripe: ReturnType<typeof recordedStripe>,
  clock: Clock,
) {
  const payments = new StripePaymentProvider({
    secretKey: 'sk_test_encore',
    webhookSecret: TEST_WEBHOOK_SECRET,
    httpClient: stripe.httpClient,
  });
  return startTestApp(
    backend,
    { STRIPE_SECRET_KEY: 'sk_test_encore', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
    { clock, payments },
  );
}
