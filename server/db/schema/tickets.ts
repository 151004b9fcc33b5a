import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    isMultiDay: boolean('is_multi_day').notNull().default(false),
    section: text('section').notNull(),
    row: text('row').notNull(),
    seats: text('seats').notNull(),
    quantity: integer('quantity').notNull().default(1),
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
    editingBy: integer('editing_by').references(() => users.id),
    editExpiresAt: timestamp('edit_expires_at', { withTimezone: true }),
    currentViewerId: integer('current_viewer_id').references(() => users.id),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_seller_idx').on(t.sellerId),
    index('tickets_event_idx').on(t.eventId),
    index('tickets_event_date_idx').on(t.eventDate),
    index('tickets_buyer_idx').on(t.buyerId),
  ],
);
