export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe, say); SMTP sends them, the outbox does not keep them. */
  headers?: Record<string, string>;
}

/** Sends e-mail. Production: SMTP through nodemailer. Local default: the outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
