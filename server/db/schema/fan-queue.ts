import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  fanQueueEndedReasons,
  fanQueueEntryStatuses,
  fanQueueOfferStatuses,
} from '../../../common/schemas/fan-queue.js';
import { users } from './auth.js';
import { checkoutSessions } from './checkout.js';
import { createdAt } from './columns.js';
import { events } from './events.js';
import { tickets } from './tickets.js';

/**
 * The Fan Queue (issue 46, decision 0100): one line per catalog show. An entry waits for `quantity` tickets
 * at up to `max_price_cents` each, all-in; its place is (`position_key`, `id`), the time of joining, which
 * only three offers let pass in a row move (to the back).
 */
export const fanQueueEntries = pgTable(
  'fan_queue_entries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** All-in per ticket, at most. */
    maxPriceCents: integer('max_price_cents').notNull(),
    status: text('status', { enum: fanQueueEntryStatuses }).notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** The place in line: the time of joining, or of moving to the back. */
    positionKey: timestamp('position_key', { withTimezone: true }).notNull(),
    lapsesInRow: integer('lapses_in_row').notNull().default(0),
    /** "Buy for me": the saved card an offer is charged to at once; null for an offer to accept. */
    paymentMethodId: text('payment_method_id'),
    /** The card's fingerprint at joining: one "buy for me" entry per card per show. */
    cardFingerprint: text('card_fingerprint'),
    endedReason: text('ended_reason', { enum: fanQueueEndedReasons }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per member per show while it is in line.
    uniqueIndex('fan_queue_entries_member_idx')
      .on(t.eventId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    // The line: the waiting entries of a show in order (positions are range counts on it).
    index('fan_queue_entries_line_idx')
      .on(t.eventId, t.positionKey, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('fan_queue_entries_user_idx').on(t.userId, t.joinedAt, t.id),
    // A card backs at most one "buy for me" entry per show while it is in line (fairness against bots).
    uniqueIndex('fan_queue_entries_card_idx')
      .on(t.eventId, t.cardFingerprint)
      .where(sql`${t.cardFingerprint} is not null and ${t.status} in ('waiting', 'offered')`),
    check(
      'fan_queue_entries_card_together',
      sql`(${t.paymentMethodId} is null) = (${t.cardFingerprint} is null)`,
    ),
    check('fan_queue_entries_quantity_range', sql`${t.quantity} between 1 and 8`),
    check('fan_queue_entries_max_price_positive', sql`${t.maxPriceCents} > 0`),
  ],
);

/** An offer: tickets held in an entry's member's name until `expires_at`; the history My Bids shows. */
export const fanQueueOffers = pgTable(
  'fan_queue_offers',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => fanQueueEntries.id, { onDelete: 'cascade' }),
    /** The row held: the listing, or the part carved from it. */
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** All-in per ticket when offered. */
    priceCents: integer('price_cents').notNull(),
    status: text('status', { enum: fanQueueOfferStatuses }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** The offer's e-mail was claimed for sending (offer-mail.ts): sent at most once. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** "Buy for me": the off-session purchase of the held tickets with the entry's card. */
    checkoutSessionId: text('checkout_session_id').references(() => checkoutSessions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fan_queue_offers_session_idx')
      .on(t.checkoutSessionId)
      .where(sql`${t.checkoutSessionId} is not null`),
    index('fan_queue_offers_entry_idx').on(t.entryId, t.createdAt, t.id),
    // At most one open offer holds a row: the hold-ends poller and holds read it.
    uniqueIndex('fan_queue_offers_open_ticket_idx').on(t.ticketId).where(sql`${t.status} = 'open'`),
  ],
);

/** A show's line in numbers, kept in the same transactions as its entries and offers. */
export const fanQueueShows = pgTable('fan_queue_shows', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  waiting: integer('waiting').notNull().default(0),
  /** Tickets bought through the queue. */
  throughQueueTickets: integer('through_queue_tickets').notNull().default(0),
  /** Bumped on every change of the line: open pages read their position again. */
  version: integer('version').notNull().default(0),
});
