import { index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Where the local mail adapter delivers: readable at /dev/mail outside production. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_to_idx').on(t.to)],
);
