import Stripe from 'stripe';
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

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests pass an HTTP client that answers with recorded Stripe responses. */
  httpClient?: Stripe.HttpClient;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
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
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return { type: 'checkout.completed', sessionId: event.data.object.id };
      case 'checkout.session.expired':
        return { type: 'checkout.expired', sessionId: event.data.object.id };
      case 'charge.refunded': {
        const charge = event.data.object;
        const paymentReference = idOf(charge.payment_intent);
        if (!paymentReference) return { type: 'ignored', eventType: event.type };
        return {
          type: 'charge.refunded',
          paymentReference,
          refundReference: charge.refunds?.data[0]?.id ?? charge.id,
          fullyRefunded: charge.refunded,
          amountRefundedCents: charge.amount_refunded,
        };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const paymentReference = idOf(dispute.payment_intent);
        if (!paymentReference) return { type: 'ignored', eventType: event.type };
        return event.type === 'charge.dispute.created'
          ? { type: 'dispute.created', paymentReference, disputeId: dispute.id, reason: dispute.reason }
          : {
              type: 'dispute.closed',
              paymentReference,
              disputeId: dispute.id,
              lost: dispute.status === 'lost',
            };
      }
      default:
        return { type: 'ignored', eventType: event.type };
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
      .list({ customer: customerId, type: 'card', limit: 100 })
      .autoPagingToArray({ limit: 1000 });
    return methods.flatMap((method) =>
      method.card
        ? [
            {
              id: method.id,
              brand: method.card.brand,
              last4: method.card.last4,
              expMonth: method.card.exp_month,
              expYear: method.card.exp_year,
            },
          ]
        : [],
    );
  }

  async detachSavedCard(paymentMethodId: string): Promise<void> {
    await this.stripe.paymentMethods.detach(paymentMethodId);
  }
}
