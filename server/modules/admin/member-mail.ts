import { eq } from 'drizzle-orm';
import { LISTING_STATUS_TEXT, SUSPENSION_TEXT, WITHDRAW_TEXT } from '../../../common/messages.js';
import type { AdminTicketStatus } from '../../../common/schemas/admin.js';
import { formatCalendarDate } from '../../../common/venue-time.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { enqueueJob, type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf } from '../sales/sale.js';

/**
 * The e-mails an admin's decision about a member sends them (decisions 0077, 0078): suspended, reinstated,
 * and a listing's status changed with its reason. Each is a durable job scheduled in the decision's own
 * transaction, so a crash after the commit still tells the member; a mailer failure throws and the runner
 * retries. The payload carries what the e-mail says, as decided then.
 */
export const SUSPENSION_MAIL_JOB = 'suspension_mail';
export const LISTING_STATUS_MAIL_JOB = 'listing_status_mail';

interface SuspensionMail {
  userId: number;
  suspended: boolean;
  reason: string;
  supportEmail: string;
}

export async function scheduleSuspensionMail(
  tx: DbOrTx,
  mail: SuspensionMail & { now: Date },
): Promise<void> {
  const { now, ...payload } = mail;
  await enqueueJob(tx, {
    kind: SUSPENSION_MAIL_JOB,
    key: `${mail.userId}:${mail.suspended ? 'suspended' : 'reinstated'}:${now.getTime()}`,
    runAt: now,
    payload: { ...payload },
  });
}

interface ListingStatusMail {
  ticketId: number;
  status: AdminTicketStatus;
  reason: string;
}

export async function scheduleListingStatusMail(
  tx: DbOrTx,
  mail: ListingStatusMail & { version: number; now: Date },
): Promise<void> {
  const { now, version, ...payload } = mail;
  await enqueueJob(tx, {
    kind: LISTING_STATUS_MAIL_JOB,
    key: `${mail.ticketId}:${version}`,
    runAt: now,
    payload: { ...payload },
  });
}

function suspensionMailOf(payload: Record<string, unknown>): SuspensionMail {
  const { userId, suspended, reason, supportEmail } = payload;
  if (
    !Number.isInteger(userId) ||
    typeof suspended !== 'boolean' ||
    typeof reason !== 'string' ||
    typeof supportEmail !== 'string'
  )
    throw new Error('job payload has no userId, suspended, reason and supportEmail');
  return payload as unknown as SuspensionMail;
}

function listingStatusMailOf(payload: Record<string, unknown>): ListingStatusMail {
  const { ticketId, status, reason } = payload;
  if (!Number.isInteger(ticketId) || typeof reason !== 'string' || !(String(status) in LISTING_STATUS_TEXT))
    throw new Error('job payload has no ticketId, status and reason');
  return payload as unknown as ListingStatusMail;
}

async function runSuspensionMail(deps: MoneyDeps, mail: SuspensionMail): Promise<JobOutcome> {
  const member = await contactOf(deps.db, mail.userId);
  await deps.mailer.send(
    mail.suspended
      ? paragraphMail(
          member.email,
          SUSPENSION_TEXT.suspendedSubject,
          SUSPENSION_TEXT.suspendedMail(member.firstName, mail.reason, mail.supportEmail),
        )
      : paragraphMail(
          member.email,
          SUSPENSION_TEXT.reinstatedSubject,
          SUSPENSION_TEXT.reinstatedMail(member.firstName, deps.appUrl),
        ),
  );
  return jobDone;
}

async function runListingStatusMail(deps: MoneyDeps, mail: ListingStatusMail): Promise<JobOutcome> {
  const [listing] = await deps.db
    .select({ sellerId: tickets.sellerId, eventName: tickets.eventName, eventDate: tickets.eventDate })
    .from(tickets)
    .where(eq(tickets.id, mail.ticketId));
  if (!listing) return jobDone;
  const seller = await contactOf(deps.db, listing.sellerId);
  await deps.mailer.send(
    paragraphMail(
      seller.email,
      WITHDRAW_TEXT.mailSubject,
      WITHDRAW_TEXT.mail(
        seller.firstName,
        `${listing.eventName} on ${formatCalendarDate(listing.eventDate)}`,
        LISTING_STATUS_TEXT[mail.status],
        mail.reason,
        `${deps.appUrl}/my-tickets`,
      ),
    ),
  );
  return jobDone;
}

export function memberMailJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [SUSPENSION_MAIL_JOB]: (job) => runSuspensionMail(deps, suspensionMailOf(job.payload)),
    [LISTING_STATUS_MAIL_JOB]: (job) => runListingStatusMail(deps, listingStatusMailOf(job.payload)),
  };
}
