import { eq } from 'drizzle-orm';
import { SALE_TEXT } from '../../../common/messages.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { checkoutSessions, orders, tickets, users } from '../../db/schema/index.js';
import { Conflict } from '../../errors.js';
import { type EscrowShares, escrowShares } from '../ledger/journal.js';

/** A sale as the escrow timeline and the payout read it. To change it, take its locks with lockSale. */
export async function loadSale(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select({
      orderId: orders.id,
      checkoutSessionId: orders.checkoutSessionId,
      status: orders.status,
      disputedAt: orders.disputedAt,
      disputeStatus: orders.disputeStatus,
      disputeSource: orders.disputeSource,
      providerDisputeId: orders.providerDisputeId,
      amountCents: orders.amountCents,
      totalCents: orders.totalCents,
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
      buyerPaysPerTicketCents: tickets.buyerPaysPerTicketCents,
      paymentReference: checkoutSessions.paymentReference,
      providerRefundedCents: checkoutSessions.providerRefundedCents,
      sellerAccountId: users.stripeAccountId,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export type Sale = NonNullable<Awaited<ReturnType<typeof loadSale>>>;

/** What a refund of the sale returns now: the payment less what was refunded at the provider before. */
export function refundableCents(sale: Sale): number {
  return sale.amountCents - sale.providerRefundedCents;
}

/** What escrow still holds for the sale, after any refund made at the provider (decision 0050). */
export function sharesOf(sale: Sale): EscrowShares {
  return escrowShares(sale, sale.providerRefundedCents);
}

/**
 * Takes a sale's locks, always in the same order: its order row, then its ticket row (architecture: "Any
 * order"), and reads the sale under them. Every path that ends or changes a sale (confirm receipt,
 * automatic completion, a dispute's release, every refund, the payout) starts here, so two at once run
 * one after the other and the second sees what the first did, and none can deadlock with another.
 * NO KEY UPDATE leaves the foreign-key checks of other writers (a message, a review) unblocked.
 */
export async function lockSale(tx: Tx, orderId: number): Promise<Sale | null> {
  const [order] = await tx
    .select({ ticketId: orders.ticketId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('no key update');
  if (!order) return null;
  await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.id, order.ticketId))
    .for('no key update');
  return loadSale(tx, orderId);
}

/**
 * A request to act on a sale that has already ended answers what happened to it (409), whichever request
 * came first: "This sale was refunded", not a generic refusal.
 */
export function refuseEndedSale(sale: Pick<Sale, 'status'>): void {
  if (sale.status === 'refunded') throw new Conflict(SALE_TEXT.refunded);
  if (sale.status === 'released') throw new Conflict(SALE_TEXT.paidOut);
}

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

/** What every e-mail about a sale's timeline names (payouts, refunds). */
export interface TimelineMailFacts {
  firstName: string;
  eventName: string;
  /** yyyy-MM-dd; the e-mails word it ('Wednesday, May 1, 2030'). */
  eventDate: string;
  myTicketsUrl: string;
}
