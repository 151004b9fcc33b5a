import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { orders } from './checkout.js';

/**
 * A strike for each sale whose seller let the transfer deadline pass (decision 0087): keyed by the sale, so
 * the deadline job, rerun, strikes nothing twice.
 */
export const sellerStrikes = pgTable(
  'seller_strikes',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    struckAt: timestamp('struck_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('seller_strikes_seller_idx').on(t.sellerId, t.struckAt)],
);

/**
 * A review three strikes within twelve months opened: the listings it paused ('pending'), until an admin
 * lifts it with a reason. One open review per seller at most.
 */
export const strikeReviews = pgTable(
  'strike_reviews',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
    /** Strikes within twelve months when the review opened. */
    strikes: integer('strikes').notNull(),
    listingsPaused: integer('listings_paused').array().notNull(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftReason: text('lift_reason'),
  },
  (t) => [
    uniqueIndex('strike_reviews_open_idx').on(t.sellerId).where(sql`${t.liftedAt} is null`),
    index('strike_reviews_paused_idx').on(t.pausedAt, t.id),
  ],
);
