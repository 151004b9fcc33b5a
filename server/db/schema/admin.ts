import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './columns.js';

/**
 * Every admin action, written in the same transaction as the change it records (decision 0033): who did
 * what to which target, with the state before and after.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.id),
    index('admin_audit_log_admin_idx').on(t.adminId, t.id),
    index('admin_audit_log_action_idx').on(t.action, t.id),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);
