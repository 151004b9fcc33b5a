import Stripe from 'stripe';
import { MAX_SAVED_CARDS } from '../../../common/schemas/payment-methods.js';
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

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /**
   * The signing secret of the Connect endpoint: Stripe sends connected accounts' events (account.updated,
   * decision 0086) from an endpoint of their own, with its own secret.
   */
  connectWebhookSecret?: string | undefined;
  /** Tests pass an HTTP client that answers with recorded Stripe responses. */
  httpClient?: Stripe.HttpClient;
}

/**
 * The event, if one of the endpoints' secrets signed it. A plain function, not a method: the provider is used
 * through guardProviderErrors' proxy, which would make any method it reaches asynchronous.
 */
function verifiedEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string,
  secrets: (string | undefined)[],
): Stripe.Event {
  let failure: unknown;
  for (const secret of secrets) {
    if (!secret) continue;
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      failure = error;
    }
  }
  throw new WebhookSignatureError(failure instanceof Error ? failure.message : 'invalid signature');
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** What a PaymentIntent's status means for Encore (requires_capture never occurs: capture is automatic). */
function cardPaymentOf(intent: Stripe.PaymentIntent): CardPaymentState {
  const paymentReference = intent.id;
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', paymentReference };
    case 'requires_action':
    case 'requires_confirmation':
      return { status: 'requires_action', paymentReference, clientSecret: intent.client_secret ?? '' };
    case 'processing':
    case 'requires_capture':
      return { status: 'processing', paymentReference };
    default:
      return {
        status: 'failed',
        paymentReference,
        reason:
          intent.last_payment_error?.message ?? `The payment was ${intent.status.replaceAll('_', ' ')}.`,
      };
  }
}

/**
 * Stripe's dispute statuses as Encore reads them: lost takes the money back; won and warning_closed (an
 * inquiry that never became a chargeback) leave it with the seller; every other status is still open.
 */
function disputeStateOf(status: Stripe.Dispute.Status | string): ProviderDispute['state'] {
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  return 'open';
}

/** Whole seconds, as Stripe's `created` filters take them. */
const secondsOf = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * A balance transaction as a movement, by its type: a charge (or payment) received, a refund made, a
 * transfer to a connected account, a dispute's fee; anything else (processing fees, payouts to the bank, the
 * disputed amount itself) is not one.
 * The source is expanded, so a charge's or refund's payment intent is at hand.
 */
function movementOf(transaction: Stripe.BalanceTransaction): BalanceMovement | null {
  const source = transaction.source;
  if (!source || typeof source === 'string') return null;
  switch (transaction.type) {
    case 'charge':
    case 'payment': {
      const reference = 'payment_intent' in source ? idOf(source.payment_intent as string | null) : null;
      return reference ? { type: 'payment', reference, amountCents: transaction.amount } : null;
    }
    case 'refund':
    case 'payment_refund': {
      const reference = 'payment_intent' in source ? idOf(source.payment_intent as string | null) : null;
      return reference ? { type: 'refund', reference, amountCents: -transaction.amount } : null;
    }
    case 'transfer':
      return { type: 'transfer', reference: source.id, amountCents: -transaction.amount };
    case 'adjustment':
      // A dispute's adjustment: the disputed amount (booked by the ledger when the dispute is lost) and,
      // as its fee, the dispute fee (booked when the dispute is read), or the fee given back.
      return source.object === 'dispute' && transaction.fee !== 0
        ? { type: 'dispute_fee', reference: source.id, amountCents: transaction.fee }
        : null;
    default:
      return null;
  }
}

/**
 * A connected account's identity verification as Encore reads it (decision 0086). Express accounts do not
 * show the platform the person's own verification, so their requirements tell it: rejected by Stripe is
 * declined; transfers active with nothing due and nothing under review is verified; details sent and being
 * reviewed (or sent with something still due) is pending; anything else has not been done yet.
 */
export function identityStatusOf(account: Stripe.Account): IdentityStatus {
  const requirements = account.requirements;
  if (requirements?.disabled_reason?.startsWith('rejected.')) return 'declined';
  const personal = account.individual?.verification?.status;
  if (personal === 'verified') return 'verified';
  const due = [...(requirements?.currently_due ?? []), ...(requirements?.past_due ?? [])];
  const reviewing = requirements?.pending_verification ?? [];
  if (
    account.details_submitted &&
    account.capabilities?.transfers === 'active' &&
    due.length === 0 &&
    reviewing.length === 0
  )
    return 'verified';
  if (account.details_submitted || reviewing.length > 0) return 'pending';
  return 'unverified';
}

/** Stripe Checkout (official SDK): one Checkout Session per payment attempt, for the all-in amount. */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(settings.httpClient ? { httpClient: settings.httpClient } : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
    const metadata = {
      ticketId: String(request.ticketId),
      buyerId: String(request.buyerId),
      version: String(request.version),
    };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: request.amountCents,
              product_data: { name: request.productName, description: request.description },
            },
          },
        ],
        customer_email: request.customerEmail,
        client_reference_id: String(request.ticketId),
        metadata,
        payment_intent_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      },
      { idempotencyKey: request.attemptKey },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutPaymentState> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    const paymentReference = idOf(session.payment_intent);
    if (session.payment_status === 'paid' && paymentReference) return { status: 'paid', paymentReference };
    if (session.status === 'expired') return { status: 'expired' };
    return { status: 'open' };
  }

  async expireCheckout(sessionId: string): Promise<void> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status !== 'open') return;
    await this.stripe.checkout.sessions.expire(sessionId);
  }

  async refund(request: RefundRequest): Promise<string> {
    const refund = await this.stripe.refunds.create(
      {
        payment_intent: request.paymentReference,
        amount: request.amountCents,
        metadata: { checkoutSessionId: request.sessionId },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return refund.id;
  }

  async retrievePaymentRefunds(paymentReference: string): Promise<PaymentRefunds> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentReference, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    return { amountCents: intent.amount, refundedCents: charge?.amount_refunded ?? 0 };
  }

  async checkoutOfPayment(paymentReference: string): Promise<string | null> {
    const sessions = await this.stripe.checkout.sessions.list({ payment_intent: paymentReference, limit: 1 });
    return sessions.data[0]?.id ?? null;
  }

  async retrieveDispute(disputeId: string): Promise<ProviderDispute> {
    const dispute = await this.stripe.disputes.retrieve(disputeId);
    const paymentReference = idOf(dispute.payment_intent);
    if (!paymentReference) throw new Error(`Stripe dispute ${disputeId} names no payment intent`);
    return {
      id: dispute.id,
      paymentReference,
      state: disputeStateOf(dispute.status),
      reason: dispute.reason,
      // Each of the dispute's balance transactions carries its fee: the fee charged, or given back.
      feeCents: (dispute.balance_transactions ?? []).reduce((sum, transaction) => sum + transaction.fee, 0),
    };
  }

  /**
   * A PaymentIntent confirmed off-session for the saved card (one per idempotency key). Stripe answers a
   * decline with a card error carrying the PaymentIntent; when the bank wants the cardholder
   * (authentication_required) the intent is confirmed again on-session, so Stripe.js's confirmCardPayment on
   * Encore's page can take the cardholder through it.
   */
  async chargeSavedCard(request: SavedCardChargeRequest): Promise<SavedCardCharge> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          customer: request.customerId,
          payment_method: request.paymentMethodId,
          // No redirecting methods: confirming on-session later needs no return URL.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: request.metadata,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return this.chargeOf(intent);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
      const intent = error.payment_intent;
      if (error.code === 'authentication_required' && intent) return this.handOver(intent.id, request);
      return { status: 'declined', reason: error.message };
    }
  }

  /** Confirms on-session for the cardholder's step; a card error now (an expired card, say) is a decline. */
  private async handOver(intentId: string, request: SavedCardChargeRequest): Promise<SavedCardCharge> {
    try {
      const onSession = await this.stripe.paymentIntents.confirm(
        intentId,
        { payment_method: request.paymentMethodId },
        { idempotencyKey: `${request.idempotencyKey}-on-session` },
      );
      return this.chargeOf(onSession);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError)
        return { status: 'declined', reason: error.message };
      throw error;
    }
  }

  private chargeOf(intent: Stripe.PaymentIntent): SavedCardCharge {
    const state = cardPaymentOf(intent);
    return state.status === 'failed' ? { status: 'declined', reason: state.reason } : state;
  }

  async retrieveCardPayment(paymentReference: string): Promise<CardPaymentState> {
    return cardPaymentOf(await this.stripe.paymentIntents.retrieve(paymentReference));
  }

  async cancelCardPayment(paymentReference: string): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentReference);
    const waiting = ['requires_action', 'requires_confirmation', 'requires_payment_method'];
    if (waiting.includes(intent.status)) await this.stripe.paymentIntents.cancel(paymentReference);
  }

  readonly payoutsNeedAccount = true;

  /** An Express account that can receive transfers; one per seller (the idempotency key covers a double click). */
  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: request.email,
        capabilities: { transfers: { requested: true } },
        metadata: { userId: String(request.userId) },
      },
      { idempotencyKey: `connect-account-${request.userId}` },
    );
    return account.id;
  }

  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: request.accountId,
      refresh_url: request.refreshUrl,
      return_url: request.returnUrl,
      type: 'account_onboarding',
    });
    return link.url;
  }

  /**
   * The same onboarding, asking for everything Stripe will eventually need (identity included) now, so a
   * seller who finishes it is verified rather than asked again at their first payout (decision 0086).
   */
  async createIdentityLink(request: OnboardingLinkRequest): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: request.accountId,
      refresh_url: request.refreshUrl,
      return_url: request.returnUrl,
      type: 'account_onboarding',
      collection_options: { fields: 'eventually_due', future_requirements: 'include' },
    });
    return link.url;
  }

  async retrieveIdentityVerification(accountId: string): Promise<IdentityStatus> {
    return identityStatusOf(await this.stripe.accounts.retrieve(accountId));
  }

  /** Separate charges and transfers: the buyer's payment stays on the platform until the payout. */
  async createTransfer(request: TransferRequest): Promise<string> {
    if (!request.destinationAccountId) throw new Error('a Stripe payout needs a connected account');
    const transfer = await this.stripe.transfers.create(
      {
        amount: request.amountCents,
        currency: 'usd',
        destination: request.destinationAccountId,
        transfer_group: `order-${request.orderId}`,
        metadata: { orderId: String(request.orderId) },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return transfer.id;
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
    if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
    const { webhookSecret, connectWebhookSecret } = this.settings;
    const event = verifiedEvent(this.stripe, rawBody, signature, [webhookSecret, connectWebhookSecret]);
    const envelope = { id: event.id, providerType: event.type };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return { ...envelope, type: 'checkout.completed', sessionId: event.data.object.id };
      case 'checkout.session.expired':
        return { ...envelope, type: 'checkout.expired', sessionId: event.data.object.id };
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentReference = idOf(charge.payment_intent);
        if (!paymentReference) return { ...envelope, type: 'ignored' };
        const refundReference = charge.refunds?.data[0]?.id ?? charge.id;
        return { ...envelope, type: 'charge.refunded', paymentReference, refundReference };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const paymentReference = idOf(dispute.payment_intent);
        if (!paymentReference) return { ...envelope, type: 'ignored' };
        const type = event.type === 'charge.dispute.closed' ? 'dispute.closed' : 'dispute.created';
        return { ...envelope, type, paymentReference, disputeId: dispute.id };
      }
      // A connected account's event arrives at a Connect endpoint; the account is named by the event.
      case 'account.updated':
        return { ...envelope, type: 'account.updated', accountId: event.account ?? event.data.object.id };
      default:
        return { ...envelope, type: 'ignored' };
    }
  }

  /** One customer per user: the idempotency key makes two simultaneous first uses name the same customer. */
  async createCustomer(request: CustomerRequest): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: request.email, metadata: { userId: String(request.userId) } },
      { idempotencyKey: `payment-customer-${request.userId}` },
    );
    return customer.id;
  }

  /** A card saved for later charges without the buyer present (bids); entered in Stripe Elements only. */
  async createSetupIntent(request: SetupIntentRequest): Promise<CreatedSetupIntent> {
    const intent = await this.stripe.setupIntents.create(
      { customer: request.customerId, usage: 'off_session', allowed_payment_method_types: ['card'] },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!intent.client_secret)
      throw new Error(`Stripe returned setup intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async listSavedCards(customerId: string): Promise<SavedCard[]> {
    const methods = await this.stripe.paymentMethods
      .list({ customer: customerId, type: 'card', limit: MAX_SAVED_CARDS })
      .autoPagingToArray({ limit: MAX_SAVED_CARDS });
    return methods.flatMap((method) =>
      method.card
        ? [
            {
              id: method.id,
              brand: method.card.brand,
              last4: method.card.last4,
              expMonth: method.card.exp_month,
              expYear: method.card.exp_year,
              fingerprint: method.card.fingerprint ?? null,
            },
          ]
        : [],
    );
  }

  async detachSavedCard(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (error) {
      // Deleted by an earlier run of the same job: Stripe no longer knows it.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        return;
      throw error;
    }
  }

  /** Every page of GET /v1/balance_transactions for the period, sources expanded (the SDK pages on). */
  async listBalanceMovements(from: Date, to: Date): Promise<BalanceMovement[]> {
    const movements: BalanceMovement[] = [];
    const pages = this.stripe.balanceTransactions.list({
      created: { gte: secondsOf(from), lt: secondsOf(to) },
      limit: 100,
      expand: ['data.source'],
    });
    for await (const transaction of pages) {
      const movement = movementOf(transaction);
      if (movement) movements.push(movement);
    }
    return movements;
  }
}
