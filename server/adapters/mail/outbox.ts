import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outboxEmails } from '../../db/schema/index.js';
import { isClosedAccountAddress, type Mailer, type MailMessage } from './mailer.js';

/** Local default: every message is stored, readable at /dev/mail and GET /api/dev/outbox. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Db) {}

  async send(message: MailMessage): Promise<void> {
    if (isClosedAccountAddress(message.to)) return;
    const { to, subject, text, html } = message;
    const attachments = (message.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      contentBase64: Buffer.from(file.content).toString('base64'),
    }));
    await this.db.insert(outboxEmails).values({ to, subject, text, html, attachments });
  }

  /** Newest first; `to` matches case-insensitively. */
  async list(to?: string, limit = 200) {
    const query = this.db
      .select({
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        text: outboxEmails.text,
        html: outboxEmails.html,
        attachments: outboxEmails.attachments,
        createdAt: outboxEmails.createdAt,
      })
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(limit);
    return to ? query.where(eq(sql`lower(${outboxEmails.to})`, to.trim().toLowerCase())) : query;
  }
}
