import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const suspensionPauseKinds = ['listing', 'bid', 'alert'] as const;
export type SuspensionPauseKind = (typeof suspensionPauseKinds)[number];

/**
 * What a member's suspension paused (decision 0077): each of their listings, bids and price alerts it took
 * off, so that reinstating them restores exactly those (and only those still valid), never what an admin
 * or the member had withdrawn for another reason. Rows go when the member is reinstated.
 */
export const suspensionPauses = pgTable(
  'suspension_pauses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: suspensionPauseKinds }).notNull(),
    targetId: integer('target_id').notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'suspension_pauses_kind_target_pk', columns: [t.kind, t.targetId] }),
    index('suspension_pauses_user_idx').on(t.userId),
    check('suspension_pauses_kind_valid', sql`${t.kind} in ('listing', 'bid', 'alert')`),
  ],
);
