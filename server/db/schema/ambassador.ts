import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './columns.js';

/** The ambassadors' group chat (spec 001 §2 Ambassador dashboard, §3 chat topic and message). */
export const ambassadorChatTopics = pgTable('ambassador_chat_topics', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

export const ambassadorChatMessages = pgTable(
  'ambassador_chat_messages',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => ambassadorChatTopics.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Plain text, never interpreted as HTML. */
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ambassador_chat_messages_topic_idx').on(t.topicId, t.id)],
);

/** Per reader and topic: the newest message they have seen. */
export const ambassadorChatReads = pgTable(
  'ambassador_chat_reads',
  {
    topicId: integer('topic_id')
      .notNull()
      .references(() => ambassadorChatTopics.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] })],
);
