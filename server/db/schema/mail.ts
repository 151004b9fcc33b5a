import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
    /** The mail's files (decision 0096): name, type and base64 content, as SMTP would attach them. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; contentBase64: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_emails_to_idx').on(t.to)],
);
