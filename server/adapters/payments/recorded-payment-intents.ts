import Stripe from 'stripe';

/**
 * A stand-in for api.stripe.com's PaymentIntents behind the SDK's own fetch HTTP client, for off-session
 * charges of saved cards (decision 0045): the bodies and card errors are Stripe's, trimmed to the fields
 * Encore reads plus their neighbours. Test payment methods behave as Stripe's own test cards do:
 * pm_card_visa succeeds, pm_card_chargeDeclined is declined, pm_card_authenticationRequired needs the
 * cardholder.
 */

export const CUSTOMER = 'cus_RaBcDeFgHiJkLm';

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

export const DECLINED = 'Your card was declined.';
/** Needs authentication off-session, and has expired by the time it is confirmed on-session. */
export const EXPIRES_ON_CONFIRM = 'pm_card_authenticationRequiredExpired';
const AUTHENTICATION = 'Your card was declined. This transaction requires authentication.';

interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

/** api.stripe.com for PaymentIntents: replays an idempotency key's first answer, keeps each intent's state. */
export function recordedPaymentIntents() {
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
