import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { StripePaymentProvider } from './stripe.js';
import { TEST_WEBHOOK_SECRET } from './testing.js';

/**
 * Off-session charges of saved cards (a bid's purchase; decision 0045) against recorded Stripe answers: the
 * PaymentIntent bodies and card errors below are Stripe's, trimmed to the fields Encore reads plus their
 * neighbours. Test payment methods behave as Stripe's own test cards do.
 */

const CUSTOMER = 'cus_RaBcDeFgHiJkLm';

const succeededIntent = {
  id: 'pi_3QyZaBcDeFgHiJkL0mNoPqRs',
  object: 'payment_intent',
  amount: 20_747,
  amount_capturable: 0,
  amount_received: 20_747,
  automatic_payment_methods: { allow_redirects: 'never', enabled: true },
  capture_method: 'automatic_async',
  client_secret: 'pi_3QyZaBcDeFgHiJkL0mNoPqRs_secret_AbCdEfGhIjKlMnOpQrStUvWxY',
  confirmation_method: 'automatic',
  created: 1_900_000_000,
  currency: 'usd',
  customer: CUSTOMER,
  description: '2 tickets · Luna Ray Live · 2030-05-01',
  last_payment_error: null,
  latest_charge: 'ch_3QyZaBcDeFgHiJkL0tUvWxYz',
  livemode: false,
  metadata: {},
  next_action: null,
  payment_method: 'pm_card_visa',
  payment_method_types: ['card'],
  setup_future_usage: null,
  status: 'succeeded',
};

const lastPaymentError = (code: string, message: string) => ({
  charge: 'ch_3QyZaBcDeFgHiJkL0aBcDeFg',
  code,
  decline_code: code === 'card_declined' ? 'generic_decline' : code,
  doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
  message,
  payment_method: { id: 'pm_card_visa', object: 'payment_method', type: 'card' },
  type: 'card_error',
});

/** Stripe's 402 answer to an off-session confirmation the card refused: the error carries the PaymentIntent. */
function cardError(intent: Record<string, unknown>, code: string, message: string) {
  return {
    error: {
      ...lastPaymentError(code, message),
      payment_intent: {
        ...intent,
        status: 'requires_payment_method',
        amount_received: 0,
        latest_charge: 'ch_3QyZaBcDeFgHiJkL0aBcDeFg',
        last_payment_error: lastPaymentError(code, message),
        payment_method: null,
      },
      request_log_url: 'https://dashboard.stripe.com/test/logs/req_AbCdEfGhIjKlMn?t=1900000000',
    },
  };
}

const DECLINED = 'Your card was declined.';
/** Needs authentication off-session, and has expired by the time it is confirmed on-session. */
const EXPIRES_ON_CONFIRM = 'pm_card_authenticationRequiredExpired';
const AUTHENTICATION = 'Your card was declined. This transaction requires authentication.';

interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

/** api.stripe.com for PaymentIntents: replays an idempotency key's first answer, keeps each intent's state. */
function recordedPaymentIntents() {
  const calls: Call[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, { status: number; body: unknown }>();
  let counter = 0;
  const reply = ({ status, body }: { status: number; body: unknown }) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_test_${counter}` },
    });
  const answer = (path: string, method: string, form: URLSearchParams): { status: number; body: unknown } => {
    const parts = path.split('/').filter(Boolean);
    if (path === '/v1/payment_intents' && method === 'POST') {
      counter += 1;
      const id = `pi_3QyZa${counter.toString().padStart(6, '0')}L0mNoPqRs`;
      const paymentMethod = form.get('payment_method') ?? '';
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(\w+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent = {
        ...succeededIntent,
        id,
        client_secret: `${id}_secret_AbCdEfGhIjKlMnOpQrStUvWxY`,
        amount: Number(form.get('amount')),
        amount_received: Number(form.get('amount')),
        customer: form.get('customer'),
        description: form.get('description'),
        metadata,
        payment_method: paymentMethod,
      };
      if (paymentMethod === 'pm_card_chargeDeclined') {
        intents.set(id, cardError(intent, 'card_declined', DECLINED).error.payment_intent);
        return { status: 402, body: cardError(intent, 'card_declined', DECLINED) };
      }
      if (paymentMethod.startsWith('pm_card_authenticationRequired')) {
        intents.set(id, cardError(intent, 'authentication_required', AUTHENTICATION).error.payment_intent);
        return { status: 402, body: cardError(intent, 'authentication_required', AUTHENTICATION) };
      }
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intent = parts[1] === 'payment_intents' && parts[2] ? intents.get(parts[2]) : undefined;
    if (!intent)
      return {
        status: 404,
        body: {
          error: {
            code: 'resource_missing',
            message: 'No such payment_intent',
            type: 'invalid_request_error',
          },
        },
      };
    if (parts[3] === 'confirm' && method === 'POST' && form.get('payment_method') === EXPIRES_ON_CONFIRM)
      return { status: 402, body: cardError(intent, 'expired_card', 'Your card has expired.') };
    if (parts[3] === 'confirm' && method === 'POST')
      Object.assign(intent, {
        status: 'requires_action',
        payment_method: form.get('payment_method'),
        last_payment_error: null,
        amount_received: 0,
        next_action: {
          type: 'use_stripe_sdk',
          use_stripe_sdk: {
            type: 'three_d_secure_redirect',
            stripe_js: 'https://hooks.stripe.com/3d_secure_2/hosted',
          },
        },
      });
    if (parts[3] === 'cancel' && method === 'POST')
      Object.assign(intent, {
        status: 'canceled',
        cancellation_reason: 'requested_by_customer',
        next_action: null,
      });
    return { status: 200, body: intent };
  };
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const idempotencyKey = new Headers(init?.headers).get('idempotency-key');
    calls.push({ method, path: url.pathname, form, idempotencyKey });
    if (method === 'POST' && idempotencyKey) {
      const replayed = byKey.get(idempotencyKey) ?? answer(url.pathname, method, form);
      byKey.set(idempotencyKey, replayed);
      return reply(replayed);
    }
    return reply(answer(url.pathname, method, form));
  };
  return {
    calls,
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    /** The cardholder finishes (or fails) the bank's step in Stripe.js on Encore's page. */
    authenticate(id: string, approve: boolean) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no recorded intent ${id}`);
      Object.assign(
        intent,
        approve
          ? { status: 'succeeded', next_action: null, amount_received: intent.amount }
          : {
              status: 'requires_payment_method',
              next_action: null,
              last_payment_error: lastPaymentError(
                'payment_intent_authentication_failure',
                'The provided PaymentMethod has failed authentication.',
              ),
            },
      );
    },
  };
}

function provider() {
  const stripe = recordedPaymentIntents();
  return {
    stripe,
    payments: new StripePaymentProvider({
      secretKey: 'sk_test_encore',
      webhookSecret: TEST_WEBHOOK_SECRET,
      httpClient: stripe.httpClient,
    }),
  };
}

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
