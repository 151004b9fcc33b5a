import { randomBytes } from 'node:crypto';
import type {
  CheckoutPaymentState,
  CheckoutRequest,
  ConnectedAccountRequest,
  CreatedCheckout,
  CreatedSetupIntent,
  CustomerRequest,
  OnboardingLinkRequest,
  PaymentEvent,
  PaymentProvider,
  RefundRequest,
  SavedCard,
  SetupIntentRequest,
  TransferRequest,
} from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

/** Where the sandbox keeps its sessions' payment state: the checkout module's session rows. */
export interface SandboxSessionStore {
  paymentState(sessionId: string): Promise<CheckoutPaymentState>;
  /** Marks an open session cancelled; a paid or ended one is left alone. */
  cancel(sessionId: string): Promise<void>;
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

  /** Sandbox sellers are paid without onboarding; connecting one is a formality that succeeds at once. */
  readonly payoutsNeedAccount = false;

  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    return `sbx_acct_${request.userId}`;
  }

  /** No provider pages: the seller is ready straight away and lands back where they came from. */
  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    return request.returnUrl;
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
}
