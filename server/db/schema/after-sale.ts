import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { orders } from './checkout.js';
import { createdAt } from './columns.js';
import { tickets } from './tickets.js';

export const messageTypes = ['user', 'system'] as const;

/** The conversation on a sold ticket between its buyer and seller, plus system notes (spec 001 §2, §3 Message). */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Null for system messages. */
    senderId: integer('sender_id').references(() => users.id),
    messageType: text('message_type', { enum: messageTypes }).notNull().default('user'),
    /** Plain text, at most 500 characters for user messages; never interpreted as HTML. */
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.id)],
);

/** Per reader and thread: what they have read, and when they were last e-mailed about it. */
export const ticketMessageReads = pgTable(
  'ticket_message_reads',
  {
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.userId] })],
);

export const reviewTypes = ['buyer_to_seller', 'seller_to_buyer'] as const;
/** withdrawn: the sale was refunded before the review was written, so it is no longer asked for. */
export const reviewStatuses = ['pending', 'submitted', 'dismissed', 'withdrawn'] as const;

/**
 * One review per sale and direction. Created 'pending' when the transfer completes; the reviewer submits
 * (rating and comment) or dismisses it. Ratings shown anywhere come only from submitted rows.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** The sale: spec's transactionId. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id),
    reviewType: text('review_type', { enum: reviewTypes }).notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    rating: integer('rating'),
    comment: text('comment'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Hidden by an admin (decision 0063): kept for the audit, left out of ratings and review lists. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reviews_order_type_idx').on(t.orderId, t.reviewType),
    index('reviews_reviewer_pending_idx').on(t.reviewerId).where(sql`${t.status} = 'pending'`),
    index('reviews_target_submitted_idx')
      .on(t.targetUserId, t.submittedAt)
      .where(sql`${t.status} = 'submitted'`),
    // The admin reviews list (decision 0036).
    index('reviews_ticket_idx').on(t.ticketId),
    index('reviews_reviewer_idx').on(t.reviewerId),
    index('reviews_submitted_idx').on(t.submittedAt, t.id).where(sql`${t.status} = 'submitted'`),
    check('reviews_rating_range', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const payoutStatuses = ['pending', 'paid', 'failed', 'cancelled'] as const;

/** The seller's proceeds of one sale, paid from escrow three days after the event (spec 001 §1). */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    status: text('status', { enum: payoutStatuses }).notNull().default('pending'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The provider's transfer id once paid. */
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_order_idx').on(t.orderId),
    index('payouts_seller_idx').on(t.sellerId),
    // The admin transactions list walks payouts in time order (decision 0036).
    index('payouts_at_idx').on(sql`(coalesce(${t.paidAt}, ${t.dueAt}))`, t.orderId),
  ],
);

/**
 * Durable background work (architecture: Jobs). A row per job, unique by kind and business key so
 * scheduling twice is harmless; claimed with FOR UPDATE SKIP LOCKED by any instance, retried with backoff.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** It failed too often and is no longer claimed until an admin retries it (decision 0068). */
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_idx').on(t.kind, t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`),
    // The System tab's lists (decision 0068).
    index('jobs_given_up_idx').on(t.gaveUpAt, t.id).where(sql`${t.gaveUpAt} is not null`),
    index('jobs_failing_idx').on(t.runAt, t.id).where(sql`${t.doneAt} is null and ${t.attempts} > 0`),
  ],
);
