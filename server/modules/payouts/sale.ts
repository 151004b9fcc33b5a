import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { checkoutSessions, orders, tickets, users } from '../../db/schema/index.js';

/** A sale as the escrow timeline and the payout read it; `lock` takes the order row for the transaction. */
export async function loadSale(db: DbOrTx, orderId: number, lock = false) {
  const query = db
    .select({
      orderId: orders.id,
      checkoutSessionId: orders.checkoutSessionId,
      status: orders.status,
      disputedAt: orders.disputedAt,
      disputeStatus: orders.disputeStatus,
      disputeSource: orders.disputeSource,
      amountCents: orders.amountCents,
      sellerProceedsCents: orders.sellerProceedsCents,
      platformFeeCents: orders.platformFeeCents,
      processingFeeCents: orders.processingFeeCents,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      ticketId: tickets.id,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      daysCount: tickets.daysCount,
      timeZone: tickets.timeZone,
      transferStatus: tickets.transferStatus,
      transferComplete: tickets.transferComplete,
      ticketType: tickets.ticketType,
      barcodeDownloadedAt: tickets.barcodeDownloadedAt,
      soldAt: tickets.soldAt,
      eventId: tickets.eventId,
      paymentReference: checkoutSessions.paymentReference,
      sellerAccountId: users.stripeAccountId,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(eq(orders.id, orderId));
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  return row ?? null;
}

export type Sale = NonNullable<Awaited<ReturnType<typeof loadSale>>>;

/** The days a sold ticket is for, as the escrow timeline counts from them (decision 0056). */
export async function eventDaysOfTicket(db: DbOrTx, ticketId: number) {
  const [row] = await db
    .select({ eventDate: tickets.eventDate, daysCount: tickets.daysCount, timeZone: tickets.timeZone })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row) throw new Error(`ticket ${ticketId} not found`);
  return row;
}

/** The job payload's order id (jobs are keyed by it; the payload carries it as a number). */
export function orderIdOf(payload: Record<string, unknown>): number {
  const orderId = payload.orderId;
  if (typeof orderId !== 'number' || !Number.isInteger(orderId))
    throw new Error('job payload has no orderId');
  return orderId;
}

export async function contactOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`user ${userId} not found`);
  return row;
}
