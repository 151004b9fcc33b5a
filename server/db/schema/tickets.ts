import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { SPLIT_RULES } from '../../../common/splits.js';
import { DEFAULT_PLATFORM_TIME_ZONE } from '../../../common/venue-time.js';
import { users } from './auth.js';
import { createdAt, updatedAt } from './columns.js';
import { events } from './events.js';

export const ticketTypes = ['digital', 'paper'] as const;
export const transferStatuses = ['not_started', 'initiated', 'completed'] as const;
export const ticketStatuses = ['available', 'sold', 'cancelled', 'pending'] as const;

/** A listing. Money columns are integer cents; the API converts to dollars at the boundary. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull().default(1),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    eventName: text('event_name').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    venue: text('venue').notNull().default(''),
    daysCount: integer('days_count').notNull().default(1),
    /**
     * The IANA time zone the event dates are read in (decision 0056): the catalog venue's, or the platform's
     * for a listing without one. Copied when the listing is saved, like the event's name, date and venue.
     */
    timeZone: text('time_zone').notNull().default(DEFAULT_PLATFORM_TIME_ZONE),
    isMultiDay: boolean('is_multi_day').notNull().default(false),
    section: text('section').notNull(),
    row: text('row').notNull(),
    seats: text('seats').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** How the listing may sell (decision 0062): any quantity, any that leaves no single ticket, or whole. */
    splitRule: text('split_rule', { enum: SPLIT_RULES }).notNull().default('no_single'),
    /**
     * A part carved from a listing for one buyer's hold (decision 0062): the listing it came from. The part
     * is a listing row of its own (held, paid, sold, transferred and paid out like any other); a part whose
     * hold ends unsold goes back into the listing.
     */
    splitFromTicketId: integer('split_from_ticket_id').references((): AnyPgColumn => tickets.id, {
      onDelete: 'set null',
    }),
    faceValueCents: integer('face_value_cents').notNull(),
    serviceFeeCents: integer('service_fee_cents').notNull(),
    markup: integer('markup').notNull().default(0),
    listingPriceCents: integer('listing_price_cents').notNull(),
    ticketType: text('ticket_type', { enum: ticketTypes }).notNull().default('digital'),
    platform: text('platform'),
    imageUrl: text('image_url'),
    imagePublicId: text('image_public_id'),
    status: text('status', { enum: ticketStatuses }).notNull().default('available'),
    sold: boolean('sold').notNull().default(false),
    buyerId: integer('buyer_id').references(() => users.id),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    transferStatus: text('transfer_status', { enum: transferStatuses }).notNull().default('not_started'),
    transferComplete: boolean('transfer_complete').notNull().default(false),
    transferInitiatedAt: timestamp('transfer_initiated_at', { withTimezone: true }),
    transferCompletedAt: timestamp('transfer_completed_at', { withTimezone: true }),
    /** Paper tickets: the seller's barcode image in the image store (spec 001 §3 barcodeCloudinary*). */
    barcodeUrl: text('barcode_url'),
    barcodePublicId: text('barcode_public_id'),
    /** When the buyer first downloaded the barcode (shown to the back office on a dispute). */
    barcodeDownloadedAt: timestamp('barcode_downloaded_at', { withTimezone: true }),
    /**
     * Every ticket of the listing carries a barcode decoded on upload that no other live listing or sale
     * carries (decision 0085): buyers see 'Barcode checked'. Kept by the barcode service; cleared by the
     * database when the barcodes are released (migration 0043).
     */
    barcodeChecked: boolean('barcode_checked').notNull().default(false),
    editingBy: integer('editing_by').references(() => users.id),
    editExpiresAt: timestamp('edit_expires_at', { withTimezone: true }),
    currentViewerId: integer('current_viewer_id').references(() => users.id),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    /**
     * What the buyer pays per ticket, all-in, in cents, at any quantity: common/pricing.ts
     * allInPerTicketCents written in SQL (the processing fee rounded half up per ticket, decision 0073), so
     * the marketplace can filter and sort on it with an index. An API test checks it against pricing.ts.
     */
    buyerPaysPerTicketCents: integer('buyer_pays_per_ticket_cents')
      .notNull()
      .generatedAlwaysAs(
        sql`(listing_price_cents + (listing_price_cents::bigint * 390 + 10000) / 20000)::integer`,
      ),
    /**
     * Where the listing goes in the "Lowest vs. original price" sort (decision 0083): common/price-comparison.ts
     * vsOriginalSortKey written in SQL (migration 0041), the signed whole percent of the all-in price from
     * the original price, 2147483647 without one. An API test holds it to the TypeScript.
     */
    vsOriginalKey: integer('vs_original_key')
      .notNull()
      .generatedAlwaysAs(
        sql`(CASE WHEN face_value_cents::bigint + service_fee_cents > 0 THEN (CASE WHEN listing_price_cents + (listing_price_cents::bigint * 390 + 10000) / 20000 < face_value_cents::bigint + service_fee_cents THEN -1 ELSE 1 END) * ((200 * abs(listing_price_cents + (listing_price_cents::bigint * 390 + 10000) / 20000 - (face_value_cents::bigint + service_fee_cents)) + face_value_cents::bigint + service_fee_cents) / (2 * (face_value_cents::bigint + service_fee_cents))) ELSE 2147483647 END)::integer`,
      ),
    /**
     * What the marketplace search matches (decision 0040): the folded event name and description, a line
     * break, then the catalog event's lineup as event_search holds it. Written by the database only
     * (migration 0014: a trigger on the listing, and event_search_refresh when a lineup changes).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * When the row last changed, written by the database (migration 0020): each instance's in-memory
     * listing search index reads only the listings changed since it last looked (decision 0048).
     */
    searchChangedAt: timestamp('search_changed_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    /**
     * Whether the seller is verified (decision 0086): written by the database only (migration 0044: set on
     * insert from the seller, and rewritten when their verification changes).
     */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /** Above the verification threshold and waiting ('pending') for its seller's verification (decision 0086). */
    awaitingVerification: boolean('awaiting_verification').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_seller_idx').on(t.sellerId),
    index('tickets_event_idx').on(t.eventId),
    index('tickets_event_date_idx').on(t.eventDate),
    index('tickets_buyer_idx').on(t.buyerId),
    // A member's live holds are counted on every lock (decision 0031).
    index('tickets_current_viewer_idx').on(t.currentViewerId).where(sql`${t.currentViewerId} is not null`),
    // Holds end by time: each instance looks every second for those that just did (issue 43).
    index('tickets_hold_end_idx').on(t.lockExpiresAt).where(sql`${t.currentViewerId} is not null`),
    // The marketplace's sorts (decision 0010): each a btree on the sort key and the id tie-breaker.
    index('tickets_market_date_idx').on(t.eventDate, t.id),
    index('tickets_market_price_idx').on(t.buyerPaysPerTicketCents, t.id),
    index('tickets_market_section_idx').on(t.section, t.id),
    index('tickets_market_markup_idx').on(t.markup, t.id),
    index('tickets_market_vs_original_idx').on(t.vsOriginalKey, t.buyerPaysPerTicketCents, t.id),
    // The marketplace search matches the folded event name, description and lineup by substring.
    index('tickets_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Search suggestions walk folded event names starting with the letters typed (decisions 0023, 0040).
    index('tickets_event_name_folded_sorted_idx').on(sql`(search_fold(${t.eventName}) collate "C")`),
    // The admin lists search event names by substring and page newest first (decision 0036).
    index('tickets_event_name_trgm_idx').using('gin', sql`lower(${t.eventName}) gin_trgm_ops`),
    index('tickets_created_idx').on(t.createdAt, t.id),
    index('tickets_search_changed_at_idx').on(t.searchChangedAt),
    index('tickets_awaiting_verification_idx').on(t.sellerId).where(sql`${t.awaitingVerification}`),
    index('tickets_split_from_idx').on(t.splitFromTicketId).where(sql`${t.splitFromTicketId} is not null`),
  ],
);

/**
 * The ids of deleted listings, written by a trigger on tickets and kept for an hour (migration 0032): the
 * in-memory listing indexes drop them on their next read of changes.
 */
export const listingRemovals = pgTable(
  'listing_removals',
  {
    ticketId: integer('ticket_id').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('listing_removals_removed_at_idx').on(t.removedAt)],
);
