import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tickets } from './tickets.js';

/**
 * A listing the price-cap sweep took off sale (migration 0042, decision 0084): a new or tightened rule put it
 * above its cap. One open pause per listing; its seller is e-mailed once (mailedAt is claimed before the
 * send) with a signed link whose one use (fixedAt) reprices the listing to capMarkup and puts it back on sale.
 */
export const priceCapPauses = pgTable(
  'price_cap_pauses',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    /** Null when no markup keeps to the rule (a fee cap below Encore's lowest fee): the fix then cannot help. */
    capMarkup: integer('cap_markup'),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    fixedAt: timestamp('fixed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('price_cap_pauses_open_idx').on(t.ticketId).where(sql`${t.fixedAt} is null`),
    index('price_cap_pauses_seller_idx').on(t.sellerId),
  ],
);
