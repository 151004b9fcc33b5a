import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { recordedProvider, recordedStripe } from './testing.js';

const provider = () => recordedProvider(recordedStripe());

describe('Stripe saved cards (recorded responses)', () => {
  it('creates one customer per user: the idempotency key names the user, so a repeat gets the same one', async () => {
    const { stripe, payments } = provider();
    const first = await payments.createCustomer({ userId: 9, email: 'buyer@example.com' });
    const again = await payments.createCustomer({ userId: 9, email: 'buyer@example.com' });
    const other = await payments.createCustomer({ userId: 10, email: 'other@example.com' });
    expect(first).toMatch(/^cus_test_/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    const [call] = stripe.calls;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: 'payment-customer-9',
    });
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      email: 'buyer@example.com',
      'metadata[userId]': '9',
    });
  });

  it('creates a setup intent for off-session card use, with the idempotency key, and answers its client secret', async () => {
    const { stripe, payments } = provider();
    const customerId = await payments.createCustomer({ userId: 9, email: 'buyer@example.com' });
    const intent = await payments.createSetupIntent({ customerId, idempotencyKey: 'setup-intent-9-a' });
    expect(intent.id).toMatch(/^seti_test_/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    const call = stripe.calls.at(-1);
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/setup_intents',
      idempotencyKey: 'setup-intent-9-a',
    });
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      customer: customerId,
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
  });

  it('lists the customer’s cards, newest first, with only brand, last four, expiry and fingerprint', async () => {
    const { stripe, payments } = provider();
    const customerId = await payments.createCustomer({ userId: 9, email: 'buyer@example.com' });
    const otherCustomer = await payments.createCustomer({ userId: 10, email: 'other@example.com' });
    expect(await payments.listSavedCards(customerId)).toEqual([]);
    const visa = stripe.saveCard(customerId, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    const mastercard = stripe.saveCard(customerId, {
      brand: 'mastercard',
      last4: '4444',
      expMonth: 3,
      expYear: 2031,
      fingerprint: 'Mc4444FingerPrnt',
    });
    stripe.saveCard(otherCustomer, { brand: 'amex', last4: '8431', expMonth: 1, expYear: 2032 });
    expect(await payments.listSavedCards(customerId)).toEqual([
      {
        id: mastercard,
        brand: 'mastercard',
        last4: '4444',
        expMonth: 3,
        expYear: 2031,
        fingerprint: 'Mc4444FingerPrnt',
      },
      {
        id: visa,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
        fingerprint: 'Xt5EWLLDS7FJjR1c',
      },
    ]);
    const call = stripe.calls.at(-1);
    expect(call?.method).toBe('GET');
    expect(call?.path).toBe('/v1/payment_methods');
  });

  it('detaches a card so the customer no longer has it; an unknown one is Stripe’s own error', async () => {
    const { stripe, payments } = provider();
    const customerId = await payments.createCustomer({ userId: 9, email: 'buyer@example.com' });
    const card = stripe.saveCard(customerId, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    await payments.detachSavedCard(card);
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/payment_methods/${card}/detach` });
    expect(await payments.listSavedCards(customerId)).toEqual([]);
    await expect(payments.detachSavedCard(card)).rejects.toThrow(/not attached to a customer/);
    await expect(payments.detachSavedCard('pm_missing')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('deletes a customer with the cards still on it; deleting it again is done, not an error', async () => {
    const { stripe, payments } = provider();
    const customerId = await payments.createCustomer({ userId: 9, email: 'buyer@example.com' });
    stripe.saveCard(customerId, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    await payments.deleteCustomer(customerId);
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/customers/${customerId}` });
    expect(await payments.listSavedCards(customerId)).toEqual([]);
    await payments.deleteCustomer(customerId);
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/customers/${customerId}` });
  });
});
