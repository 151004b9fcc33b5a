import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { tickets } from './tickets.js';

/**
 * The keyed hash of each barcode decoded from a listing's upload (decision 0085): never the content. A
 * barcode is live while its listing is on sale or its sale's transfer is not complete (migration 0043's
 * trigger releases it); the unique index lets one live listing or sale carry it.
 */
export const ticketBarcodes = pgTable(
  'ticket_barcodes',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    /** HMAC-SHA-256 of the content under BARCODE_HASH_SECRET, in hex. */
    contentHash: text('content_hash').notNull(),
    live: boolean('live').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ticket_barcodes_live_hash_idx').on(t.contentHash).where(sql`${t.live}`),
    index('ticket_barcodes_ticket_idx').on(t.ticketId),
  ],
);

/** A refused upload of a barcode another live listing or sale holds: both tickets, for the admins. */
export const barcodeDuplicates = pgTable(
  'barcode_duplicates',
  {
    id: serial('id').primaryKey(),
    contentHash: text('content_hash').notNull(),
    holdingTicketId: integer('holding_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    holdingSellerId: integer('holding_seller_id')
      .notNull()
      .references(() => users.id),
    refusedTicketId: integer('refused_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    refusedSellerId: integer('refused_seller_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
  },
  (t) => [index('barcode_duplicates_created_idx').on(t.createdAt, t.id)],
);
