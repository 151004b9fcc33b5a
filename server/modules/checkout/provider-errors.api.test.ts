import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import { saleBreakdown } from '../../../common/pricing.js';
import { platformNotReadyError, rateLimitError } from '../../adapters/payments/fixtures/recorded-stripe.js';
import { recordedStripe } from '../../adapters/payments/testing.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { startStripeTestApp } from './testing.js';

/**
 * A payment provider's failure reaches a member in Encore's words and with Encore's status (issue 43 §9;
 * decision 0079): never the provider's status code (402, 400, 429) or its text.
 */
describe.each(backends)("the payment provider's failures on %s", (backend) => {
  let harness: TestApp;
  const stripe = recordedStripe();
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let sellerId: number;
  let buyer: TestClient;
  beforeAll(async () => {
    harness = await startStripeTestApp(backend, stripe, clock);
    sellerId = (await createTestUser(harness.database.db)).id;
    buyer = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
  });
  afterAll(async () => {
    await harness.close();
  });

  const expectEncoresWords = (answer: { status: number; body: unknown; text: string }) => {
    expect(answer.status).toBe(502);
    expect(answer.body).toEqual({ message: MONEY_TEXT.providerFailed });
    expect(answer.text).not.toMatch(/stripe|dashboard|Too many requests hit/i);
  };

  it('answers a checkout Stripe refuses with 502 and its own message, and the next try works', async () => {
    const ticket = await insertListing(harness.database.db, sellerId, { eventDate: '2030-05-01' });
    const price = saleBreakdown({
      perTicketCents: ticket.listingPriceCents,
      markupPercent: ticket.markup,
      quantity: ticket.quantity,
    });
    const lock = await buyer.post(`/api/tickets/${ticket.id}/lock`);
    expect(lock.status, lock.text).toBe(200);
    const pay = () =>
      buyer.post(`/api/tickets/${ticket.id}/payment`, {
        amount: centsToDollars(price.buyerPaysCents),
        version: lock.body.version,
      });
    stripe.failNext('POST', '/v1/checkout/sessions', 400, platformNotReadyError);
    expectEncoresWords(await pay());
    stripe.failNext('POST', '/v1/checkout/sessions', 402, {
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const declined = await pay();
    expectEncoresWords(declined);
    expect(declined.text).not.toContain('Your card was declined.');
    const paid = await pay();
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  });

  it("answers a failed payout onboarding and card setup in Encore's words, not Stripe's 429 or 400", async () => {
    const seller = await signedInClient(harness, (await createTestUser(harness.database.db)).id);
    stripe.failNext('POST', '/v1/accounts', 429, rateLimitError);
    stripe.failNext('POST', '/v1/accounts', 429, rateLimitError);
    stripe.failNext('POST', '/v1/accounts', 429, rateLimitError);
    expectEncoresWords(await seller.post('/api/payouts/onboarding'));
    stripe.failNext('POST', '/v1/customers', 400, platformNotReadyError);
    expectEncoresWords(await seller.post('/api/payment-methods/setup-intent'));
    const retried = await seller.post('/api/payment-methods/setup-intent');
    expect(retried.status, retried.text).toBe(200);
  });
});
