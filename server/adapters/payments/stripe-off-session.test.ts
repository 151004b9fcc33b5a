import { describe, expect, it } from 'vitest';
import {
  CUSTOMER,
  DECLINED,
  EXPIRES_ON_CONFIRM,
  recordedPaymentIntents,
} from './recorded-payment-intents.js';
import { recordedProvider } from './testing.js';

/** Off-session charges of saved cards (a bid's purchase; decision 0045) against recorded Stripe answers. */

const provider = () => recordedProvider(recordedPaymentIntents());

const charge = (paymentMethodId: string) => ({
  customerId: CUSTOMER,
  paymentMethodId,
  amountCents: 20_747,
  idempotencyKey: 'bid-charge-bid_0b9c1e2f',
  description: '2 tickets · Luna Ray Live · 2030-05-01',
  metadata: { checkoutSessionId: 'bid_0b9c1e2f', bidId: '4', ticketId: '7' },
});

describe('Stripe off-session charges of saved cards (recorded responses)', () => {
  it('confirms a PaymentIntent off-session for the saved card, once per idempotency key', async () => {
    const { stripe, payments } = provider();
    const first = await payments.chargeSavedCard(charge('pm_card_visa'));
    expect(first).toEqual({ status: 'succeeded', paymentReference: expect.stringMatching(/^pi_/) });
    const [call] = stripe.calls;
    expect(call?.path).toBe('/v1/payment_intents');
    expect(call?.idempotencyKey).toBe('bid-charge-bid_0b9c1e2f');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      amount: '20747',
      currency: 'usd',
      customer: CUSTOMER,
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[checkoutSessionId]': 'bid_0b9c1e2f',
    });
    // A retried charge (after a crash) is the same charge.
    expect(await payments.chargeSavedCard(charge('pm_card_visa'))).toEqual(first);
    expect(
      await payments.retrieveCardPayment(first.status === 'succeeded' ? first.paymentReference : ''),
    ).toEqual(first);
  });

  it('reads a card_declined error as declined with Stripe’s message', async () => {
    const { payments } = provider();
    expect(await payments.chargeSavedCard(charge('pm_card_chargeDeclined'))).toEqual({
      status: 'declined',
      reason: DECLINED,
    });
  });

  it('hands an authentication_required charge to the cardholder, then reads their answer', async () => {
    const { stripe, payments } = provider();
    const asked = await payments.chargeSavedCard(charge('pm_card_authenticationRequired'));
    expect(asked).toMatchObject({
      status: 'requires_action',
      clientSecret: expect.stringContaining('_secret_'),
    });
    if (asked.status !== 'requires_action') throw new Error('not waiting');
    const confirm = stripe.calls.find((call) => call.path.endsWith('/confirm'));
    expect(confirm?.path).toBe(`/v1/payment_intents/${asked.paymentReference}/confirm`);
    expect(confirm?.idempotencyKey).toBe('bid-charge-bid_0b9c1e2f-on-session');
    expect(confirm?.form.get('payment_method')).toBe('pm_card_authenticationRequired');
    expect(confirm?.form.get('off_session')).toBeNull();
    // Retried, it is still the same intent, waiting.
    expect(await payments.chargeSavedCard(charge('pm_card_authenticationRequired'))).toEqual(asked);

    expect(await payments.retrieveCardPayment(asked.paymentReference)).toEqual(asked);
    stripe.authenticate(asked.paymentReference, true);
    expect(await payments.retrieveCardPayment(asked.paymentReference)).toEqual({
      status: 'succeeded',
      paymentReference: asked.paymentReference,
    });
    await payments.cancelCardPayment(asked.paymentReference);
    expect(stripe.calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
  });

  it('reads a card error when handing the charge to the cardholder as a decline', async () => {
    const { payments } = provider();
    expect(await payments.chargeSavedCard(charge(EXPIRES_ON_CONFIRM))).toEqual({
      status: 'declined',
      reason: 'Your card has expired.',
    });
  });

  it('reads a failed authentication as failed, and cancels a charge still waiting', async () => {
    const { stripe, payments } = provider();
    const failed = await payments.chargeSavedCard({
      ...charge('pm_card_authenticationRequired'),
      idempotencyKey: 'k1',
    });
    const waiting = await payments.chargeSavedCard({
      ...charge('pm_card_authenticationRequired'),
      idempotencyKey: 'k2',
    });
    if (failed.status !== 'requires_action' || waiting.status !== 'requires_action')
      throw new Error('not waiting');
    stripe.authenticate(failed.paymentReference, false);
    expect(await payments.retrieveCardPayment(failed.paymentReference)).toEqual({
      status: 'failed',
      paymentReference: failed.paymentReference,
      reason: 'The provided PaymentMethod has failed authentication.',
    });
    await payments.cancelCardPayment(waiting.paymentReference);
    expect(stripe.calls.at(-1)?.path).toBe(`/v1/payment_intents/${waiting.paymentReference}/cancel`);
    expect(await payments.retrieveCardPayment(waiting.paymentReference)).toMatchObject({ status: 'failed' });
  });
});
