import nodemailer, { type Transporter } from 'nodemailer';
import { isClosedAccountAddress, type Mailer, type MailMessage } from './mailer.js';

/** Production: any SMTP server, e.g. smtps://user:pass@smtp.example.com:465. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    transport?: Transporter,
  ) {
    this.transport = transport ?? nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    if (isClosedAccountAddress(message.to)) return;
    // nodemailer attaches each file as a MIME part of its own (filename, content, contentType).
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
