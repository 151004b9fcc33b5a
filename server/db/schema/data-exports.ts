import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { bytea } from './columns.js';

/** pending: the job has not built it yet; ready: the file can be downloaded; expired: the file was deleted. */
export const dataExportStatuses = ['pending', 'ready', 'expired', 'failed'] as const;

/**
 * A member's request for a copy of their data (decision 0097): built by a durable job into a ZIP of JSON
 * files kept here (bounded in size) until it expires; then the file is deleted and the row stays.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: dataExportStatuses }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The ZIP itself while ready; null before and after. */
    archive: bytea('archive'),
    archiveBytes: integer('archive_bytes'),
    /** Some file was cut to the bounds (each file says what). */
    truncated: boolean('truncated').notNull().default(false),
  },
  (t) => [
    uniqueIndex('data_exports_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('data_exports_user_idx').on(t.userId, t.id),
    index('data_exports_ready_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'ready'`),
    check('data_exports_status_valid', sql`${t.status} in ('pending', 'ready', 'expired', 'failed')`),
  ],
);
