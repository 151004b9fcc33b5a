import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import { SandboxPaymentProvider } from '../../adapters/payments/sandbox.js';
import { StripePaymentProvider } from '../../adapters/payments/stripe.js';
import { recordedStripe, TEST_WEBHOOK_SECRET } from '../../adapters/payments/testing.js';
import { jobs, payouts, users } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { sandboxSessionStore } from '../checkout/service.js';
import { sandboxCardStore } from '../payment-methods/service.js';
import { PAYOUT_JOB } from '../sales/timeline.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';
import { PAYOUT_NOTE } from './payout.js';
import { buyListing, testJobRunner } from './testing.js';

/**
 * Buying goes through the sandbox checkout (the Stripe Checkout path has its own tests); payouts go through
 * Stripe Connect, answered by the recorded Stripe responses.
 */
function sandboxCheckoutWithStripeConnect(getSandbox: () => SandboxPaymentProvider) {
  const stripe = recordedStripe();
  const connect = new StripePaymentProvider({
    secretKey: 'sk_test_encore',
    webhookSecret: TEST_WEBHOOK_SECRET,
    httpClient: stripe.httpClient,
  });
  const payments: PaymentProvider = {
    kind: 'sandbox',
    createCheckout: (request) => getSandbox().createCheckout(request),
    retrieveCheckout: (id) => getSandbox().retrieveCheckout(id),
    expireCheckout: (id) => getSandbox().expireCheckout(id),
    refund: (request) => getSandbox().refund(request),
    retrievePaymentRefunds: (reference) => getSandbox().retrievePaymentRefunds(reference),
    checkoutOfPayment: (reference) => getSandbox().checkoutOfPayment(reference),
    retrieveDispute: (id) => getSandbox().retrieveDispute(id),
    chargeSavedCard: (request) => getSandbox().chargeSavedCard(request),
    retrieveCardPayment: (reference) => getSandbox().retrieveCardPayment(reference),
    cancelCardPayment: (reference) => getSandbox().cancelCardPayment(reference),
    parseWebhook: () => getSandbox().parseWebhook(),
    payoutsNeedAccount: connect.payoutsNeedAccount,
    createConnectedAccount: (request) => connect.createConnectedAccount(request),
    createOnboardingLink: (request) => connect.createOnboardingLink(request),
    createIdentityLink: (request) => connect.createIdentityLink(request),
    retrieveIdentityVerification: (accountId) => connect.retrieveIdentityVerification(accountId),
    createTransfer: (request) => connect.createTransfer(request),
    createCustomer: (request) => getSandbox().createCustomer(request),
    createSetupIntent: (request) => getSandbox().createSetupIntent(request),
    listSavedCards: (customerId) => getSandbox().listSavedCards(customerId),
    detachSavedCard: (id) => getSandbox().detachSavedCard(id),
    deleteCustomer: (id) => getSandbox().deleteCustomer(id),
    listBalanceMovements: (from, to) => getSandbox().listBalanceMovements(from, to),
  };
  return { stripe, payments };
}

describe.each(backends)('payouts through Stripe Connect on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  let sandbox: SandboxPaymentProvider | undefined;
  const { stripe, payments } = sandboxCheckoutWithStripeConnect(() => {
    if (!sandbox) throw new Error('sandbox not ready');
    return sandbox;
  });
  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock, payments });
    sandbox = new SandboxPaymentProvider(
      harness.config.appUrl,
      sandboxSessionStore(harness.database.db, clock),
      sandboxCardStore(harness.database.db, clock),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  it('waits for a seller without a connected account, tells them, and pays once they have onboarded', async () => {
    const db = harness.database.db;
    const seller = await createTestUser(db);
    const buyerAccount = await createTestUser(db);
    const sellerClient = await signedInClient(harness, seller.id);
    const buyer = await signedInClient(harness, buyerAccount.id);
    const { ticket, order } = await buyListing(harness, buyer, seller.id);
    await initiateTransfer(db, ticket.id, seller.id, clock.now());
    await completeTransfer(db, ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());

    clock.set(new Date('2030-05-04T05:00:00Z'));
    const runner = testJobRunner(harness, clock, payments);
    await runner.runOnce();
    expect(await db.select().from(payouts).where(eq(payouts.orderId, order.id))).toEqual([]);
    const [payoutJob] = (await db.select().from(jobs).where(eq(jobs.kind, PAYOUT_JOB))).filter(
      (job) => job.key === String(order.id),
    );
    expect(payoutJob).toMatchObject({ doneAt: null, lastError: PAYOUT_NOTE.noAccount, attempts: 0 });
    const listed = await sellerClient.get('/api/payouts');
    expect(listed.body.account).toEqual({ required: true, connected: false });
    expect(listed.body.payouts[0]).toMatchObject({ orderId: order.id, status: 'needs_account' });
    expect(stripe.calls.filter((call) => call.path === '/v1/transfers')).toEqual([]);

    const onboarding = await sellerClient.post('/api/payouts/onboarding');
    expect(onboarding.status, onboarding.text).toBe(200);
    const [account] = await db
      .select({ id: users.stripeAccountId })
      .from(users)
      .where(eq(users.id, seller.id));
    expect(account?.id).toMatch(/^acct_test_/);
    expect(onboarding.body.url).toMatch(`https://connect.stripe.com/setup/e/${account?.id}/`);
    const link = stripe.calls.find((call) => call.path === '/v1/account_links');
    expect(link?.form.get('return_url')).toBe(`${harness.config.appUrl}/profile?payouts=connected`);
    // A second click makes a new link for the same account.
    expect((await sellerClient.post('/api/payouts/onboarding')).status).toBe(200);
    expect(stripe.calls.filter((call) => call.path === '/v1/accounts')).toHaveLength(1);

    // Onboarding brought the waiting payout forward: it runs now, not a day later.
    await runner.runOnce();
    await runner.runOnce();
    const [paid] = await db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(paid).toMatchObject({ status: 'paid', amountCents: order.sellerProceedsCents });
    expect(paid?.providerReference).toMatch(/^tr_test_/);
    const transfers = stripe.calls.filter((call) => call.path === '/v1/transfers');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.idempotencyKey).toBe(`payout-${order.id}`);
    expect(Object.fromEntries(transfers[0]?.form ?? [])).toMatchObject({
      amount: String(order.sellerProceedsCents),
      destination: account?.id,
    });
    expect((await sellerClient.get('/api/payouts')).body.account).toEqual({
      required: true,
      connected: true,
    });
  });

  it('keeps a payout the provider refuses pending, with the reason, and retries it with backoff', async () => {
    const db = harness.database.db;
    const seller = await createTestUser(db);
    const buyerAccount = await createTestUser(db);
    const buyer = await signedInClient(harness, buyerAccount.id);
    // An account Stripe does not know (deleted, say): the transfer is refused.
    await db.update(users).set({ stripeAccountId: 'acct_missing' }).where(eq(users.id, seller.id));
    clock.set(new Date('2030-03-01T12:00:00Z'));
    const { ticket, order } = await buyListing(harness, buyer, seller.id);
    await initiateTransfer(db, ticket.id, seller.id, clock.now());
    await completeTransfer(db, ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
    clock.set(new Date('2030-05-04T05:00:00Z'));
    await testJobRunner(harness, clock, payments).runOnce();
    const [pending] = await db.select().from(payouts).where(eq(payouts.orderId, order.id));
    expect(pending).toMatchObject({ status: 'pending', paidAt: null });
    expect(pending?.failureReason).toMatch(/No such destination/);
    const [job] = (await db.select().from(jobs).where(eq(jobs.kind, PAYOUT_JOB))).filter(
      (row) => row.key === String(order.id),
    );
    expect(job).toMatchObject({ attempts: 1, doneAt: null });
    expect(job?.runAt).toEqual(new Date(clock.now().getTime() + 60_000));
    expect(job?.lastError).toMatch(/No such destination/);
    // The buyer can no longer dispute a payout that has started.
    const report = await buyer.post(`/api/tickets/${ticket.id}/report-problem`, { reason: 'late' });
    expect(report.status).toBe(409);
  });
});
