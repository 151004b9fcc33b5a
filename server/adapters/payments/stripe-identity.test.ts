import { describe, expect, it } from 'vitest';
import {
  connectedAccount,
  connectedAccountPendingVerification,
  connectedAccountRejected,
  connectedAccountVerified,
} from './fixtures/recorded-stripe.js';
import { WebhookSignatureError } from './payment-provider.js';
import { identityStatusOf, StripePaymentProvider } from './stripe.js';
import { recordedProvider, recordedStripe, signedEvent, TEST_WEBHOOK_SECRET } from './testing.js';

const provider = () => recordedProvider(recordedStripe());

describe('Stripe Connect identity verification (recorded responses; decision 0086)', () => {
  it('reads an account’s verification from its requirements', () => {
    type Account = Parameters<typeof identityStatusOf>[0];
    expect(identityStatusOf(connectedAccount as unknown as Account)).toBe('unverified');
    expect(identityStatusOf(connectedAccountPendingVerification as unknown as Account)).toBe('pending');
    expect(identityStatusOf(connectedAccountVerified as unknown as Account)).toBe('verified');
    expect(identityStatusOf(connectedAccountRejected as unknown as Account)).toBe('declined');
    // Details sent but something still due (Stripe asked again): not verified.
    const askedAgain = {
      ...connectedAccountVerified,
      requirements: {
        ...connectedAccountVerified.requirements,
        currently_due: ['individual.verification.document'],
      },
    };
    expect(identityStatusOf(askedAgain as unknown as Account)).toBe('pending');
  });

  it('links to onboarding that collects every requirement, identity included, up front', async () => {
    const { stripe, payments } = provider();
    const accountId = await payments.createConnectedAccount({ userId: 4, email: 'seller@example.com' });
    const url = await payments.createIdentityLink({
      accountId,
      refreshUrl: 'http://localhost:3000/verify-identity?from=refresh',
      returnUrl: 'http://localhost:3000/verify-identity?from=provider',
    });
    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));
    const call = stripe.calls.at(-1);
    expect(call?.path).toBe('/v1/account_links');
    expect(Object.fromEntries(call?.form ?? [])).toEqual({
      account: accountId,
      refresh_url: 'http://localhost:3000/verify-identity?from=refresh',
      return_url: 'http://localhost:3000/verify-identity?from=provider',
      type: 'account_onboarding',
      'collection_options[fields]': 'eventually_due',
      'collection_options[future_requirements]': 'include',
    });
  });

  it('asks Stripe for the account as it stands now', async () => {
    const { stripe, payments } = provider();
    const accountId = await payments.createConnectedAccount({ userId: 4, email: 'seller@example.com' });
    expect(await payments.retrieveIdentityVerification(accountId)).toBe('unverified');
    stripe.setAccount(accountId, connectedAccountVerified);
    expect(await payments.retrieveIdentityVerification(accountId)).toBe('verified');
    expect(stripe.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/accounts/${accountId}` });
  });

  it('reads a signed account.updated as the account it names', () => {
    const { payments } = provider();
    const { payload, signature } = signedEvent('account.updated', {
      ...connectedAccountPendingVerification,
      id: 'acct_test_42',
    });
    expect(payments.parseWebhook(Buffer.from(payload), signature)).toMatchObject({
      type: 'account.updated',
      providerType: 'account.updated',
      accountId: 'acct_test_42',
    });
    expect(() => payments.parseWebhook(Buffer.from(payload), 't=1,v1=bad')).toThrow();
  });

  it('takes connected accounts’ events signed with the Connect endpoint’s own secret, and only then', () => {
    const connectSecret = 'whsec_test_encore_connect';
    const event = signedEvent(
      'account.updated',
      { ...connectedAccountVerified, id: 'acct_test_7' },
      connectSecret,
    );
    const { payments } = provider();
    expect(() => payments.parseWebhook(Buffer.from(event.payload), event.signature)).toThrow(
      WebhookSignatureError,
    );
    const withConnect = new StripePaymentProvider({
      secretKey: 'sk_test_encore',
      webhookSecret: TEST_WEBHOOK_SECRET,
      connectWebhookSecret: connectSecret,
      httpClient: recordedStripe().httpClient,
    });
    expect(withConnect.parseWebhook(Buffer.from(event.payload), event.signature)).toMatchObject({
      type: 'account.updated',
      accountId: 'acct_test_7',
    });
    // The platform's own endpoint still signs checkout events.
    const checkout = signedEvent('checkout.session.expired', { id: 'cs_test_1', object: 'checkout.session' });
    expect(withConnect.parseWebhook(Buffer.from(checkout.payload), checkout.signature)).toMatchObject({
      type: 'checkout.expired',
    });
  });
});
