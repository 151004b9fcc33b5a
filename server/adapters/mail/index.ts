import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from './mailer.js';
import { OutboxMailer } from './outbox.js';
import { SmtpMailer } from './smtp.js';

export function createMailer(config: Config, db: Db): Mailer {
  if (config.smtpUrl) return new SmtpMailer(config.smtpUrl, config.mailFrom);
  return new OutboxMailer(db);
}
