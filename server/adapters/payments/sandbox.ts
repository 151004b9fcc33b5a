import { createHash, randomBytes } from 'node:crypto';
import type { IdentityStatus } from '../../../common/verified-sellers.js';
import type {
  BalanceMovement,
  CardPaymentState,
  CheckoutPaymentState,
  CheckoutRequest,
  ConnectedAccountRequest,
  CreatedCheckout,
  CreatedSetupIntent,
  CustomerRequest,
  OnboardingLinkRequest,
  PaymentEvent,
  PaymentProvider,
  PaymentRefunds,
  ProviderDispute,
  RefundRequest,
  SavedCard,
  SavedCardCharge,
  SavedCardChargeRequest,
  SetupIntentRequest,
  TransferRequest,
} from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

/** Where the sandbox keeps its sessions' payment state: the checkout module's session rows. */
export interface SandboxSessionStore {
  paymentState(sessionId: string): Promise<CheckoutPaymentState>;
  /** Marks an open session cancelled; a paid or ended one is left alone. */
  cancel(sessionId: string): Promise<void>;
  /**
   * An off-session charge as the session row that recorded it keeps it: unknown (not recorded yet), waiting
   * for the cardholder, succeeded (the sandbox authenticate step approved it) or failed.
   */
  cardPaymentState(paymentReference: string): Promise<'unknown' | 'requires_action' | 'succeeded' | 'failed'>;
  /** The cardholder can no longer authenticate this charge. */
  cancelCardPayment(paymentReference: string): Promise<void>;
  /** A payment's amount and what of it Encore refunded (the sandbox has no refunds of its own). */
  paymentRefunds(paymentReference: string): Promise<PaymentRefunds | null>;
  /** The session a payment was made in. */
  sessionOfPayment(paymentReference: string): Promise<string | null>;
  /**
   * The sandbox's own record of money moved in a period: sessions paid, refunds it was asked for (their
   * references on the sessions and orders) and payouts it transferred.
   */
  balanceMovements(from: Date, to: Date): Promise<BalanceMovement[]>;
}

/** Stripe's words for its test cards, which the sandbox's saved cards imitate. */
export const SANDBOX_DECLINED = 'Your card was declined.';
export const SANDBOX_AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The last four digits in a sandbox card id ('sbx_pm_<last4>_<random>'). */
function sandboxLast4(paymentMethodId: string): string | null {
  return /^sbx_pm_(\d{4})_/.exec(paymentMethodId)?.[1] ?? null;
}

/**
 * Where the sandbox keeps its setup intents and saved cards: the payment-methods module's tables. Its card
 * form confirms an intent there (POST /api/sandbox/setup-intents/{id}/confirm), which saves the card.
 */
export interface SandboxCardStore {
  /** Keeps a new setup intent until the sandbox's card form confirms it. */
  saveSetupIntent(intent: CreatedSetupIntent & { customerId: string }): Promise<void>;
  /** The customer's cards that are not removed, newest first. */
  savedCards(customerId: string): Promise<SavedCard[]>;
  /** Marks a card removed; one removed already is left alone. */
  removeCard(paymentMethodId: string): Promise<void>;
  /** Forgets a customer: its setup intents are deleted and its cards removed. */
  removeCustomer(customerId: string): Promise<void>;
}

/**
 * The local payment provider: sessions are Encore's own (id 'sbx_…'), paid on the sandbox checkout page
 * with test cards; a payment there fulfils on the server as Stripe's webhook would. There is no money, so a
 * refund only returns a reference. Never used in production (createPaymentProvider refuses).
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;

  constructor(
    private readonly appUrl: string,
    private readonly sessions: SandboxSessionStore,
    private readonly cards: SandboxCardStore,
  ) {}

  async createCheckout(_request: CheckoutRequest): Promise<CreatedCheckout> {
    const id = `sbx_${randomBytes(18).toString('base64url')}`;
    return { id, url: `${this.appUrl}/sandbox/checkout/${id}` };
  }

  retrieveCheckout(sessionId: string): Promise<CheckoutPaymentState> {
    return this.sessions.paymentState(sessionId);
  }

  expireCheckout(sessionId: string): Promise<void> {
    return this.sessions.cancel(sessionId);
  }

  async refund(request: RefundRequest): Promise<string> {
    return `sbx_re_${request.sessionId.slice(4)}`;
  }

  async retrievePaymentRefunds(paymentReference: string): Promise<PaymentRefunds> {
    const refunds = await this.sessions.paymentRefunds(paymentReference);
    if (!refunds) throw new Error(`no sandbox payment ${paymentReference}`);
    return refunds;
  }

  checkoutOfPayment(paymentReference: string): Promise<string | null> {
    return this.sessions.sessionOfPayment(paymentReference);
  }

  /** Nobody can dispute a sandbox payment: there is no card issuer. */
  async retrieveDispute(disputeId: string): Promise<ProviderDispute> {
    throw new Error(`the sandbox has no disputes (${disputeId})`);
  }

  /**
   * Saved cards behave as Stripe's test cards: 0341 is declined, 3184 waits for the cardholder until the
   * sandbox authenticate step answers, any other succeeds. The reference comes from the idempotency key, so
   * a retried charge is the same charge.
   */
  async chargeSavedCard(request: SavedCardChargeRequest): Promise<SavedCardCharge> {
    const last4 = sandboxLast4(request.paymentMethodId);
    if (last4 === null || last4 === '0341') return { status: 'declined', reason: SANDBOX_DECLINED };
    const digest = createHash('sha256').update(request.idempotencyKey).digest('base64url');
    const paymentReference = `sbx_pi_${digest.slice(0, 24)}`;
    if (last4 !== '3184') return { status: 'succeeded', paymentReference };
    const state = await this.sessions.cardPaymentState(paymentReference);
    if (state === 'succeeded') return { status: 'succeeded', paymentReference };
    if (state === 'failed') return { status: 'declined', reason: SANDBOX_AUTHENTICATION_FAILED };
    return { status: 'requires_action', paymentReference, clientSecret: `${paymentReference}_secret` };
  }

  async retrieveCardPayment(paymentReference: string): Promise<CardPaymentState> {
    const state = await this.sessions.cardPaymentState(paymentReference);
    if (state === 'succeeded') return { status: 'succeeded', paymentReference };
    if (state === 'requires_action')
      return { status: 'requires_action', paymentReference, clientSecret: `${paymentReference}_secret` };
    return { status: 'failed', paymentReference, reason: SANDBOX_AUTHENTICATION_FAILED };
  }

  cancelCardPayment(paymentReference: string): Promise<void> {
    return this.sessions.cancelCardPayment(paymentReference);
  }

  /** Sandbox sellers are paid without onboarding; connecting one is a formality that succeeds at once. */
  readonly payoutsNeedAccount = false;

  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    return `sbx_acct_${request.userId}`;
  }

  /** No provider pages: the seller is ready straight away and lands back where they came from. */
  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    return request.returnUrl;
  }

  /** The sandbox's onboarding page, where the seller confirms their details (or declines). */
  async createIdentityLink(request: OnboardingLinkRequest): Promise<string> {
    return `${this.appUrl}/sandbox/onboarding/${encodeURIComponent(request.accountId)}`;
  }

  /** The sandbox's onboarding page records its outcome itself: there is no account to ask. */
  async retrieveIdentityVerification(accountId: string): Promise<IdentityStatus> {
    throw new Error(`the sandbox has no account to ask about (${accountId})`);
  }

  /** No money moves; the payouts module records the payout with this reference. */
  async createTransfer(request: TransferRequest): Promise<string> {
    return `sbx_tr_${request.orderId}`;
  }

  /** The sandbox sends no webhooks: its payments fulfil directly. */
  parseWebhook(): PaymentEvent {
    throw new WebhookSignatureError('the sandbox has no webhooks');
  }

  /** One customer per user, named after them, so every instance and every retry names the same one. */
  async createCustomer(request: CustomerRequest): Promise<string> {
    return `sbx_cus_${request.userId}`;
  }

  /** Encore's own setup intents, shaped as Stripe's are: 'sbx_seti_…' and '<id>_secret_…'. */
  async createSetupIntent(request: SetupIntentRequest): Promise<CreatedSetupIntent> {
    const id = `sbx_seti_${randomBytes(18).toString('base64url')}`;
    const intent = { id, clientSecret: `${id}_secret_${randomBytes(24).toString('base64url')}` };
    await this.cards.saveSetupIntent({ ...intent, customerId: request.customerId });
    return intent;
  }

  listSavedCards(customerId: string): Promise<SavedCard[]> {
    return this.cards.savedCards(customerId);
  }

  detachSavedCard(paymentMethodId: string): Promise<void> {
    return this.cards.removeCard(paymentMethodId);
  }

  /** The sandbox's customer is only a name; what it keeps for one is its setup intents and cards. */
  deleteCustomer(customerId: string): Promise<void> {
    return this.cards.removeCustomer(customerId);
  }

  /** Answered from the sandbox's own records, as Stripe answers from its balance (decision 0068). */
  listBalanceMovements(from: Date, to: Date): Promise<BalanceMovement[]> {
    return this.sessions.balanceMovements(from, to);
  }
}
