import Stripe from 'stripe';
import {
  balanceTransactionsPage1,
  balanceTransactionsPage2,
} from './fixtures/recorded-balance-transactions.js';
import {
  accountLink,
  cardPaymentMethod,
  chargeDispute,
  checkoutSessionExpired,
  checkoutSessionOpen,
  checkoutSessionPaid,
  connectedAccount,
  customer,
  deletedCustomer,
  invalidRequestError,
  noSuchCustomerError,
  noSuchDestinationError,
  noSuchPaymentMethodError,
  paymentIntentWithCharge,
  paymentMethodList,
  paymentMethodNotAttachedError,
  refund,
  refundTooLargeError,
  setupIntent,
  transfer,
} from './fixtures/recorded-stripe.js';
import { StripePaymentProvider } from './stripe.js';

export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
}

/**
 * A stand-in for api.stripe.com behind the SDK's own fetch HTTP client: it answers with the recorded
 * responses, keeps each session's state (open, paid, expired) and logs every call for assertions.
 */
export function recordedStripe() {
  const calls: StripeCall[] = [];
  const sessions = new Map<
    string,
    {
      status: 'open' | 'paid' | 'expired';
      amount: number;
      metadata: Record<string, string>;
      paymentIntent: string;
    }
  >();
  /** Connected accounts created through this fake (transfers and links to others are refused, as Stripe does). */
  const accounts = new Set<string>();
  /** What GET /v1/accounts/{id} answers for an account whose onboarding moved on (setAccount). */
  const accountBodies = new Map<string, Record<string, unknown>>();
  /** Customers by idempotency key (Stripe answers a repeated key with the first response) and their cards. */
  const customerByKey = new Map<string, string>();
  const customers = new Set<string>();
  const cards = new Map<string, { customer: string | null; card: SavedCardDetails }>();
  /** Each paid payment intent's amount and what has been refunded of it, by Encore or at the dashboard. */
  const payments = new Map<string, { amount: number; refunded: number }>();
  /** Refunds by idempotency key: Stripe answers a repeated key with the first refund. */
  const refundByKey = new Map<string, unknown>();
  const disputes = new Map<string, Record<string, unknown>>();
  /** Answers Stripe will give instead of the recorded ones, the first matching call each (failNext). */
  const failures: { method: string; path: string; status: number; body: unknown }[] = [];
  let counter = 0;
  const reply = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': `req_test_${counter}` },
    });
  const sessionBody = (id: string) => {
    const session = sessions.get(id);
    if (!session) return null;
    const template =
      session.status === 'paid'
        ? checkoutSessionPaid
        : session.status === 'expired'
          ? checkoutSessionExpired
          : checkoutSessionOpen;
    return {
      ...template,
      id,
      amount_total: session.amount,
      amount_subtotal: session.amount,
      metadata: session.metadata,
      payment_intent: session.status === 'paid' ? session.paymentIntent : null,
      url: session.status === 'open' ? `https://checkout.stripe.com/c/pay/${id}` : null,
    };
  };
  const fetchFn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const headers = new Headers(init?.headers);
    calls.push({ method, path: url.pathname, form, idempotencyKey: headers.get('idempotency-key') });
    counter += 1;
    const failure = failures.findIndex((next) => next.method === method && next.path === url.pathname);
    if (failure >= 0) {
      const [next] = failures.splice(failure, 1);
      return reply(next?.body, next?.status);
    }
    // ['v1', 'checkout', 'sessions', id?, 'expire'?]
    const parts = url.pathname.split('/').filter(Boolean);
    if (url.pathname === '/v1/checkout/sessions' && method === 'POST') {
      const id = `cs_test_${counter.toString().padStart(6, '0')}${'a'.repeat(20)}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(\w+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      sessions.set(id, {
        status: 'open',
        amount: Number(form.get('line_items[0][price_data][unit_amount]')),
        metadata,
        paymentIntent: `pi_test_${counter}`,
      });
      return reply(sessionBody(id));
    }
    if (parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const sessionId = parts[3];
      const expire = parts[4] === 'expire';
      const session = sessions.get(sessionId);
      if (!session) return reply(invalidRequestError, 404);
      if (expire && method === 'POST')
        session.status = session.status === 'open' ? 'expired' : session.status;
      return reply(sessionBody(sessionId));
    }
    if (url.pathname === '/v1/checkout/sessions' && method === 'GET') {
      const intent = url.searchParams.get('payment_intent');
      const data = [...sessions.entries()]
        .filter(([, session]) => session.status === 'paid' && session.paymentIntent === intent)
        .map(([id]) => sessionBody(id));
      return reply({ object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
    }
    if (url.pathname === '/v1/refunds' && method === 'POST') {
      const key = headers.get('idempotency-key');
      const replayed = key ? refundByKey.get(key) : undefined;
      if (replayed) return reply(replayed);
      const intent = form.get('payment_intent') ?? '';
      const amount = Number(form.get('amount'));
      const payment = payments.get(intent);
      if (payment && payment.refunded + amount > payment.amount) return reply(refundTooLargeError, 400);
      if (payment) payment.refunded += amount;
      const body = { ...refund, id: `re_test_${counter}`, payment_intent: intent, amount };
      if (key) refundByKey.set(key, body);
      return reply(body);
    }
    if (parts[1] === 'payment_intents' && parts[2] && method === 'GET') {
      const payment = payments.get(parts[2]);
      if (!payment) return reply(invalidRequestError, 404);
      const charge = {
        ...paymentIntentWithCharge.latest_charge,
        amount: payment.amount,
        amount_captured: payment.amount,
        amount_refunded: payment.refunded,
        refunded: payment.refunded >= payment.amount,
        payment_intent: parts[2],
      };
      const expanded = url.searchParams.getAll('expand[0]').includes('latest_charge');
      return reply({
        ...paymentIntentWithCharge,
        id: parts[2],
        amount: payment.amount,
        amount_received: payment.amount,
        latest_charge: expanded ? charge : charge.id,
      });
    }
    if (parts[1] === 'disputes' && parts[2] && method === 'GET') {
      const dispute = disputes.get(parts[2]);
      return dispute ? reply(dispute) : reply(invalidRequestError, 404);
    }
    if (url.pathname === '/v1/accounts' && method === 'POST') {
      const id = `acct_test_${counter}`;
      accounts.add(id);
      return reply({
        ...connectedAccount,
        id,
        email: form.get('email'),
        metadata: { userId: form.get('metadata[userId]') },
      });
    }
    if (parts[1] === 'accounts' && parts[2] && !parts[3] && method === 'GET') {
      if (!accounts.has(parts[2])) return reply(noSuchDestinationError, 404);
      return reply({ ...connectedAccount, ...accountBodies.get(parts[2]), id: parts[2] });
    }
    if (url.pathname === '/v1/account_links' && method === 'POST') {
      const account = form.get('account') ?? '';
      if (!accounts.has(account)) return reply(noSuchDestinationError, 400);
      return reply({ ...accountLink, url: `https://connect.stripe.com/setup/e/${account}/link${counter}` });
    }
    if (url.pathname === '/v1/transfers' && method === 'POST') {
      const destination = form.get('destination') ?? '';
      if (!accounts.has(destination)) return reply(noSuchDestinationError, 400);
      return reply({
        ...transfer,
        id: `tr_test_${counter}`,
        amount: Number(form.get('amount')),
        destination,
        metadata: { orderId: form.get('metadata[orderId]') },
        transfer_group: form.get('transfer_group'),
      });
    }
    if (url.pathname === '/v1/customers' && method === 'POST') {
      const key = headers.get('idempotency-key');
      const id = (key && customerByKey.get(key)) || `cus_test_${counter}`;
      if (key) customerByKey.set(key, id);
      customers.add(id);
      return reply({
        ...customer,
        id,
        email: form.get('email'),
        metadata: { userId: form.get('metadata[userId]') },
      });
    }
    if (parts[1] === 'customers' && parts[2] && !parts[3] && method === 'DELETE') {
      if (!customers.delete(parts[2])) return reply(noSuchCustomerError, 404);
      for (const entry of cards.values()) if (entry.customer === parts[2]) entry.customer = null;
      return reply({ ...deletedCustomer, id: parts[2] });
    }
    if (url.pathname === '/v1/setup_intents' && method === 'POST') {
      const id = `seti_test_${counter.toString().padStart(6, '0')}${'b'.repeat(18)}`;
      return reply({
        ...setupIntent,
        id,
        client_secret: `${id}_secret_${'c'.repeat(24)}`,
        customer: form.get('customer'),
        usage: form.get('usage') ?? 'on_session',
      });
    }
    if (url.pathname === '/v1/payment_methods' && method === 'GET') {
      const owner = url.searchParams.get('customer');
      const data = [...cards.entries()]
        .filter(([, entry]) => entry.customer === owner)
        .reverse()
        .map(([id, entry]) => paymentMethodBody(id, entry.customer, entry.card));
      return reply({ ...paymentMethodList, data });
    }
    if (parts[1] === 'payment_methods' && parts[2] && parts[3] === 'detach' && method === 'POST') {
      const entry = cards.get(parts[2]);
      if (!entry) return reply(noSuchPaymentMethodError, 404);
      if (!entry.customer) return reply(paymentMethodNotAttachedError, 400);
      entry.customer = null;
      return reply(paymentMethodBody(parts[2], null, entry.card));
    }
    if (url.pathname === '/v1/balance_transactions' && method === 'GET')
      return reply(
        url.searchParams.get('starting_after') ? balanceTransactionsPage2 : balanceTransactionsPage1,
      );
    return reply(invalidRequestError, 404);
  };
  return {
    httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch),
    calls,
    /** The buyer pays on Stripe's page. */
    pay(sessionId: string) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no recorded session ${sessionId}`);
      session.status = 'paid';
      payments.set(session.paymentIntent, { amount: session.amount, refunded: 0 });
      return session.paymentIntent;
    },
    /** Support refunds part or all of a payment from Stripe's dashboard, outside Encore. */
    refundAtDashboard(paymentIntent: string, amount: number) {
      const payment = payments.get(paymentIntent);
      if (!payment || payment.refunded + amount > payment.amount)
        throw new Error(`cannot refund ${amount} of ${paymentIntent}`);
      payment.refunded += amount;
      counter += 1;
      return { refundId: `re_dash_${counter}`, refunded: payment.refunded, amount: payment.amount };
    },
    /** What has been refunded of a payment so far. */
    refundedOf(paymentIntent: string) {
      return payments.get(paymentIntent)?.refunded ?? 0;
    },
    /** A card issuer's dispute as Stripe keeps it (what GET /v1/disputes/{id} answers from now on). */
    setDispute(dispute: {
      id: string;
      payment_intent: string;
      status: string;
      reason?: string;
      balance_transactions?: unknown[];
    }) {
      const body = { ...chargeDispute, reason: 'fraudulent', ...dispute };
      disputes.set(dispute.id, body);
      return body;
    },
    sessionBody,
    /** The seller's onboarding moved on at Stripe: GET /v1/accounts/{id} answers with `body` from now on. */
    setAccount(accountId: string, body: Record<string, unknown>) {
      if (!accounts.has(accountId)) throw new Error(`no recorded account ${accountId}`);
      accountBodies.set(accountId, body);
      return { ...connectedAccount, ...body, id: accountId };
    },
    /** Stripe answers the next `method` call to `path` with this status and error body instead. */
    failNext(method: string, path: string, status: number, body: unknown) {
      failures.push({ method, path, status, body });
    },
    /** The buyer saves a card in Stripe Elements (confirmCardSetup): it is attached to the customer. */
    saveCard(customerId: string, card: SavedCardDetails) {
      if (!customers.has(customerId)) throw new Error(`no recorded customer ${customerId}`);
      counter += 1;
      const id = `pm_test_${counter.toString().padStart(6, '0')}${'d'.repeat(16)}`;
      cards.set(id, { customer: customerId, card });
      return id;
    },
  };
}

export interface SavedCardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Stripe's fingerprint of the card number; the recorded card's when not given. */
  fingerprint?: string;
}

function paymentMethodBody(id: string, customerId: string | null, card: SavedCardDetails) {
  return {
    ...cardPaymentMethod,
    id,
    customer: customerId,
    card: {
      ...cardPaymentMethod.card,
      brand: card.brand,
      display_brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      fingerprint: card.fingerprint ?? cardPaymentMethod.card.fingerprint,
      networks: { available: [card.brand], preferred: null },
    },
  };
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_encore_secret';

/** A webhook delivery signed with the SDK's own test helper. */
export function signedEvent(type: string, object: unknown, secret = TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

/** Encore's Stripe provider talking to a recorder (`recordedStripe()` or another) instead of Stripe. */
export function recordedProvider<Recorder extends { httpClient: Stripe.HttpClient }>(
  stripe: Recorder,
): { stripe: Recorder; payments: StripePaymentProvider } {
  return {
    stripe,
    payments: new StripePaymentProvider({
      secretKey: 'sk_test_encore',
      webhookSecret: TEST_WEBHOOK_SECRET,
      httpClient: stripe.httpClient,
    }),
  };
}
