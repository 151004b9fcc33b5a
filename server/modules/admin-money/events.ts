import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MONEY_TEXT } from '../../../common/messages.js';
import type { AdminEvent, AdminEventsQuery } from '../../../common/schemas/admin-money.js';
import type { DbOrTx } from '../../db/client.js';
import { checkoutSessions, events, orders, payouts, tickets, venues } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';
import { endBidsOfCancelledEvent } from '../bids/cancelled-event.js';
import { endFanQueueOfCancelledEvent } from '../fan-queue/ending.js';
import { endPriceAlertsOfCancelledEvent } from '../price-alerts/service.js';
import { refundFromEscrow } from '../refunds/service.js';
import { scheduleWithdrawnListingsMail } from '../refunds/withdrawn-listings.js';
import type { MoneyDeps } from '../sales/deps.js';

/** Cancelled and postponed events in the back office (issue 22 §3; decision 0033). */

function likeContaining(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const activeListings = sql<number>`(select count(*) from ${tickets} where ${tickets.eventId} = ${events.id} and ${tickets.status} = 'available' and not ${tickets.sold})::int`;
const soldTickets = sql<number>`(select count(*) from ${tickets} where ${tickets.eventId} = ${events.id} and ${tickets.sold})::int`;
/** The orders the cancellation refunds, and how many of those the provider has confirmed. */
const cancellationRefunds = sql<string>`(select count(*) || ' ' || count(${orders.refundedAt}) from ${orders} inner join ${tickets} on ${tickets.id} = ${orders.ticketId} where ${tickets.eventId} = ${events.id} and ${orders.refundCause} = 'event_cancelled')`;

async function eventRows(db: DbOrTx, where: ReturnType<typeof and>, limit: number, offset: number) {
  return db
    .select({
      id: events.id,
      name: events.name,
      venue: venues.name,
      city: venues.city,
      date: events.date,
      status: events.status,
      statusReason: events.statusReason,
      activeListings,
      soldTickets,
      cancellationRefunds,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(where)
    .orderBy(asc(events.date), asc(events.id))
    .limit(limit)
    .offset(offset);
}

function toAdminEvent(row: Awaited<ReturnType<typeof eventRows>>[number]): AdminEvent {
  const [total = 0, refunded = 0] = row.cancellationRefunds.split(' ').map(Number);
  return {
    id: row.id,
    name: row.name,
    venue: row.venue,
    city: row.city,
    date: row.date,
    status: row.status,
    statusReason: row.statusReason,
    activeListings: row.activeListings,
    soldTickets: row.soldTickets,
    refunds: row.status === 'cancelled' ? { refunded, total } : null,
  };
}

/** GET /api/admin/events: by date, paged; searched by name, filtered by status. */
export async function listAdminEvents(db: DbOrTx, query: AdminEventsQuery) {
  const where = and(
    query.search ? sql`lower(${events.name}) like ${likeContaining(query.search)}` : undefined,
    query.status ? eq(events.status, query.status) : undefined,
  );
  const rows = await eventRows(db, where, query.pageSize, (query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(events).where(where);
  return {
    events: rows.map(toAdminEvent),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.total ?? 0,
  };
}

export async function adminEventOf(db: DbOrTx, eventId: number): Promise<AdminEvent> {
  const [row] = await eventRows(db, and(eq(events.id, eventId)), 1, 0);
  if (!row) throw new NotFound(MONEY_TEXT.eventNotFound);
  return toAdminEvent(row);
}

export async function lockEvent(tx: DbOrTx, eventId: number) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  if (!event) throw new NotFound(MONEY_TEXT.eventNotFound);
  if (event.status === 'cancelled') throw new Conflict(MONEY_TEXT.eventCancelled);
  return event;
}

/**
 * POST /api/admin/events/{id}/cancel: in one transaction the event is cancelled, its unsold listings are
 * withdrawn (holds end; the version moves on, so a checkout still completing is refunded by fulfilment),
 * every sale in escrow whose payout has not started is reversed in the ledger with its refund job, and the
 * audit entry is written. The refund jobs then refund each buyer once, retried until the provider confirms.
 */
export async function cancelEvent(deps: MoneyDeps, adminId: number, eventId: number, reason: string) {
  const now = deps.clock.now();
  const { withdrawn, refunded } = await deps.db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    await tx
      .update(events)
      .set({ status: 'cancelled', statusReason: reason, statusChangedAt: now })
      .where(eq(events.id, eventId));
    await endBidsOfCancelledEvent(tx, eventId, now);
    await endPriceAlertsOfCancelledEvent(tx, eventId, now);
    await endFanQueueOfCancelledEvent(tx, eventId, now);
    const withdrawnRows = await tx
      .update(tickets)
      .set({
        status: 'cancelled',
        currentViewerId: null,
        lockExpiresAt: null,
        editingBy: null,
        editExpiresAt: null,
        version: sql`${tickets.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(tickets.eventId, eventId),
          eq(tickets.sold, false),
          inArray(tickets.status, ['available', 'pending']),
        ),
      )
      .returning({ id: tickets.id, sellerId: tickets.sellerId });
    await scheduleWithdrawnListingsMail(
      tx,
      eventId,
      withdrawnRows.map((row) => row.sellerId),
      now,
    );
    const inEscrow = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tickets, eq(tickets.id, orders.ticketId))
      .leftJoin(payouts, eq(payouts.orderId, orders.id))
      .where(and(eq(tickets.eventId, eventId), eq(orders.status, 'in_escrow'), isNull(payouts.id)))
      .orderBy(asc(orders.id));
    for (const { id } of inEscrow)
      await refundFromEscrow(tx, { orderId: id, cause: 'event_cancelled', reason, now });
    await recordAdminAction(tx, {
      adminId,
      action: 'event.cancel',
      targetType: 'event',
      targetId: eventId,
      before: { status: event.status, date: event.date },
      after: {
        status: 'cancelled',
        reason,
        withdrawnListings: withdrawnRows.length,
        refundedOrders: inEscrow.map((order) => order.id),
      },
    });
    return { withdrawn: withdrawnRows.map((row) => row.id), refunded: inEscrow.length };
  });
  await expireCheckoutsOf(deps, withdrawn);
  return { message: MONEY_TEXT.eventCancelledNow(refunded), event: await adminEventOf(deps.db, eventId) };
}

/** Open checkouts of withdrawn listings end at the provider; one paid anyway is refunded by fulfilment. */
async function expireCheckoutsOf(deps: MoneyDeps, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  const open = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(inArray(checkoutSessions.ticketId, ticketIds), eq(checkoutSessions.status, 'open')));
  for (const { id } of open) {
    try {
      await deps.payments.expireCheckout(id);
      await deps.db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    } catch (error) {
      deps.log.warn({ err: error, sessionId: id }, 'could not expire the checkout of a withdrawn listing');
    }
  }
}
