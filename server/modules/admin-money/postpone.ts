import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MONEY_TEXT } from '../../../common/messages.js';
import { formatCalendarDate, formatVenueDateTime, localMidnight } from '../../../common/venue-time.js';
import type { Tx } from '../../db/client.js';
import { checkoutSessions, events, jobs, orders, tickets } from '../../db/schema/index.js';
import { Invalid } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';
import { moveBidsOfPostponedEvent } from '../bids/postponed-event.js';
import { eventPostponedMail } from '../refunds/mail-templates.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf } from '../sales/sale.js';
import {
  AUTO_COMPLETE_JOB,
  autoCompleteAt,
  PAYOUT_JOB,
  payoutDueAt,
  TRANSFER_DEADLINE_JOB,
  transferDeadlineAt,
} from '../sales/timeline.js';
import { adminEventOf, lockEvent } from './events.js';

/** Moves a job that has not run yet; one that is done stays done. */
async function moveJob(tx: Tx, kind: string, key: string, runAt: Date): Promise<void> {
  await tx
    .update(jobs)
    .set({ runAt })
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key), isNull(jobs.doneAt)));
}

/**
 * POST /api/admin/events/{id}/postpone: the date moves on the event, its listings, its active bids (each
 * bidder e-mailed, decision 0072) and checkouts still open; each sale in escrow has its transfer deadline,
 * automatic completion and payout moved to the new date; buyers are e-mailed that they may ask for a refund
 * until the new date (decision 0033).
 */
export async function postponeEvent(deps: MoneyDeps, adminId: number, eventId: number, newDate: string) {
  const now = deps.clock.now();
  const buyers = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (newDate === event.date)
      throw new Invalid(MONEY_TEXT.postponeSameDate, { newDate: MONEY_TEXT.postponeSameDate });
    if (newDate <= now.toISOString().slice(0, 10))
      throw new Invalid(MONEY_TEXT.postponePast, { newDate: MONEY_TEXT.postponePast });
    await tx
      .update(events)
      .set({
        date: newDate,
        status: 'postponed',
        statusChangedAt: now,
        originalDate: event.originalDate ?? event.date,
      })
      .where(eq(events.id, eventId));
    // The event's bids follow the new date, as its price alerts do (decision 0072).
    await moveBidsOfPostponedEvent(tx, eventId, event.date, now);
    const moved = await tx
      .update(tickets)
      .set({ eventDate: newDate, updatedAt: now })
      .where(eq(tickets.eventId, eventId))
      .returning({ id: tickets.id });
    const ticketIds = moved.map((row) => row.id);
    if (ticketIds.length > 0)
      await tx
        .update(checkoutSessions)
        .set({ eventDate: newDate })
        .where(and(inArray(checkoutSessions.ticketId, ticketIds), isNull(checkoutSessions.outcome)));
    const sales = await tx
      .select({
        id: orders.id,
        buyerId: orders.buyerId,
        soldAt: tickets.soldAt,
        daysCount: tickets.daysCount,
        timeZone: tickets.timeZone,
      })
      .from(orders)
      .innerJoin(tickets, eq(tickets.id, orders.ticketId))
      .where(and(eq(tickets.eventId, eventId), eq(orders.status, 'in_escrow')));
    for (const sale of sales) {
      const key = String(sale.id);
      const days = { eventDate: newDate, daysCount: sale.daysCount, timeZone: sale.timeZone };
      await moveJob(tx, TRANSFER_DEADLINE_JOB, key, transferDeadlineAt(days, sale.soldAt ?? now));
      await moveJob(tx, AUTO_COMPLETE_JOB, key, autoCompleteAt(days));
      await moveJob(tx, PAYOUT_JOB, key, payoutDueAt(days));
    }
    await recordAdminAction(tx, {
      adminId,
      action: 'event.postpone',
      targetType: 'event',
      targetId: eventId,
      before: { status: event.status, date: event.date },
      after: { status: 'postponed', date: newDate },
    });
    return {
      eventName: event.name,
      oldDate: event.date,
      // Each buyer once, with the zone their refund deadline is told in (the venue's, decision 0056).
      buyers: new Map(sales.map((sale) => [sale.buyerId, sale.timeZone])),
    };
  });
  for (const [buyerId, timeZone] of buyers.buyers) {
    try {
      const buyer = await contactOf(deps.db, buyerId);
      await deps.mailer.send(
        eventPostponedMail(
          buyer.email,
          {
            firstName: buyer.firstName,
            eventName: buyers.eventName,
            eventDate: buyers.oldDate,
            myTicketsUrl: `${deps.appUrl}/my-tickets`,
          },
          newDate,
          formatVenueDateTime(localMidnight(newDate, timeZone), timeZone),
        ),
      );
    } catch (error) {
      deps.log.error({ err: error, eventId }, 'could not send the postponement e-mail');
    }
  }
  // The admin reads the date as people write it, not as the API carries it.
  return {
    message: MONEY_TEXT.eventPostponed(formatCalendarDate(newDate)),
    event: await adminEventOf(deps.db, eventId),
  };
}
