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

/**
 * A closed account's row keeps an address under this domain (decision 0099): `.invalid` never resolves
 * (RFC 2606), and every mailer drops mail to it, so a job that was due for the member sends nothing.
 */
export const CLOSED_ACCOUNT_MAIL_DOMAIN = 'closed.invalid';

export function isClosedAccountAddress(address: string): boolean {
  return address.toLowerCase().endsWith(`@${CLOSED_ACCOUNT_MAIL_DOMAIN}`);
}

/** Sends e-mail. Production: SMTP through nodemailer. Local default: the outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}
