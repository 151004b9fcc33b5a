import { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { type recordedStripe, TEST_WEBHOOK_SECRET } from '../../adapters/payments/testing.js';
import { openPostgres } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import {
  type Backend,
  openTestDatabase,
  startTestApp,
  startTestAppOn,
  type TestApp,
  type ThrowawayDatabase,
} from '../../test/harness.js';

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_encore', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET };

/** Stripe's adapter, its API answered by `stripe`'s recorded responses. */
function recordedStripeProvider(stripe: ReturnType<typeof recordedStripe>): StripePaymentProvider {
  return new StripePaymentProvider({
    secretKey: 'sk_test_encore',
    webhookSecret: TEST_WEBHOOK_SECRET,
    httpClient: stripe.httpClient,
  });
}

/** The app configured for Stripe, its API answered by `stripe`'s recorded responses, on `clock`. */
export function startStripeTestApp(
  backend: Backend,
  stripe: ReturnType<typeof recordedStripe>,
  clock: Clock,
) {
  return startTestApp(backend, STRIPE_ENV, { clock, payments: recordedStripeProvider(stripe) });
}

export interface TwoInstances {
  database: ThrowawayDatabase;
  instances: [TestApp, TestApp];
  /** Closes both instances and drops the database. */
  close(): Promise<void>;
}

/**
 * Two app instances configured for Stripe on one throwaway database: on PostgreSQL each with its own
 * connection pool, on PGlite both on the one embedded database.
 */
export async function startTwoStripeInstances(
  backend: Backend,
  stripe: ReturnType<typeof recordedStripe>,
  clock: Clock,
): Promise<TwoInstances> {
  const database = await openTestDatabase(backend);
  const second = database.url ? await openPostgres(database.url, { poolSize: 10 }) : database;
  const instances: [TestApp, TestApp] = [
    await startTestAppOn(database, STRIPE_ENV, { clock, payments: recordedStripeProvider(stripe) }),
    await startTestAppOn(second, STRIPE_ENV, { clock, payments: recordedStripeProvider(stripe) }),
  ];
  return {
    database,
    instances,
    async close() {
      for (const instance of instances) await instance.close();
      if (second !== database) await second.close();
      await database.drop();
    },
  };
}
