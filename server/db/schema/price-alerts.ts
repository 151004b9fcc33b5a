import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { priceAlertEndedReasons, priceAlertStatuses } from '../../../common/schemas/price-alerts.js';
import { users } from './auth.js';
import { createdAt } from './columns.js';
import { events } from './events.js';
import { tickets } from './tickets.js';

/**
 * Price alerts (decision 0060): a member asks to be told when `quantity` tickets for a catalog event are
 * listed at or below `max_price_cents` each, all-in (the listing's buyer_pays_per_ticket_cents).
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** All-in per ticket, at most. */
    maxPriceCents: integer('max_price_cents').notNull(),
    status: text('status', { enum: priceAlertStatuses }).notNull().default('active'),
    endedReason: text('ended_reason', { enum: priceAlertEndedReasons }),
    matchedTicketId: integer('matched_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /** When the member saw the match in the app (the in-app notification counts matched, unseen alerts). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When it stopped being active: matched, ended or removed. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.createdAt, t.id),
    // The alerts a listing matches: one event, one quantity, a price at or above the listing's.
    index('price_alerts_match_idx')
      .on(t.eventId, t.quantity, t.maxPriceCents)
      .where(sql`${t.status} = 'active'`),
    // A member's live alerts, counted for the quota, and the unseen matches for the badge.
    index('price_alerts_user_active_idx').on(t.userId).where(sql`${t.status} = 'active'`),
    index('price_alerts_user_unseen_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'matched' and ${t.seenAt} is null`),
    check('price_alerts_quantity_range', sql`${t.quantity} between 1 and 8`),
    check('price_alerts_max_price_range', sql`${t.maxPriceCents} between 1 and 10000000`),
    check('price_alerts_status_valid', sql`${t.status} in ('active', 'matched', 'ended', 'removed')`),
  ],
);

/**
 * The e-mail of a matched alert, one per alert and listing (issue 43 §12; decision 0080): claimed before it
 * is sent and marked sent after, so a job run again (an instance killed while sending) sends nothing more.
 * A claim never marked sent is not sent again either: at most one e-mail, never two.
 */
export const priceAlertMails = pgTable(
  'price_alert_mails',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => priceAlerts.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.ticketId] })],
);
