import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createPaymentProvider } from './index.js';

const sessions = {
  paymentState: async () => ({ status: 'open' as const }),
  cancel: async () => undefined,
  cardPaymentState: async () => 'unknown' as const,
  cancelCardPayment: async () => undefined,
  paymentRefunds: async () => null,
  sessionOfPayment: async () => null,
  balanceMovements: async () => [],
};
const cards = {
  saveSetupIntent: async () => undefined,
  savedCards: async () => [],
  removeCard: async () => undefined,
  removeCustomer: async () => undefined,
};

describe('createPaymentProvider', () => {
  it('uses the sandbox without Stripe settings and Stripe with them', () => {
    expect(createPaymentProvider(loadConfig({}), sessions, cards).kind).toBe('sandbox');
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(createPaymentProvider(stripe, sessions, cards).kind).toBe('stripe');
  });

  it('never gives the sandbox to a production build', () => {
    const production = { ...loadConfig({}), env: 'production' as const, isProduction: true };
    expect(() => createPaymentProvider(production, sessions, cards)).toThrow(/never used in production/);
  });
});
