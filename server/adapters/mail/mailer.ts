/** A file sent with a mail (decision 0096: the show's .ics on the purchase e-mail). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe, say); SMTP sends them, the outbox does not keep them. */
  headers?: Record<string, string>;
  /** Files attached to the mail: SMTP sends them, the outbox keeps them (base64). */
  attachments?: MailAttachment[];
}

/** Sends e-mail. Production: SMTP through nodemailer. Local default: the outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
