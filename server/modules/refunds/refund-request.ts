import { eq } from 'drizzle-orm';
import { MONEY_TEXT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import { formatCalendarDate, localMidnight } from '../../../common/venue-time.js';
import { events, orders, tickets } from '../../db/schema/index.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import type { MoneyDeps } from '../sales/deps.js';
import { refundableCents } from '../sales/sale.js';
import { refundFromEscrow, refundNow } from './service.js';

/**
 * POST /api/tickets/{id}/refund-request: the buyer of a ticket to a postponed event takes a full refund
 * from escrow, until the new date begins at the venue (its local midnight; decisions 0033, 0056).
 */
export async function requestPostponementRefund(
  deps: MoneyDeps,
  buyerId: number,
  ticketId: number,
): Promise<{ message: string }> {
  const now = deps.clock.now();
  const sale = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        orderId: orders.id,
        buyerId: orders.buyerId,
        status: events.status,
        date: events.date,
        timeZone: tickets.timeZone,
      })
      .from(orders)
      .innerJoin(tickets, eq(tickets.id, orders.ticketId))
      .leftJoin(events, eq(events.id, tickets.eventId))
      .where(eq(orders.ticketId, ticketId));
    if (!row) throw new NotFound(MONEY_TEXT.orderNotFound);
    if (row.buyerId !== buyerId) throw new Forbidden(MONEY_TEXT.notBuyer);
    if (row.status !== 'postponed' || !row.date) throw new Conflict(MONEY_TEXT.refundRequestNotPostponed);
    if (now >= localMidnight(row.date, row.timeZone)) throw new Conflict(MONEY_TEXT.refundRequestClosed);
    return refundFromEscrow(tx, {
      orderId: row.orderId,
      cause: 'event_postponed',
      reason: `The event was postponed to ${formatCalendarDate(row.date)} and the buyer asked for a refund`,
      now,
    });
  });
  await refundNow(deps, sale.orderId);
  return { message: MONEY_TEXT.refundRequested(formatCents(refundableCents(sale))) };
}
