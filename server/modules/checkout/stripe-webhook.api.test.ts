import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { recordedStripe, signedEvent } from '../../adapters/payments/testing.js';
import { checkoutSessions, ledgerEntries, orders, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { startStripeTestApp } from './testing.js';

describe.each(backends)('Stripe checkout and webhook on %s', (backend) => {
  let harness: TestApp;
  const stripe = recordedStripe();
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let seller: TestAccount;
  let buyerAccount: TestAccount;
  let buyer: TestClient;
  let rival: TestClient;
  beforeAll(async () => {
    harness = await startStripeTestApp(backend, stripe, clock);
    const db = harness.database.db;
    seller = await createTestUser(db);
    buyerAccount = await createTestUser(db);
    buyer = await signedInClient(harness, buyerAccount.id);
    rival = await signedInClient(harness, (await createTestUser(db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const db = () => harness.database.db;
  const webhook = (payload: string, signature?: string) =>
    harness.client().request('POST', '/api/webhooks/stripe', {
      body: payload,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
    });

  async function startCheckout(client: TestClient) {
    const ticket = await insertListing(db(), seller.id, { eventDate: '2030-05-01' });
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const lock = await client.post(`/api/tickets/${ticket.id}/lock`);
    const payment = await client.post(`/api/tickets/${ticket.id}/payment`, {
      amount: centsToDollars(price.buyerPaysCents),
      version: lock.body.version,
    });
    expect(payment.status, payment.text).toBe(200);
    const sessionId = new URL(payment.body.url).pathname.split('/').at(-1) as string;
    return { ticket, price, sessionId, url: payment.body.url as string };
  }

  it('sends the buyer to Stripe Checkout and fulfils on a signed checkout.session.completed', async () => {
    const { ticket, price, sessionId, url } = await startCheckout(buyer);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const create = stripe.calls.find((call) => call.path === '/v1/checkout/sessions');
    expect(create?.form.get('success_url')).toBe(
      `${harness.config.appUrl}/?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(create?.form.get('line_items[0][price_data][unit_amount]')).toBe(String(price.buyerPaysCents));

    // Back too early: not paid yet.
    expect((await buyer.post(`/api/purchase/verify/${sessionId}`)).body.status).toBe('pending');
    stripe.pay(sessionId);
    const event = signedEvent('checkout.session.completed', stripe.sessionBody(sessionId));
    const delivered = await webhook(event.payload, event.signature);
    expect(delivered.status, delivered.text).toBe(200);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ sold: true, buyerId: buyerAccount.id });
    // Redelivery changes nothing.
    expect((await webhook(event.payload, event.signature)).status).toBe(200);
    expect(await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(1);
    expect((await buyer.post(`/api/purchase/verify/${sessionId}`)).body.status).toBe('paid');
  });

  it('answers 400 to a bad signature and changes nothing', async () => {
    const { ticket, sessionId } = await startCheckout(buyer);
    stripe.pay(sessionId);
    const forged = signedEvent('checkout.session.completed', stripe.sessionBody(sessionId), 'whsec_attacker');
    const answer = await webhook(forged.payload, forged.signature);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(CHECKOUT_TEXT.webhookSignatureInvalid);
    expect((await webhook(forged.payload)).status).toBe(400);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row?.sold).toBe(false);
    expect(
      await db().select().from(ledgerEntries).where(eq(ledgerEntries.checkoutSessionId, sessionId)),
    ).toEqual([]);
  });

  it('refunds through Stripe a payment for a ticket someone else bought, and expires sessions on release', async () => {
    const first = await startCheckout(rival);
    // The rival lets go: their session is expired at Stripe.
    await rival.post(`/api/tickets/${first.ticket.id}/unlock`);
    expect(stripe.calls.some((call) => call.path === `/v1/checkout/sessions/${first.sessionId}/expire`)).toBe(
      true,
    );
    const expired = signedEvent('checkout.session.expired', stripe.sessionBody(first.sessionId));
    expect((await webhook(expired.payload, expired.signature)).status).toBe(200);
    const [session] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, first.sessionId));
    expect(session?.status).toBe('expired');

    // Two buyers' sessions both get paid for one ticket: the second is refunded through the API.
    const a = await startCheckout(buyer);
    clock.advance(40 * 60_000);
    const lock = await rival.post(`/api/tickets/${a.ticket.id}/lock`);
    const b = await rival.post(`/api/tickets/${a.ticket.id}/payment`, {
      amount: centsToDollars(a.price.buyerPaysCents),
      version: lock.body.version,
    });
    const bSession = new URL(b.body.url).pathname.split('/').at(-1) as string;
    stripe.pay(bSession);
    const paidB = signedEvent('checkout.session.completed', stripe.sessionBody(bSession));
    await webhook(paidB.payload, paidB.signature);
    const intent = stripe.pay(a.sessionId);
    const paidA = signedEvent('checkout.session.completed', stripe.sessionBody(a.sessionId));
    await webhook(paidA.payload, paidA.signature);
    const refundCall = stripe.calls.find((call) => call.path === '/v1/refunds');
    expect(refundCall?.form.get('payment_intent')).toBe(intent);
    expect(refundCall?.idempotencyKey).toBe(`refund-${a.sessionId}`);
    expect((await buyer.post(`/api/purchase/verify/${a.sessionId}`)).body.status).toBe('refunded');
  });

  it('has no sandbox checkout when Stripe is configured', async () => {
    const { sessionId } = await startCheckout(buyer);
    expect((await buyer.get(`/api/sandbox/checkout/${sessionId}`)).status).toBe(404);
    expect(
      (
        await buyer.post(`/api/sandbox/checkout/${sessionId}/pay`, {
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2031,
          cvc: '123',
        })
      ).status,
    ).toBe(404);
  });
});
