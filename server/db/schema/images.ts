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

/**
 * Every image the Cloudinary store uploaded and has not destroyed, so uploads that never became (or stopped
 * being) a listing's image can be found and destroyed by the housekeeping sweep.
 */
export const cloudinaryUploads = pgTable(
  'cloudinary_uploads',
  {
    publicId: text('public_id').primaryKey(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('cloudinary_uploads_created_idx').on(t.createdAt)],
);
