import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { balanceTransactionsPage2 } from './fixtures/recorded-balance-transactions.js';
import { chargeDispute } from './fixtures/recorded-stripe.js';
import { WebhookSignatureError } from './payment-provider.js';
import { recordedProvider, recordedStripe, signedEvent } from './testing.js';

const request = {
  attemptKey: 'checkout-7-9-attempt',
  amountCents: 20_747,
  productName: 'Luna Ray Live',
  description: '2 tickets · section 101, row C · 2030-05-01',
  ticketId: 7,
  buyerId: 9,
  version: 3,
  customerEmail: 'buyer@example.com',
  successUrl: 'http://localhost:3000/?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/purchase/cancel?ticket_id=7',
  expiresAt: new Date('2030-03-01T12:32:00Z'),
};

const provider = () => recordedProvider(recordedStripe());

describe('Stripe payment provider (recorded responses)', () => {
  it('creates a Checkout Session for the all-in amount with metadata, URLs, expiry and an idempotency key', async () => {
    const { stripe, payments } = provider();
    const created = await payments.createCheckout(request);
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`https://checkout.stripe.com/c/pay/${created.id}`);
    const [call] = stripe.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.idempotencyKey).toBe('checkout-7-9-attempt');
    const form = Object.fromEntries(call?.form ?? []);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '20747',
      'line_items[0][price_data][product_data][name]': 'Luna Ray Live',
      success_url: 'http://localhost:3000/?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/purchase/cancel?ticket_id=7',
      expires_at: String(Date.parse('2030-03-01T12:32:00Z') / 1000),
      'metadata[ticketId]': '7',
      'metadata[buyerId]': '9',
      'metadata[version]': '3',
      'payment_intent_data[metadata][ticketId]': '7',
      customer_email: 'buyer@example.com',
    });
  });

  it('reads a session as open, then paid with its payment intent; expires only open sessions', async () => {
    const { stripe, payments } = provider();
    const { id } = await payments.createCheckout(request);
    expect(await payments.retrieveCheckout(id)).toEqual({ status: 'open' });
    const intent = stripe.pay(id);
    expect(await payments.retrieveCheckout(id)).toEqual({ status: 'paid', paymentReference: intent });
    await payments.expireCheckout(id);
    expect(stripe.calls.some((call) => call.path.endsWith('/expire'))).toBe(false);

    const other = await payments.createCheckout({ ...request, attemptKey: 'second' });
    await payments.expireCheckout(other.id);
    expect(
      stripe.calls.filter((call) => call.path === `/v1/checkout/sessions/${other.id}/expire`),
    ).toHaveLength(1);
    expect(await payments.retrieveCheckout(other.id)).toEqual({ status: 'expired' });
  });

  it('refunds a payment intent in full with an idempotency key', async () => {
    const { stripe, payments } = provider();
    const reference = await payments.refund({
      sessionId: 'cs_test_x',
      paymentReference: 'pi_test_1',
      amountCents: 20_747,
      idempotencyKey: 'refund-cs_test_x',
    });
    expect(reference).toMatch(/^re_test_/);
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/refunds');
    expect(call?.idempotencyKey).toBe('refund-cs_test_x');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      payment_intent: 'pi_test_1',
      amount: '20747',
    });
  });

  it('turns a Stripe API error into a thrown error', async () => {
    const { payments } = provider();
    await expect(payments.retrieveCheckout('cs_test_missing')).rejects.toThrow(/No such checkout.session/);
  });

  it('verifies webhook signatures made with the SDK test helper and reads what each event names', () => {
    const { payments } = provider();
    const read = (type: string, object: unknown) => {
      const event = signedEvent(type, object);
      const { id, ...rest } = payments.parseWebhook(Buffer.from(event.payload), event.signature);
      expect(id).toBe(JSON.parse(event.payload).id);
      return rest;
    };
    expect(read('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session' })).toEqual({
      providerType: 'checkout.session.completed',
      type: 'checkout.completed',
      sessionId: 'cs_test_1',
    });
    expect(read('checkout.session.expired', { id: 'cs_test_2', object: 'checkout.session' })).toEqual({
      providerType: 'checkout.session.expired',
      type: 'checkout.expired',
      sessionId: 'cs_test_2',
    });
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_9',
      amount: 20_747,
      amount_refunded: 20_747,
      refunded: true,
      refunds: { object: 'list', data: [{ id: 're_1', object: 'refund', amount: 20_747 }] },
    };
    expect(read('charge.refunded', charge)).toEqual({
      providerType: 'charge.refunded',
      type: 'charge.refunded',
      paymentReference: 'pi_9',
      refundReference: 're_1',
    });
    const dispute = { id: 'dp_1', object: 'dispute', payment_intent: 'pi_9', reason: 'fraudulent' };
    expect(read('charge.dispute.created', { ...dispute, status: 'needs_response' })).toEqual({
      providerType: 'charge.dispute.created',
      type: 'dispute.created',
      paymentReference: 'pi_9',
      disputeId: 'dp_1',
    });
    expect(read('charge.dispute.closed', { ...dispute, status: 'lost' })).toEqual({
      providerType: 'charge.dispute.closed',
      type: 'dispute.closed',
      paymentReference: 'pi_9',
      disputeId: 'dp_1',
    });
    expect(read('customer.created', { id: 'cus_1', object: 'customer' })).toEqual({
      providerType: 'customer.created',
      type: 'ignored',
    });
  });

  it('reads what has been refunded of a payment, the session it was made in, and a dispute', async () => {
    const { stripe, payments } = provider();
    const created = await payments.createCheckout(request);
    const intent = stripe.pay(created.id);
    expect(await payments.retrievePaymentRefunds(intent)).toEqual({ amountCents: 20_747, refundedCents: 0 });
    stripe.refundAtDashboard(intent, 5_000);
    expect(await payments.retrievePaymentRefunds(intent)).toEqual({
      amountCents: 20_747,
      refundedCents: 5_000,
    });
    expect(stripe.calls.at(-1)?.path).toBe(`/v1/payment_intents/${intent}`);
    expect(await payments.checkoutOfPayment(intent)).toBe(created.id);
    expect(await payments.checkoutOfPayment('pi_unknown')).toBeNull();
    stripe.setDispute({ id: 'dp_7', payment_intent: intent, status: 'under_review' });
    expect(await payments.retrieveDispute('dp_7')).toEqual({
      id: 'dp_7',
      paymentReference: intent,
      state: 'open',
      reason: 'fraudulent',
      feeCents: 1_500,
    });
    // A fee given back (a won dispute, where the provider returns it) nets to nothing.
    const withdrawal = chargeDispute.balance_transactions[0];
    stripe.setDispute({
      id: 'dp_7',
      payment_intent: intent,
      status: 'won',
      balance_transactions: [withdrawal, { ...withdrawal, amount: 20_747, fee: -1_500, net: 22_247 }],
    });
    expect((await payments.retrieveDispute('dp_7')).feeCents).toBe(0);
    for (const [status, state] of [
      ['lost', 'lost'],
      ['won', 'won'],
      ['warning_closed', 'won'],
      ['warning_needs_response', 'open'],
    ] as const) {
      stripe.setDispute({ id: 'dp_7', payment_intent: intent, status });
      expect((await payments.retrieveDispute('dp_7')).state).toBe(state);
    }
  });

  it('refuses a wrong secret, a tampered body and a missing signature', () => {
    const { payments } = provider();
    const forged = signedEvent('checkout.session.completed', { id: 'cs_test_1' }, 'whsec_someone_else');
    expect(() => payments.parseWebhook(Buffer.from(forged.payload), forged.signature)).toThrow(
      WebhookSignatureError,
    );
    const genuine = signedEvent('checkout.session.completed', { id: 'cs_test_1' });
    const tampered = genuine.payload.replace('cs_test_1', 'cs_test_2');
    expect(() => payments.parseWebhook(Buffer.from(tampered), genuine.signature)).toThrow(
      WebhookSignatureError,
    );
    expect(() => payments.parseWebhook(Buffer.from(genuine.payload), undefined)).toThrow(
      WebhookSignatureError,
    );
  });

  it('creates an Express connected account that can receive transfers, keyed per seller', async () => {
    const { stripe, payments } = provider();
    const accountId = await payments.createConnectedAccount({ userId: 4, email: 'seller@example.com' });
    expect(accountId).toMatch(/^acct_test_/);
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/accounts');
    expect(call?.idempotencyKey).toBe('connect-account-4');
    expect(Object.fromEntries(call?.form ?? [])).toMatchObject({
      type: 'express',
      email: 'seller@example.com',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': '4',
    });
    expect(payments.payoutsNeedAccount).toBe(true);
  });

  it('creates an onboarding account link with the return and refresh URLs', async () => {
    const { stripe, payments } = provider();
    const accountId = await payments.createConnectedAccount({ userId: 4, email: 'seller@example.com' });
    const url = await payments.createOnboardingLink({
      accountId,
      refreshUrl: 'http://localhost:3000/profile?payouts=refresh',
      returnUrl: 'http://localhost:3000/profile?payouts=return',
    });
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/account_links');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      account: accountId,
      refresh_url: 'http://localhost:3000/profile?payouts=refresh',
      return_url: 'http://localhost:3000/profile?payouts=return',
      type: 'account_onboarding',
    });
  });

  it('transfers a payout to the connected account with its idempotency key and order metadata', async () => {
    const { stripe, payments } = provider();
    const accountId = await payments.createConnectedAccount({ userId: 4, email: 'seller@example.com' });
    const reference = await payments.createTransfer({
      amountCents: 18_330,
      destinationAccountId: accountId,
      orderId: 12,
      idempotencyKey: 'payout-12',
    });
    expect(reference).toMatch(/^tr_test_/);
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/transfers');
    expect(call?.idempotencyKey).toBe('payout-12');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      amount: '18330',
      currency: 'usd',
      destination: accountId,
      transfer_group: 'order-12',
      'metadata[orderId]': '12',
    });
  });

  it('refuses a transfer without a connected account and surfaces Stripe refusing an unknown one', async () => {
    const { stripe, payments } = provider();
    const request = { amountCents: 100, orderId: 1, idempotencyKey: 'payout-1' };
    await expect(payments.createTransfer({ ...request, destinationAccountId: null })).rejects.toThrow(
      /needs a connected account/,
    );
    expect(stripe.calls).toHaveLength(0);
    await expect(
      payments.createTransfer({ ...request, destinationAccountId: 'acct_missing' }),
    ).rejects.toThrow(/No such destination/);
  });
});

describe('Stripe balance transactions (recorded responses)', () => {
  it("lists the period's payments, refunds, transfers and dispute fees over every page, leaving out other fees and payouts", async () => {
    const { stripe, payments } = provider();
    const movements = await payments.listBalanceMovements(
      new Date('2030-03-01T00:00:00Z'),
      new Date('2030-03-02T00:00:00Z'),
    );
    expect(movements).toEqual([
      { type: 'payment', reference: 'pi_3QxYzAbCdEfGhIjK0aBcDeFg', amountCents: 20_747 },
      { type: 'refund', reference: 'pi_3QxYzAbCdEfGhIjK0aBcDeFg', amountCents: 10_373 },
      { type: 'transfer', reference: 'tr_1QyZaBcDeFgHiJkL0transf1', amountCents: 17_000 },
      { type: 'dispute_fee', reference: 'dp_1QyZaBcDeFgHiJkL0disput1', amountCents: 1_500 },
    ]);
    const lists = stripe.calls.filter((call) => call.path === '/v1/balance_transactions');
    expect(lists).toHaveLength(2);
    expect(lists.every((call) => call.method === 'GET')).toBe(true);
  });

  it('asks for the period in whole seconds, a hundred at a time, with the sources expanded', async () => {
    const requested: URL[] = [];
    const { payments } = recordedProvider({
      httpClient: Stripe.createFetchHttpClient((async (input: string | URL | Request) => {
        requested.push(new URL(typeof input === 'string' || input instanceof URL ? input : input.url));
        return new Response(JSON.stringify({ ...balanceTransactionsPage2, data: [] }), {
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch),
    });
    expect(
      await payments.listBalanceMovements(new Date('2030-03-01T00:00:00Z'), new Date('2030-03-02T00:00:00Z')),
    ).toEqual([]);
    const query = Object.fromEntries(requested[0]?.searchParams ?? []);
    expect(query).toEqual({
      'created[gte]': String(Date.parse('2030-03-01T00:00:00Z') / 1000),
      'created[lt]': String(Date.parse('2030-03-02T00:00:00Z') / 1000),
      limit: '100',
      'expand[0]': 'data.source',
    });
  });
});
