import type { IdentityStatus } from '../../../common/verified-sellers.js';

/**
 * Card payments through a hosted checkout (decision 0012). Production: Stripe Checkout. Local default: the
 * sandbox, Encore's own checkout page at /sandbox/checkout/{sessionId}. The checkout module keeps the
 * session rows; a provider only talks to the payment side.
 */

export interface CheckoutRequest {
  /** Unique per payment attempt: the idempotency key, so a retried request creates no second session. */
  attemptKey: string;
  /** The all-in total in cents: what the card is charged. */
  amountCents: number;
  /** Shown on the hosted page. */
  productName: string;
  description: string;
  ticketId: number;
  buyerId: number;
  version: number;
  customerEmail: string;
  /** May hold {CHECKOUT_SESSION_ID}, which the provider replaces with the session id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
}

export interface CreatedCheckout {
  id: string;
  url: string;
}

/** What the provider says about a session: paid (with the payment to refund if need be), open or expired. */
export type CheckoutPaymentState =
  | { status: 'paid'; paymentReference: string }
  | { status: 'open' }
  | { status: 'expired' };

export interface RefundRequest {
  sessionId: string;
  paymentReference: string;
  amountCents: number;
  /** One refund per key, however often it is asked for. */
  idempotencyKey: string;
}

/**
 * A provider event (from a verified webhook), as the provider-events module records and acts on it. Events
 * may come in any order and a delivered one is not sent again, so each only names the object that changed:
 * the handler asks the provider where that object stands now (decision 0050).
 */
export type PaymentEvent = {
  /** The provider's event id ('evt_…'): a redelivery of the same event carries the same id. */
  id: string;
  /** The provider's own name of the event, kept in the record ('charge.refunded'). */
  providerType: string;
} & (
  | { type: 'checkout.completed'; sessionId: string }
  | { type: 'checkout.expired'; sessionId: string }
  | {
      type: 'charge.refunded';
      paymentReference: string;
      /** The provider's latest refund, or the charge when the event does not carry its refunds. */
      refundReference: string;
    }
  | { type: 'dispute.created' | 'dispute.closed'; paymentReference: string; disputeId: string }
  /** A seller's connected account changed: their identity verification may have (decision 0086). */
  | { type: 'account.updated'; accountId: string }
  | { type: 'ignored' }
);

/** What has been refunded of a payment, all refunds together, wherever they were made. */
export interface PaymentRefunds {
  amountCents: number;
  refundedCents: number;
}

/** A card issuer's dispute as the provider has it now: open, or decided for the seller (won) or the buyer. */
export interface ProviderDispute {
  id: string;
  paymentReference: string;
  state: 'open' | 'won' | 'lost';
  reason: string;
  /**
   * What the provider has charged Encore for the dispute so far, in cents: its dispute fee, less any of it
   * returned (a won dispute may give it back). Zero where the provider charges none.
   */
  feeCents: number;
}

/** An off-session charge of a saved card (a bid's purchase; decision 0045). */
export interface SavedCardChargeRequest {
  /** The provider's customer the card is saved on. */
  customerId: string;
  paymentMethodId: string;
  /** The all-in amount in cents. */
  amountCents: number;
  /** One charge per key, however often it is asked for: a retried or recovered charge is the same charge. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** What the provider made of an off-session charge. */
export type SavedCardCharge =
  | { status: 'succeeded'; paymentReference: string }
  /** The bank wants the cardholder: they finish on Encore's page with the client secret. */
  | { status: 'requires_action'; paymentReference: string; clientSecret: string }
  /** Accepted but not settled yet; asked again later. */
  | { status: 'processing'; paymentReference: string }
  | { status: 'declined'; reason: string };

/** A charge's state later: as a charge answers, or failed (authentication refused, cancelled). */
export type CardPaymentState =
  | Exclude<SavedCardCharge, { status: 'declined' }>
  | { status: 'failed'; paymentReference: string; reason: string };

export class WebhookSignatureError extends Error {}

/** A seller's account for receiving payouts (Stripe Connect Express). */
export interface ConnectedAccountRequest {
  userId: number;
  email: string;
}

export interface OnboardingLinkRequest {
  accountId: string;
  /** Where the provider sends the seller back when the link expired or was used already. */
  refreshUrl: string;
  /** Where the provider sends the seller when onboarding is finished. */
  returnUrl: string;
}

/** A seller's proceeds leaving the platform's balance for their connected account. */
export interface TransferRequest {
  amountCents: number;
  /** The seller's connected account; null only where the provider needs none (the sandbox). */
  destinationAccountId: string | null;
  orderId: number;
  /** One transfer per key, however often the payout is retried. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly kind: 'stripe' | 'sandbox';
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** The session's payment state at the provider. */
  retrieveCheckout(sessionId: string): Promise<CheckoutPaymentState>;
  /** Ends an unpaid session so it can no longer be paid; one that is already paid or ended is left alone. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Refunds `amountCents` of a payment (what is left of it); returns the provider's refund reference. */
  refund(request: RefundRequest): Promise<string>;
  /** How much of a payment has been refunded so far, by Encore or at the provider. */
  retrievePaymentRefunds(paymentReference: string): Promise<PaymentRefunds>;
  /** The hosted checkout session a payment was made in, or null when the provider knows none. */
  checkoutOfPayment(paymentReference: string): Promise<string | null>;
  /** A card issuer's dispute as it stands now. */
  retrieveDispute(disputeId: string): Promise<ProviderDispute>;
  /** Charges a saved card without the cardholder present. */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<SavedCardCharge>;
  /** Where a charge stands now. */
  retrieveCardPayment(paymentReference: string): Promise<CardPaymentState>;
  /** Ends a charge still waiting for the cardholder so it can no longer be completed; others are left alone. */
  cancelCardPayment(paymentReference: string): Promise<void>;
  /** Verifies and reads a webhook delivery; throws WebhookSignatureError when it is not genuine. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  /** Whether a seller needs a connected account before they can be paid (Stripe yes, the sandbox no). */
  readonly payoutsNeedAccount: boolean;
  /** Creates the seller's connected account; returns its id. */
  createConnectedAccount(request: ConnectedAccountRequest): Promise<string>;
  /** A one-time link to the provider's onboarding for a connected account. */
  createOnboardingLink(request: OnboardingLinkRequest): Promise<string>;
  /**
   * A one-time link to the provider's onboarding that asks for the seller's identity up front (decision
   * 0086): Stripe's Account Link collecting every requirement, the sandbox's own onboarding page.
   */
  createIdentityLink(request: OnboardingLinkRequest): Promise<string>;
  /** Where a connected account's identity verification stands now, at the provider. */
  retrieveIdentityVerification(accountId: string): Promise<IdentityStatus>;
  /** Pays a seller; returns the provider's transfer reference. */
  createTransfer(request: TransferRequest): Promise<string>;
  /** Creates the buyer's customer at the provider, who holds their saved cards; returns its id. */
  createCustomer(request: CustomerRequest): Promise<string>;
  /** Starts saving a card for off-session charges; the browser confirms it with the client secret. */
  createSetupIntent(request: SetupIntentRequest): Promise<CreatedSetupIntent>;
  /** The customer's saved cards, newest first, with only what the picker shows. */
  listSavedCards(customerId: string): Promise<SavedCard[]>;
  /** Removes a saved card from its customer, so it can no longer be charged. */
  detachSavedCard(paymentMethodId: string): Promise<void>;
  /**
   * Deletes the member's customer at the provider, with the e-mail address it holds and any card still on
   * it, when they close their account (decision 0099). A customer already deleted counts as done.
   */
  deleteCustomer(customerId: string): Promise<void>;
  /**
   * The payments, refunds, transfers and dispute fees in the platform's balance from `from` up to `to` (the
   * ledger's self-check compares them with its journals; decisions 0068, 0079). Processing fees, payouts to
   * the bank and the disputed amounts themselves are left out.
   */
  listBalanceMovements(from: Date, to: Date): Promise<BalanceMovement[]>;
}

/** One movement of the platform's balance at the provider. */
export interface BalanceMovement {
  type: 'payment' | 'refund' | 'transfer' | 'dispute_fee';
  /** The payment (payment intent) a payment or a refund is of; a transfer's or a dispute's own id. */
  reference: string;
  /**
   * What moved, in cents: positive, except a dispute fee given back (negative, against the positive fee
   * charged when the dispute opened).
   */
  amountCents: number;
}

/** A buyer's customer at the provider, the holder of their saved cards (decision 0044). */
export interface CustomerRequest {
  userId: number;
  email: string;
}

export interface SetupIntentRequest {
  customerId: string;
  /** One setup intent per key, however often the request is retried. */
  idempotencyKey: string;
}

export interface CreatedSetupIntent {
  id: string;
  /** Given to the browser only, to confirm the card entry. */
  clientSecret: string;
}

/** A saved card as the provider describes it: never its number or security code. */
export interface SavedCard {
  /** The provider's payment method id ('pm_…', 'sbx_pm_…'). */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The provider's fingerprint of the card number: the same for the same card on any customer. */
  fingerprint: string | null;
}
