import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './columns.js';
import { events } from './events.js';
import { savedCards } from './payment-methods.js';
import { tickets } from './tickets.js';

/**
 * Automatic-purchase bids (issue 24; decision 0045): the most a member pays, all-in, for `quantity` tickets
 * of one event, charged off-session to a saved card when a matching listing appears.
 */
export const bids = pgTable(
  'bids',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalog event the bid form picked; matching then uses it instead of name and date. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    eventName: text('event_name').notNull(),
    venue: text('venue'),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** The all-in amount (total plus processing fee) for all the tickets, at most. */
    maxPriceCents: integer('max_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Null: any section. */
    section: text('section'),
    minSellerRating: doublePrecision('min_seller_rating'),
    stripePaymentMethodId: text('stripe_payment_method_id')
      .notNull()
      .references(() => savedCards.id),
    isActive: boolean('is_active').notNull().default(true),
    matched: boolean('matched').notNull().default(false),
    matchedTicketId: integer('matched_ticket_id').references(() => tickets.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /** The end of the event date (UTC): no ticket is bought for a past event. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Why an unmatched bid ended: 'cancelled', 'expired' or the card's failure. */
    endedReason: text('ended_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bids_user_idx').on(t.userId, t.createdAt, t.id),
    // The candidate bids for one listing (decisions 0045, 0054): one index per way of naming the event.
    index('bids_match_event_idx')
      .on(t.eventId, t.quantity, t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.eventId} is not null`),
    index('bids_match_name_idx')
      .on(sql`lower(${t.eventName})`, t.eventDate, t.quantity, t.createdAt, t.id)
      .where(sql`${t.isActive} and ${t.eventId} is null`),
    index('bids_active_expiry_idx').on(t.expiresAt).where(sql`${t.isActive}`),
    index('bids_active_card_idx').on(t.stripePaymentMethodId).where(sql`${t.isActive}`),
    check('bids_quantity_range', sql`${t.quantity} between 1 and 8`),
    check('bids_max_price_positive', sql`${t.maxPriceCents} > 0`),
  ],
);
