import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DISPUTE_SOURCES, REFUND_CAUSES } from '../../../common/sale-vocabulary.js';
import { users } from './auth.js';
import { createdAt } from './columns.js';
import { tickets } from './tickets.js';

export const paymentProviders = ['stripe', 'sandbox'] as const;
/** Where the payment stands at the provider. */
export const checkoutPaymentStatuses = ['open', 'paid', 'expired', 'cancelled'] as const;
/** What fulfilment made of a paid session: the sale, or a refund (pending until the provider confirms it). */
export const checkoutOutcomes = ['fulfilled', 'refund_pending', 'refunded'] as const;
/** hosted: the buyer pays on the provider's page; off_session: a bid charges a saved card (decision 0045). */
export const checkoutKinds = ['hosted', 'off_session'] as const;

/**
 * One hosted checkout (Stripe Checkout Session or sandbox session) for one hold: the ticket, its version and
 * the price breakdown fixed when the buyer chose to pay. Owned by the checkout module (decision 0012).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id ('cs_…' at Stripe, 'sbx_…' in the sandbox). */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /**
     * The listing paid for. No foreign key on purpose: a seller may still delete a listing somebody once
     * opened a checkout for; a payment that arrives for it afterwards is refunded.
     */
    ticketId: integer('ticket_id').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    ticketVersion: integer('ticket_version').notNull(),
    eventName: text('event_name').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    perTicketCents: integer('per_ticket_cents').notNull(),
    markup: integer('markup').notNull(),
    totalCents: integer('total_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    sellerProceedsCents: integer('seller_proceeds_cents').notNull(),
    /** All-in: what the card is charged. */
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: checkoutPaymentStatuses }).notNull().default('open'),
    /** Sandbox only: a 3-D Secure card was entered and the buyer has not answered the challenge yet. */
    awaitingAuthentication: boolean('awaiting_authentication').notNull().default(false),
    outcome: text('outcome', { enum: checkoutOutcomes }),
    /** The provider's payment reference (Stripe payment intent), used for refunds. */
    paymentReference: text('payment_reference'),
    refundReference: text('refund_reference'),
    /**
     * What of this payment was refunded at the provider, outside Encore (a partial refund from Stripe's
     * dashboard, say), as far as the ledger has booked it (decision 0050). It comes off the seller's
     * proceeds first, then Encore's fees; a refund of the rest returns only what is left.
     */
    providerRefundedCents: integer('provider_refunded_cents').notNull().default(0),
    url: text('url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    kind: text('kind', { enum: checkoutKinds }).notNull().default('hosted'),
    /** The bid an off-session purchase is for (the foreign key is in migration 0019: bids.ts depends on this module). */
    bidId: integer('bid_id'),
    /** The saved card an off-session purchase charges. */
    paymentMethodId: text('payment_method_id'),
  },
  (t) => [
    // A bid buys one ticket at a time: at most one purchase of it in flight.
    uniqueIndex('checkout_sessions_bid_in_flight_idx')
      .on(t.bidId)
      .where(sql`${t.bidId} is not null and ${t.outcome} is null and ${t.status} in ('open', 'paid')`),
    index('checkout_sessions_off_session_open_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'off_session' and ${t.outcome} is null and ${t.status} = 'open'`),
    index('checkout_sessions_payment_reference_idx')
      .on(t.paymentReference)
      .where(sql`${t.kind} = 'off_session'`),
    // A refund the provider reports names the payment (decision 0050).
    index('checkout_sessions_payment_idx')
      .on(t.paymentReference)
      .where(sql`${t.paymentReference} is not null`),
    index('checkout_sessions_ticket_idx').on(t.ticketId, t.buyerId),
    index('checkout_sessions_buyer_idx').on(t.buyerId),
    index('checkout_sessions_refund_pending_idx').on(t.createdAt).where(sql`${t.outcome} = 'refund_pending'`),
  ],
);

export const orderStatuses = ['in_escrow', 'released', 'refunded'] as const;
/**
 * report: the buyer's report; provider: the card issuer (decided there); barcode: a paper ticket never
 * downloaded (0041); partial_refund: part of the payment was refunded at the provider (0050).
 */
export const disputeSources = DISPUTE_SOURCES;
export const disputeStatuses = ['open', 'refunded', 'released', 'lost'] as const;
/** What refunded a sale from escrow (the list My Tickets speaks too). */
export const refundCauses = REFUND_CAUSES;

/** A sale: the buyer paid and the ticket is theirs; the money sits in escrow (decision 0012). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    ticketVersion: integer('ticket_version').notNull(),
    quantity: integer('quantity').notNull(),
    perTicketCents: integer('per_ticket_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    processingFeeCents: integer('processing_fee_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    sellerProceedsCents: integer('seller_proceeds_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('in_escrow'),
    /** The buyer reported a problem with the transfer: the payout waits until it is resolved. */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /** Who opened the dispute: the buyer's report, or the card issuer through the provider (decision 0034). */
    disputeSource: text('dispute_source', { enum: disputeSources }),
    /** Open holds the payout; the back office (or the provider's outcome) closes it once. */
    disputeStatus: text('dispute_status', { enum: disputeStatuses }),
    providerDisputeId: text('provider_dispute_id'),
    disputeResolvedAt: timestamp('dispute_resolved_at', { withTimezone: true }),
    disputeResolutionReason: text('dispute_resolution_reason'),
    /** Why the sale was refunded from escrow, and the reason the parties were e-mailed (decision 0033). */
    refundCause: text('refund_cause', { enum: refundCauses }),
    refundReason: text('refund_reason'),
    /** The provider's refund, once it confirmed it. */
    refundReference: text('refund_reference'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_checkout_session_idx').on(t.checkoutSessionId),
    // One sale per ticket: a second order for the same ticket cannot exist.
    uniqueIndex('orders_ticket_idx').on(t.ticketId),
    index('orders_buyer_idx').on(t.buyerId),
    index('orders_seller_idx').on(t.sellerId),
    index('orders_dispute_idx').on(t.disputeStatus, t.disputedAt).where(sql`${t.disputeStatus} is not null`),
    index('orders_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Ledger accounts. escrow: money received and held; seller_payable: owed to sellers; platform_fees,
 * processing_fees: Encore's and the card fee; refunds_payable: received money owed back to a buyer;
 * operating: Encore's own funds, where a settled sale's fees go when they leave escrow (decision 0017);
 * written_off: money taken back at the provider after the seller was paid, Encore's loss (decision 0035);
 * dispute_fees: what the provider charged Encore for card issuers' disputes, paid from operating (0079).
 */
export const ledgerAccounts = [
  'escrow',
  'seller_payable',
  'platform_fees',
  'processing_fees',
  'refunds_payable',
  'operating',
  'written_off',
  'dispute_fees',
] as const;
export const ledgerJournals = [
  'sale',
  'unmatched_payment',
  'refund',
  'payout',
  'escrow_refund',
  'chargeback',
  'provider_refund',
  'dispute_fee',
] as const;

/**
 * Double-entry ledger: every money movement is a journal of rows whose amounts (debit positive, credit
 * negative, in cents) sum to zero. Balances are sums of rows; nothing here is ever updated.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    checkoutSessionId: text('checkout_session_id')
      .notNull()
      .references(() => checkoutSessions.id),
    orderId: integer('order_id').references(() => orders.id),
    journal: text('journal', { enum: ledgerJournals }).notNull(),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    memo: text('memo').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_session_idx').on(t.checkoutSessionId),
    index('ledger_entries_order_idx').on(t.orderId),
    // The admin transactions list finds recent refunds by their journal (decision 0036).
    index('ledger_entries_escrow_refund_idx')
      .on(t.createdAt, t.orderId)
      .where(sql`${t.journal} = 'escrow_refund'`),
    // Each journal is written once per session (fulfilment and refunds are idempotent).
    uniqueIndex('ledger_entries_journal_row_idx').on(t.checkoutSessionId, t.journal, t.account, t.memo),
    check('ledger_entries_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/**
 * Every provider event received (decision 0050): recorded before it is acted on, marked handled after.
 * Events may arrive in any order, so none carries state of its own; the handler reads the named object's
 * state from the provider. A delivery of an event already handled changes nothing.
 */
export const providerEvents = pgTable(
  'provider_events',
  {
    /** The provider's event id ('evt_…'). */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The provider's own name of the event ('charge.refunded'). */
    type: text('type').notNull(),
    /** The session, payment or dispute it names. */
    objectId: text('object_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('provider_events_received_idx').on(t.receivedAt)],
);
