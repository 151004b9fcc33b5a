import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { paymentProviders } from './checkout.js';
import { createdAt } from './columns.js';

/**
 * Saved cards (issue 24; decision 0044). The card itself lives at the payment provider; Encore keeps the
 * provider's customer per user and, per saved card, only what the picker shows: brand, last four digits and
 * expiry.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The provider's customer ('cus_…' at Stripe, 'sbx_cus_…' in the sandbox). */
    customerId: text('customer_id').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

export const savedCards = pgTable(
  'saved_cards',
  {
    /** The provider's payment method id ('pm_…' at Stripe, 'sbx_pm_…' in the sandbox): the API's card id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    customerId: text('customer_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /**
     * The provider's fingerprint of the card number (Stripe's `card.fingerprint`): the same card saved twice,
     * by anyone, has the same one. Only the Fan Queue's one-card-per-show rule reads it (decision 0100).
     */
    fingerprint: text('fingerprint'),
    createdAt: createdAt(),
    /** Removed by its owner (and detached at the provider); bids that used it keep the row to name it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('saved_cards_user_idx').on(t.userId, t.createdAt).where(sql`${t.removedAt} is null`)],
);

/**
 * The sandbox's setup intents (decision 0044): Encore's own stand-in for Stripe's, confirmed by the sandbox's
 * card form. Only the client secret's SHA-256 is kept, as with session tokens.
 */
export const sandboxSetupIntents = pgTable('sandbox_setup_intents', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  clientSecretHash: text('client_secret_hash').notNull(),
  createdAt: createdAt(),
  /** Set once, with the card it saved: a confirmed intent cannot be confirmed again. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  paymentMethodId: text('payment_method_id'),
});
