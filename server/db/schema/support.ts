import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_TOPICS } from '../../../common/texts/support.js';
import { users } from './auth.js';
import { createdAt } from './columns.js';

/**
 * Customer support (spec 001 §2, §3 Support message): one conversation per member and topic. `userId` is the
 * member whose conversation it is; `senderId` who wrote the message (the member, or the answering admin).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull(),
    /** Plain text, never interpreted as HTML. */
    message: text('message').notNull(),
    isFromAdmin: boolean('is_from_admin').notNull().default(false),
    resolved: boolean('resolved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.userId, t.topic, t.id),
    index('support_messages_pending_idx')
      .on(t.id)
      .where(sql`${t.resolved} = false and ${t.isFromAdmin} = false`),
    // The admin Messages tab's search (issue 34 §10, decision 0036).
    index('support_messages_message_trgm_idx').using('gin', sql`lower(${t.message}) gin_trgm_ops`),
  ],
);

/** Per member and conversation: how far they have read, and when they were last e-mailed about an answer. */
export const supportReads = pgTable(
  'support_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull(),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
