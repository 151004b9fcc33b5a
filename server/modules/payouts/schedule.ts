import { and, eq, isNull } from 'drizzle-orm';
import { PAYOUT_TEXT } from '../../../common/messages.js';
import type { DbOrTx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { postSystemMessage } from '../messages/system-messages.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Spec 001 §1: the seller is paid three days after the event. */
export const PAYOUT_DELAY_DAYS = 3;
export const PAYOUT_JOB = 'payout';
/** Decision 0017: the escrow timeline's jobs, one of each per sale (keyed by the order id). */
export const TRANSFER_REMINDER_JOB = 'transfer_reminder';
export const TRANSFER_DEADLINE_JOB = 'transfer_deadline';
export const AUTO_COMPLETE_JOB = 'transfer_auto_complete';

/** Event dates are calendar dates; the marketplace reads them in UTC, so an event "starts" at 00:00 UTC. */
function eventStart(eventDate: string): number {
  return Date.parse(`${eventDate}T00:00:00Z`);
}

/** When a sale's proceeds become payable: three days after the event's (UTC) calendar day begins. */
export function payoutDueAt(eventDate: string): Date {
  return new Date(eventStart(eventDate) + PAYOUT_DELAY_DAYS * DAY_MS);
}

/** Decision 0017: a seller always has at least this long after the sale to transfer. */
export const SHORT_NOTICE_MS = 12 * HOUR_MS;

/**
 * The seller must have initiated the transfer by the start of the day before the event; a sale made later
 * than 12 hours before that gets 12 hours from the sale, but never beyond the end of the event day.
 */
export function transferDeadlineAt(eventDate: string, soldAt: Date): Date {
  const start = eventStart(eventDate);
  const usual = start - DAY_MS;
  const shortNotice = Math.min(soldAt.getTime() + SHORT_NOTICE_MS, start + DAY_MS);
  return new Date(Math.max(usual, shortNotice));
}

/**
 * A transfer the seller initiated and the buyer neither confirmed nor disputed completes itself at the end
 * of the day after the event: a full day after the event for the buyer to report a problem, and one more
 * before the payout.
 */
export function autoCompleteAt(eventDate: string): Date {
  return new Date(eventStart(eventDate) + 2 * DAY_MS);
}

/**
 * Reminders to a seller who has not initiated the transfer: a day after the sale and a day before the
 * deadline, each only if it falls at least an hour after the sale and before the deadline; one when both
 * would come within six hours of each other.
 */
export function transferReminderTimes(soldAt: Date, deadline: Date): Date[] {
  const earliest = soldAt.getTime() + HOUR_MS;
  const latest = deadline.getTime() - HOUR_MS;
  const first = soldAt.getTime() + DAY_MS;
  const last = deadline.getTime() - DAY_MS;
  const times = [first, last].filter((time) => time >= earliest && time <= latest);
  if (times.length === 2 && (times[1] as number) - (times[0] as number) < 6 * HOUR_MS) times.shift();
  return times.map((time) => new Date(time));
}

/**
 * '2030-04-30 00:00 UTC': how a time is stored in a thread's system note. The client shows it in the
 * viewer's own zone (a stored note cannot know who reads it); e-mails use `formatUtcForPeople`.
 */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Thursday, April 30, 2030': a UTC calendar day as a person reads it (payout dates in e-mails). */
export function formatUtcDay(date: Date): string {
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Thursday, April 30, 2030 at 12:00 AM UTC': a time in an e-mail, whose reader's zone is unknown. */
export function formatUtcForPeople(date: Date): string {
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${formatUtcDay(date)} at ${clock} UTC`;
}

export interface NewSale {
  orderId: number;
  ticketId: number;
  eventDate: string;
  soldAt: Date;
}

/**
 * Called by fulfilment in the sale's transaction: the transfer reminders, the deadline, the automatic
 * completion after the event, and the sale's note in the thread. Each job checks the sale's state when it
 * runs, so nothing needs cancelling when the seller or the buyer acts first.
 */
export async function scheduleSaleTimeline(tx: DbOrTx, sale: NewSale): Promise<void> {
  const deadline = transferDeadlineAt(sale.eventDate, sale.soldAt);
  const key = String(sale.orderId);
  const payload = { orderId: sale.orderId };
  const reminders = transferReminderTimes(sale.soldAt, deadline);
  for (const [index, runAt] of reminders.entries())
    await enqueueJob(tx, { kind: TRANSFER_REMINDER_JOB, key: `${key}:${index + 1}`, runAt, payload });
  await enqueueJob(tx, { kind: TRANSFER_DEADLINE_JOB, key, runAt: deadline, payload });
  await enqueueJob(tx, { kind: AUTO_COMPLETE_JOB, key, runAt: autoCompleteAt(sale.eventDate), payload });
  await postSystemMessage(tx, sale.ticketId, PAYOUT_TEXT.systemSold(formatUtc(deadline)), sale.soldAt);
}

/** Schedules the payout of a completed sale; the payouts job decides at that time whether it may be paid. */
export async function schedulePayout(
  db: DbOrTx,
  sale: { orderId: number; eventDate: string },
): Promise<void> {
  await enqueueJob(db, {
    kind: PAYOUT_JOB,
    key: String(sale.orderId),
    runAt: payoutDueAt(sale.eventDate),
    payload: { orderId: sale.orderId },
  });
}

/**
 * A dispute ended in the seller's favour (support released it, or the card issuer decided for them): the
 * payout job of a completed sale, which has been waiting for the dispute, runs at its due time, or now when
 * that has passed.
 */
export async function releaseHeldPayout(
  tx: DbOrTx,
  sale: { orderId: number; eventDate: string },
  now: Date,
): Promise<void> {
  const runAt = new Date(Math.max(payoutDueAt(sale.eventDate).getTime(), now.getTime()));
  const key = String(sale.orderId);
  await tx
    .update(jobs)
    .set({ runAt, lastError: null })
    .where(and(eq(jobs.kind, PAYOUT_JOB), eq(jobs.key, key), isNull(jobs.doneAt)));
  await enqueueJob(tx, { kind: PAYOUT_JOB, key, runAt, payload: { orderId: sale.orderId } });
}
