import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { bytea, createdAt } from './columns.js';

/** Images kept by the default (database) image store, already re-encoded without metadata. */
export const storedImages = pgTable(
  'stored_images',
  {
    publicId: text('public_id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_images_owner_idx').on(t.ownerId)],
);
