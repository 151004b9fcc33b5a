import type { Mailer } from '../../adapters/mail/mailer.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

export interface MoneyLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * What the money path needs, from provider events at the top through checkout, refunds and payouts down to
 * the ledger (decision 0052): the database, the payment provider, mail, the clock, the app's public address
 * (links in e-mails) and a log.
 */
export interface MoneyDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  log: MoneyLog;
}
