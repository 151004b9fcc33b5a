import { eq, sql } from 'drizzle-orm';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { DbOrTx } from '../../db/client.js';
import { events, fanQueueEntries, jobs, users } from '../../db/schema/index.js';
import { type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';

/**
 * Lines that end with their show or their member (decision 0100): a cancelled show ends its line in the
 * cancellation's transaction (as its bids and alerts end, decision 0042), and each fan in it is e-mailed by a
 * durable job scheduled by the same statement, so a crash after the commit still tells them; a closed
 * account's entries end in the closing transaction (decision 0099). A postponed show keeps its line: the
 * entries name the catalog event, which keeps its id at its new date.
 */
export const FAN_QUEUE_ENDED_MAIL_JOB = 'fan_queue_ended_mail';

/**
 * Ends the entries still in line chosen by `which` (a condition on `e`, fan_queue_entries) with `reason`:
 * their open offers are withdrawn (their holds end with the show's listings or the member's holds), and each
 * show's counter loses its waiting entries, with its version moved on. Answers the ended entries' ids.
 */
async function endEntries(
  tx: DbOrTx,
  which: ReturnType<typeof sql>,
  reason: 'event_cancelled' | 'account_closed',
  now: Date,
  mailJob: boolean,
): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await tx.execute(sql`
    with chosen as (
      select e.id, e.event_id, e.status from fan_queue_entries e
      where e.status in ('waiting', 'offered') and ${which}
      for update
    ),
    ended as (
      update fan_queue_entries e set status = 'ended', ended_reason = ${reason}, ended_at = ${at}
      from chosen c where e.id = c.id
      returning e.id, c.event_id, c.status as was
    ),
    withdrawn as (
      update fan_queue_offers o set status = 'withdrawn', ended_at = ${at}
      from chosen c where o.entry_id = c.id and o.status = 'open'
      returning o.id
    ),
    shows as (
      update fan_queue_shows s set waiting = greatest(0, s.waiting - n.waiting), version = s.version + 1
      from (select event_id, count(*) filter (where was = 'waiting')::int as waiting from ended group by event_id) n
      where s.event_id = n.event_id
      returning s.event_id
    ),
    mails as (
      insert into ${jobs} (kind, key, run_at, payload)
      select ${FAN_QUEUE_ENDED_MAIL_JOB}, 'entry:' || id, ${at}, jsonb_build_object('entryId', id)
      from ended where ${sql.raw(mailJob ? 'true' : 'false')}
      on conflict (kind, key) do nothing
      returning id
    )
    select id, (select count(*) from withdrawn) as offers, (select count(*) from shows) as shows,
      (select count(*) from mails) as mails
    from ended`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((row) => Number(row.id));
}

/** In cancelEvent's transaction (admin-money/events.ts): the show's line ends and its fans are e-mailed. */
export async function endFanQueueOfCancelledEvent(tx: DbOrTx, eventId: number, now: Date): Promise<number> {
  return (await endEntries(tx, sql`e.event_id = ${eventId}`, 'event_cancelled', now, true)).length;
}

/** In the closing transaction (account-closure/erase.ts): the member's places end; nobody is e-mailed. */
export async function endFanQueueOfClosedAccount(tx: DbOrTx, userId: number, now: Date): Promise<number> {
  return (await endEntries(tx, sql`e.user_id = ${userId}`, 'account_closed', now, false)).length;
}

interface MailDeps {
  db: DbOrTx;
  mailer: Mailer;
  appUrl: string;
}

type MailPart = Parameters<typeof paragraphMail>[2][number];

/**
 * E-mails the fan of entry `entryId` that their place ended: the subject and the paragraphs between the
 * greeting and the link to My Bids, from the show's name. A mailer failure throws and the runner retries.
 */
async function mailEntryEnded(
  deps: MailDeps,
  entryId: number,
  subject: (eventName: string) => string,
  body: (eventName: string) => MailPart[],
): Promise<JobOutcome> {
  const [entry] = await deps.db
    .select({ email: users.email, firstName: users.firstName, eventName: events.name })
    .from(fanQueueEntries)
    .innerJoin(users, eq(users.id, fanQueueEntries.userId))
    .innerJoin(events, eq(events.id, fanQueueEntries.eventId))
    .where(eq(fanQueueEntries.id, entryId));
  if (!entry) return jobDone;
  await deps.mailer.send(
    paragraphMail(entry.email, subject(entry.eventName), [
      `Hi ${entry.firstName},`,
      ...body(entry.eventName),
      `${deps.appUrl}/my-bids`,
    ]),
  );
  return jobDone;
}

/**
 * An admin removed the fan from the line (admin.ts): the job scheduled in the removal's transaction tells
 * them why, in the admin's own words.
 */
export const FAN_QUEUE_REMOVED_MAIL_JOB = 'fan_queue_removed_mail';

export function fanQueueEndedJobHandlers(deps: MailDeps): Record<string, JobHandler> {
  return {
    [FAN_QUEUE_REMOVED_MAIL_JOB]: (job) => {
      const { entryId, reason } = job.payload;
      if (typeof entryId !== 'number' || !Number.isInteger(entryId) || typeof reason !== 'string')
        throw new Error('job payload has no entryId or reason');
      return mailEntryEnded(deps, entryId, FAN_QUEUE_TEXT.removedMailSubject, (eventName) => [
        FAN_QUEUE_TEXT.removedMail(eventName),
        { quoted: reason },
      ]);
    },
    [FAN_QUEUE_ENDED_MAIL_JOB]: (job) => {
      const { entryId } = job.payload;
      if (typeof entryId !== 'number' || !Number.isInteger(entryId))
        throw new Error('job payload has no entryId');
      return mailEntryEnded(deps, entryId, FAN_QUEUE_TEXT.endedMailSubject, (eventName) => [
        FAN_QUEUE_TEXT.endedCancelled(eventName),
      ]);
    },
  };
}
