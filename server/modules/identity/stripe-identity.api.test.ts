import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import {
  connectedAccountPendingVerification,
  connectedAccountRejected,
  connectedAccountVerified,
} from '../../adapters/payments/fixtures/recorded-stripe.js';
import { recordedStripe } from '../../adapters/payments/testing.js';
import { providerEvents, tickets, users } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { startStripeTestApp } from '../checkout/testing.js';
import { deliver, signed } from '../provider-events/testing.js';
import { sendTicketForm, uploadedImage, validTicketFields } from '../tickets/testing.js';

/**
 * Verified sellers through Stripe Connect (issue 44 item 4, decision 0086): identity onboarding through an
 * Account Link, and the verdict from account.updated webhooks signed as Stripe signs them, in any order.
 */
describe.each(backends)('identity verification through Stripe Connect on %s', (backend) => {
  let harness: TestApp;
  const stripe = recordedStripe();
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    harness = await startStripeTestApp(backend, stripe, clock);
  });
  afterAll(async () => {
    await harness.close();
  });
  const db = () => harness.database.db;

  it('puts a waiting listing on sale when Stripe says the seller is verified, whatever order the events come in', async () => {
    const seller = await createTestUser(db());
    const client = await signedInClient(harness, seller.id);
    const fields = {
      ...validTicketFields(await uploadedImage(client)),
      faceValue: '750.00',
      serviceFee: '0.00',
      markup: '0',
      listingPrice: '750.00',
    };
    const created = await sendTicketForm(client, 'POST', '/api/tickets', fields);
    expect(created.body.verificationPrompt).toBe('required');
    const ticketId = created.body.id as number;

    const link = await client.post('/api/identity/verification');
    expect(link.status, link.text).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, seller.id));
    const accountId = row?.stripeAccountId as string;
    expect(link.body.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));
    const call = stripe.calls.find((entry) => entry.path === '/v1/account_links');
    expect(call?.form.get('collection_options[fields]')).toBe('eventually_due');
    expect(call?.form.get('return_url')).toBe(`${harness.config.appUrl}/verify-identity?from=provider`);
    // The sandbox's page is not there with Stripe.
    expect((await client.get(`/api/sandbox/onboarding/${accountId}`)).status).toBe(404);

    // Details sent, identity under review.
    stripe.setAccount(accountId, connectedAccountPendingVerification);
    const submitted = signed('account.updated', { ...connectedAccountPendingVerification, id: accountId });
    expect(await deliver(harness, submitted)).toBe(200);
    expect((await client.get('/api/identity')).body).toMatchObject({
      status: 'pending',
      awaitingListings: 1,
    });

    // Stripe verifies them; its events arrive out of order: the older one last. Each is answered with the
    // account as Stripe has it now.
    stripe.setAccount(accountId, connectedAccountVerified);
    const verified = signed('account.updated', { ...connectedAccountVerified, id: accountId });
    const stale = signed('account.updated', { ...connectedAccountPendingVerification, id: accountId });
    expect(await deliver(harness, verified)).toBe(200);
    expect(await deliver(harness, stale)).toBe(200);
    expect(await deliver(harness, verified)).toBe(200);
    const identity = (await client.get('/api/identity')).body;
    expect(identity).toMatchObject({ status: 'verified', awaitingListings: 0 });
    const [listing] = await db().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(listing).toMatchObject({ status: 'available', awaitingVerification: false, sellerVerified: true });
    const recorded = await db().select().from(providerEvents).where(eq(providerEvents.objectId, accountId));
    expect(recorded.map((event) => event.type)).toEqual([
      'account.updated',
      'account.updated',
      'account.updated',
    ]);
    expect(recorded.every((event) => event.handledAt !== null)).toBe(true);

    // Stripe rejects the account later: the badge goes with it.
    stripe.setAccount(accountId, connectedAccountRejected);
    expect(
      await deliver(harness, signed('account.updated', { ...connectedAccountRejected, id: accountId })),
    ).toBe(200);
    expect((await client.get('/api/identity')).body).toMatchObject({ status: 'declined', verifiedAt: null });
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(after?.sellerVerified).toBe(false);
  });

  it('acknowledges an account of another environment and refuses an unsigned event', async () => {
    const other = signed('account.updated', { ...connectedAccountVerified, id: 'acct_elsewhere' });
    expect(await deliver(harness, other)).toBe(200);
    const forged = await harness.client().request('POST', '/api/webhooks/stripe', {
      body: other.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(CHECKOUT_TEXT.webhookSignatureInvalid);
  });
});
