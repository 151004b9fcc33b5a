import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tickets } from './tickets.js';

/**
 * What one member may still do with one ticket's holds in the current period (decision 0031): the
 * extensions used and when they first started paying for it. Kept apart from the hold itself, so releasing
 * and locking again does not refill the budget.
 */
export const holdAllowances = pgTable(
  'hold_allowances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The period's start: the first lock after the previous period ran out. */
    periodStartedAt: timestamp('period_started_at', { withTimezone: true }).notNull(),
    extensionsUsed: integer('extensions_used').notNull().default(0),
    /** The first payment start in the period; a hold never outlasts one checkout from here. */
    checkoutStartedAt: timestamp('checkout_started_at', { withTimezone: true }),
    /**
     * When the member's latest hold on this listing (or a part of it) ends: a new hold on it while that one
     * would still run ends then too, so switching between the listing and a part never gives a fresh hold.
     */
    holdEndsAt: timestamp('hold_ends_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId] })],
);
