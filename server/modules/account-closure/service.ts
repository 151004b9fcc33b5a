import { eq } from 'drizzle-orm';
import type { ClosureState } from '../../../common/schemas/account-closure.js';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import { paymentCustomers, tickets, users } from '../../db/schema/index.js';
import { Conflict, Invalid, Unauthorized } from '../../errors.js';
import { type ClaimedJob, enqueueJob, type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { Clock } from '../../lib/clock.js';
import type { EndedHold } from '../admin/suspension.js';
import { recordAdminAction } from '../audit/service.js';
import { confirmPassword } from '../auth/service.js';
import { closureBlockers } from './blockers.js';
import { eraseMember, type FormerIdentity } from './erase.js';

/**
 * Closing my account (issue 47 item 5; decision 0099). The member signs in again with their password; if
 * nothing of theirs is in flight, one transaction ends everything they had running, erases their personal
 * data and writes the audit entry. After the commit: the holds it ended give their parts back, the e-mail
 * goes to the address the account had, and a durable job deletes their customer at the payment provider.
 */

const text = ACCOUNT_CLOSURE_TEXT;
export const PROVIDER_CUSTOMERS_JOB = 'account_closure_provider';

export interface AccountClosureDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  payments: PaymentProvider;
  /** Keys the hashes of usernames held back from registration (EMAIL_LINK_SECRET). */
  usernameQuarantineKey: string;
  log: { warn(details: object, message: string): void };
}

export function closureState(deps: AccountClosureDeps, userId: number): Promise<ClosureState> {
  return closureBlockers(deps.db, userId, deps.clock.now());
}

export interface ClosedAccount {
  endedHolds: EndedHold[];
}

type ProviderCustomer = { provider: string; customerId: string };

/** POST /api/user/closure. Throws 400/401/423 for the password and 409 with the list while anything is in flight. */
export async function closeAccount(
  deps: AccountClosureDeps,
  userId: number,
  password: string,
): Promise<ClosedAccount> {
  if (!password) throw new Invalid(text.passwordRequired);
  const now = deps.clock.now();
  await confirmPassword(deps.db, userId, password, text.wrongPassword, now);
  const { former, erased } = await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.closedAt) throw new Unauthorized(text.closeFailed);
    // The member's unsold listings are locked before anything is looked at: a purchase of one that is
    // being fulfilled now is waited for and then seen below; one that starts later waits for this commit
    // and finds the listing ended (and its payment is refunded).
    await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.sellerId, userId)).for('update');
    const state = await closureBlockers(tx, userId, now);
    if (!state.canClose)
      throw new Conflict(text.inFlight, { blockers: state.blockers, moreBlockers: state.moreBlockers });
    const former: FormerIdentity = {
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      personalValues: [
        user.username,
        user.email,
        user.firstName,
        user.lastName,
        user.fullName,
        user.phoneNumber,
        user.ticketmasterEmail,
        user.livenationEmail,
        user.axsEmail,
      ].filter((value): value is string => Boolean(value)),
    };
    const erased = await eraseMember(tx, userId, former, deps.usernameQuarantineKey, now);
    if (erased.providerCustomers.length > 0)
      await enqueueJob(tx, {
        kind: PROVIDER_CUSTOMERS_JOB,
        key: String(userId),
        runAt: now,
        payload: { customers: erased.providerCustomers },
      });
    await recordAdminAction(tx, {
      adminId: userId,
      action: 'user.close',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: { ...erased.counts },
    });
    return { former, erased };
  });
  await sendClosedMail(deps, former);
  return { endedHolds: erased.endedHolds };
}

/**
 * Sent once, right after the commit, and not as a durable job: a job would keep the erased address in the
 * database until it ran. A mail server that fails loses this one message, which the member saw on screen.
 */
async function sendClosedMail(deps: AccountClosureDeps, former: FormerIdentity): Promise<void> {
  try {
    await deps.mailer.send(
      paragraphMail(former.email, text.mailSubject, [
        ...text.mailParagraphs(former.firstName),
        text.mailClosing,
      ]),
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'the account closure e-mail could not be sent');
  }
}

function customersOf(job: ClaimedJob): ProviderCustomer[] {
  const customers = job.payload.customers;
  if (!Array.isArray(customers)) throw new Error('job payload has no customers');
  return customers.filter(
    (entry): entry is ProviderCustomer =>
      typeof entry?.provider === 'string' && typeof entry?.customerId === 'string',
  );
}

/**
 * The job: deletes the closed member's customers at the payment provider (with the e-mail address and the
 * cards they hold there), then Encore's record of them. Retried with backoff while the provider fails; a
 * customer of a provider Encore no longer uses is left to that provider.
 */
export async function deleteProviderCustomers(
  deps: Pick<AccountClosureDeps, 'db' | 'payments'>,
  job: ClaimedJob,
): Promise<JobOutcome> {
  for (const entry of customersOf(job))
    if (entry.provider === deps.payments.kind) await deps.payments.deleteCustomer(entry.customerId);
  await deps.db.delete(paymentCustomers).where(eq(paymentCustomers.userId, Number(job.key)));
  return jobDone;
}
