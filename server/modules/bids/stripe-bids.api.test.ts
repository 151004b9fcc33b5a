import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_TEXT, CHECKOUT_MAIL_SUBJECT } from '../../../common/messages.js';
import {
  CUSTOMER,
  DECLINED,
  recordedPaymentIntents,
} from '../../adapters/payments/recorded-payment-intents.js';
import { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { TEST_WEBHOOK_SECRET } from '../../adapters/payments/testing.js';
import { orders, paymentCustomers, savedCards, tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { BID_AUTHENTICATION_HOLD_MS } from './purchase.js';
import { bidBody, bidRow, runMatching, sessionsOfBid, unbalancedSessions } from './testing.js';

/** A bid's purchase through Stripe (recorded PaymentIntent answers): the same flows as the sandbox's. */
describe.each(backends)('bids paid through Stripe on %s', (backend) => {
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  const stripe = recordedPaymentIntents();
  let harness: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    const payments = new StripePaymentProvider({
      secretKey: 'sk_test_encore',
      webhookSecret: TEST_WEBHOOK_SECRET,
      httpClient: stripe.httpClient,
    });
    harness = await startTestApp(
      backend,
      {
        STRIPE_SECRET_KEY: 'sk_test_encore',
        STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_encore',
      },
      { clock, payments },
    );
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  const db = () => harness.database.db;

  /** A member with a card saved at Stripe; `paymentMethod` picks the test card's behaviour. */
  async function stripeBidder(paymentMethod: string) {
    const user = await createTestUser(db());
    await db()
      .insert(paymentCustomers)
      .values({ userId: user.id, provider: 'stripe', customerId: `${CUSTOMER}${user.id}` });
    await db()
      .insert(savedCards)
      .values({
        id: paymentMethod,
        userId: user.id,
        provider: 'stripe',
        customerId: `${CUSTOMER}${user.id}`,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2040,
      });
    return { user, client: await signedInClient(harness, user.id) };
  }

  async function bidAndList(paymentMethod: string) {
    sequence += 1;
    const name = `Stripe Night ${sequence}`;
    const buyer = await stripeBidder(paymentMethod);
    const created = await buyer.client.post(
      '/api/bids',
      bidBody(paymentMethod, { eventName: name, maxPrice: 1_000, quantity: 2 }),
    );
    expect(created.status, created.text).toBe(200);
    const seller = await createTestUser(db());
    const ticket = await insertListing(db(), seller.id, { eventName: name, eventDate: '2030-05-01' });
    await harness.app.bidMatching.listingBuyable(ticket.id);
    await runMatching(harness);
    const [session] = await sessionsOfBid(db(), created.body.bid.id);
    if (!session) throw new Error('no bid purchase');
    return { buyer, seller, ticket, bidId: created.body.bid.id as number, session };
  }

  it('charges off-session once and sells at once when the card needs nothing more', async () => {
    const { buyer, seller, ticket, bidId, session } = await bidAndList('pm_card_visa_one');
    expect(session.outcome).toBe('fulfilled');
    const charges = stripe.calls.filter((call) => call.path === '/v1/payment_intents');
    expect(charges.filter((call) => call.idempotencyKey === `bid-charge-${session.id}`)).toHaveLength(1);
    const [sold] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(sold?.buyerId).toBe(buyer.user.id);
    expect((await bidRow(db(), bidId)).matched).toBe(true);
    expect((await harness.mailer.list(seller.email)).map((mail) => mail.subject)).toContain(
      CHECKOUT_MAIL_SUBJECT.sellerSold,
    );
    expect(await unbalancedSessions(db())).toEqual([]);
  });

  it('ends the bid on card_declined', async () => {
    const { bidId, ticket } = await bidAndList('pm_card_chargeDeclined');
    expect(await bidRow(db(), bidId)).toMatchObject({ isActive: false, endedReason: DECLINED });
    const [free] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(free).toMatchObject({ sold: false, currentViewerId: null });
  });

  it('gives the bidder’s page the client secret and publishable key, and sells once Stripe says succeeded', async () => {
    const { buyer, ticket, bidId, session } = await bidAndList('pm_card_authenticationRequired_one');
    expect(session).toMatchObject({ status: 'open', awaitingAuthentication: true });
    const page = await buyer.client.get(`/api/bids/payments/${session.id}`);
    expect(page.body.payment).toMatchObject({
      status: 'requires_action',
      provider: 'stripe',
      publishableKey: 'pk_test_encore',
      clientSecret: expect.stringContaining(`${session.paymentReference}_secret_`),
    });
    // The cardholder confirms with Stripe.js; the page then asks the server to complete.
    stripe.authenticate(session.paymentReference ?? '', true);
    const completed = await buyer.client.post(`/api/bids/payments/${session.id}/complete`);
    expect(completed.body).toMatchObject({
      message: BID_TEXT.paymentSucceeded,
      payment: { status: 'succeeded', clientSecret: null },
    });
    expect(await db().select().from(orders).where(eq(orders.ticketId, ticket.id))).toHaveLength(1);
    expect((await bidRow(db(), bidId)).matched).toBe(true);
    expect(await unbalancedSessions(db())).toEqual([]);
  });

  it('cancels the PaymentIntent at Stripe before releasing a ticket nobody confirmed in time', async () => {
    const { buyer, ticket, bidId, session } = await bidAndList('pm_card_authenticationRequired_two');
    clock.advance(BID_AUTHENTICATION_HOLD_MS + 1_000);
    await runMatching(harness);
    expect(
      stripe.calls.some((call) => call.path === `/v1/payment_intents/${session.paymentReference}/cancel`),
    ).toBe(true);
    expect(await bidRow(db(), bidId)).toMatchObject({
      isActive: false,
      endedReason: BID_TEXT.endedAuthenticationMissed,
    });
    const page = await buyer.client.get(`/api/bids/payments/${session.id}`);
    expect(page.body.payment).toMatchObject({ status: 'expired', clientSecret: null });
    const [free] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(free).toMatchObject({ sold: false, currentViewerId: null });
  });
});
