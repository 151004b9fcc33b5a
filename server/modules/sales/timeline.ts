import { and, eq, isNull } from 'drizzle-orm';
import { PAYOUT_TEXT } from '../../../common/messages.js';
import { addDays, formatVenueDateTime, lastDayOf, localMidnight } from '../../../common/venue-time.js';
import type { DbOrTx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { eventDaysOfTicket } from './sale.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** Spec 001 §1: the seller is paid three days after the event. */
export const PAYOUT_DELAY_DAYS = 3;
export const PAYOUT_JOB = 'payout';
/** Decision 0017: the escrow timeline's jobs, one of each per sale (keyed by the order id). */
export const TRANSFER_REMINDER_JOB = 'transfer_reminder';
export const TRANSFER_DEADLINE_JOB = 'transfer_deadline';
export const AUTO_COMPLETE_JOB = 'transfer_auto_complete';

/**
 * What the escrow timeline counts from (decision 0056): the event's first day (yyyy-MM-dd), how many days it
 * lasts, and the venue's IANA time zone, in which those days are calendar days.
 */
export interface EventDays {
  eventDate: string;
  daysCount: number;
  timeZone: string;
}

/** The instant the event's day `first + days` begins at the venue (local midnight). */
function fromFirstDay(event: EventDays, days: number): Date {
  return localMidnight(addDays(event.eventDate, days), event.timeZone);
}

/** The instant the day `days` after the event's last day begins at the venue. */
function afterLastDay(event: EventDays, days: number): Date {
  return localMidnight(addDays(lastDayOf(event.eventDate, event.daysCount), days), event.timeZone);
}

/** When a sale's proceeds become payable: the venue's midnight three days after the event's last day. */
export function payoutDueAt(event: EventDays): Date {
  return afterLastDay(event, PAYOUT_DELAY_DAYS);
}

/** Decision 0017: a seller always has at least this long after the sale to transfer. */
export const SHORT_NOTICE_MS = 12 * HOUR_MS;

/**
 * The seller must have initiated the transfer by the venue's midnight before the event's first day; a sale
 * made later than 12 hours before that gets 12 hours from the sale, but never beyond the end of the first day.
 */
export function transferDeadlineAt(event: EventDays, soldAt: Date): Date {
  const usual = fromFirstDay(event, -1).getTime();
  const shortNotice = Math.min(soldAt.getTime() + SHORT_NOTICE_MS, fromFirstDay(event, 1).getTime());
  return new Date(Math.max(usual, shortNotice));
}

/**
 * A transfer the seller initiated and the buyer neither confirmed nor disputed completes itself at the end
 * of the day after the event's last day, at the venue: a full day after the event for the buyer to report a
 * problem (the report window closes then too, decision 0034), and one more before the payout.
 */
export function autoCompleteAt(event: EventDays): Date {
  return afterLastDay(event, 2);
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

export interface NewSale {
  orderId: number;
  ticketId: number;
  soldAt: Date;
}

/**
 * Called by fulfilment in the sale's transaction: the transfer reminders, the deadline, the automatic
 * completion after the event, and the sale's note in the thread (the deadline in the venue's time, which
 * every reader of the thread shares). Each job checks the sale's state when it runs, so nothing needs
 * cancelling when the seller or the buyer acts first.
 */
export async function scheduleSaleTimeline(tx: DbOrTx, sale: NewSale): Promise<void> {
  const event = await eventDaysOfTicket(tx, sale.ticketId);
  const deadline = transferDeadlineAt(event, sale.soldAt);
  const key = String(sale.orderId);
  const payload = { orderId: sale.orderId };
  const reminders = transferReminderTimes(sale.soldAt, deadline);
  for (const [index, runAt] of reminders.entries())
    await enqueueJob(tx, { kind: TRANSFER_REMINDER_JOB, key: `${key}:${index + 1}`, runAt, payload });
  await enqueueJob(tx, { kind: TRANSFER_DEADLINE_JOB, key, runAt: deadline, payload });
  await enqueueJob(tx, { kind: AUTO_COMPLETE_JOB, key, runAt: autoCompleteAt(event), payload });
  const note = PAYOUT_TEXT.systemSold(formatVenueDateTime(deadline, event.timeZone));
  await postSystemMessage(tx, sale.ticketId, note, sale.soldAt);
}

/** Schedules the payout of a completed sale; the payouts job decides at that time whether it may be paid. */
export async function schedulePayout(db: DbOrTx, sale: { orderId: number; ticketId: number }): Promise<void> {
  await enqueueJob(db, {
    kind: PAYOUT_JOB,
    key: String(sale.orderId),
    runAt: payoutDueAt(await eventDaysOfTicket(db, sale.ticketId)),
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
  sale: EventDays & { orderId: number },
  now: Date,
): Promise<void> {
  const runAt = new Date(Math.max(payoutDueAt(sale).getTime(), now.getTime()));
  const key = String(sale.orderId);
  await tx
    .update(jobs)
    .set({ runAt, lastError: null })
    .where(and(eq(jobs.kind, PAYOUT_JOB), eq(jobs.key, key), isNull(jobs.doneAt)));
  await enqueueJob(tx, { kind: PAYOUT_JOB, key, runAt, payload: { orderId: sale.orderId } });
}
