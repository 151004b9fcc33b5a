import { eq } from 'drizzle-orm';
import { MY_TICKETS_TEXT } from '../../../common/messages.js';
import type { BuyerTransferInfo } from '../../../common/schemas/my-tickets.js';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '../../../common/schemas/tickets.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { events, orders, tickets, users } from '../../db/schema/index.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { createPendingReviews } from '../reviews/pending-reviews.js';
import { lockSale, refuseEndedSale, type Sale } from '../sales/sale.js';
import { showPageUrl } from '../sales/show-page.js';
import { schedulePayout } from '../sales/timeline.js';
import { barcodeReplacedMail, transferInitiatedMail } from './mail-templates.js';
import { transferPlatformOf, wasBuyerAskedForTransferEmail } from './transfer-email.js';

export const TRANSFER_TEXT = {
  notFound: 'Ticket not found',
  notSeller: 'Only the seller can initiate this transfer',
  notBuyer: 'Only the buyer can confirm this transfer',
  alreadyInitiated: 'The transfer has already been initiated',
  notInitiated: 'The seller has not initiated the transfer yet',
  barcodeRequired: MY_TICKETS_TEXT.barcodeRequired,
  disputed: 'The buyer reported a problem with this transfer',
  notSellerOfSale: 'Only the seller of this ticket can see the buyer transfer info',
  notSold: 'This ticket has not been sold',
  initiatedResponse: 'Transfer initiated',
  systemInitiated:
    'The seller has initiated the ticket transfer. The buyer has been asked to confirm receipt.',
  systemCompletedByBuyer: 'The buyer confirmed receipt. The transfer is complete.',
  systemCompletedAutomatically:
    'The transfer was completed automatically: the buyer did not report a problem after the event.',
} as const;

/** The sale behind a ticket, as the transfer steps need it. */
export interface TransferSale {
  ticketId: number;
  orderId: number;
  buyerId: number;
  sellerId: number;
  /** The show the ticket is for, when it is a known event: its id and own name (its event page). */
  eventId: number | null;
  showName: string | null;
  eventName: string;
  eventDate: string;
  ticketType: 'digital' | 'paper';
  platform: string | null;
  /** What the buyer paid for the tickets: a sale at no price asks for no reviews (decision 0039). */
  totalCents: number;
  /** The catalog show's start and doors, and the zone the listing carries (decision 0093). */
  startTime: string | null;
  doorsTime: string | null;
  timeZone: string;
}

/** Who completes a transfer: the buyer confirming receipt, or the system once the confirmation window closed. */
export type TransferCompleter = { kind: 'buyer'; userId: number } | { kind: 'system' };

async function saleOf(db: Pick<Db, 'select'>, ticketId: number): Promise<TransferSale | null> {
  const [row] = await db
    .select({
      ticketId: tickets.id,
      orderId: orders.id,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      eventId: events.id,
      showName: events.name,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      ticketType: tickets.ticketType,
      platform: tickets.platform,
      totalCents: orders.totalCents,
      startTime: events.startTime,
      doorsTime: events.doorsTime,
      timeZone: tickets.timeZone,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.ticketId, tickets.id))
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}

/**
 * Why a ticket has no sale to transfer: unknown (404), someone else's (403), or the caller's own unsold
 * listing (409).
 */
async function refuseWithoutSale(db: Pick<Db, 'select'>, ticketId: number, userId: number): Promise<never> {
  const [ticket] = await db
    .select({ sellerId: tickets.sellerId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw new NotFound(TRANSFER_TEXT.notFound);
  if (ticket.sellerId !== userId) throw new Forbidden(TRANSFER_TEXT.notSellerOfSale);
  throw new Conflict(TRANSFER_TEXT.notSold);
}

/**
 * The seller says the tickets were sent: not_started → initiated. A wrong caller gets Forbidden, a wrong
 * state Conflict, and nothing changes. The sale's locks are taken first (lockSale), so a refund at the same
 * moment either comes first (and this answers what happened) or after. A paper ticket without a barcode has
 * nothing the buyer could download (decision 0041).
 */
export async function initiateTransfer(
  db: Db,
  ticketId: number,
  sellerId: number,
  now: Date,
): Promise<TransferSale> {
  return db.transaction(async (tx) => {
    const sale = (await saleOf(tx, ticketId)) ?? (await refuseWithoutSale(tx, ticketId, sellerId));
    if (sale.sellerId !== sellerId) throw new Forbidden(TRANSFER_TEXT.notSeller);
    const locked = await lockSale(tx, sale.orderId);
    if (!locked) throw new NotFound(TRANSFER_TEXT.notFound);
    refuseEndedSale(locked);
    if (locked.transferStatus !== 'not_started') throw new Conflict(TRANSFER_TEXT.alreadyInitiated);
    const [ticket] = await tx
      .select({ barcodePublicId: tickets.barcodePublicId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    if (sale.ticketType === 'paper' && !ticket?.barcodePublicId)
      throw new Conflict(TRANSFER_TEXT.barcodeRequired);
    await tx
      .update(tickets)
      .set({ transferStatus: 'initiated', transferInitiatedAt: now, updatedAt: now })
      .where(eq(tickets.id, ticketId));
    await postSystemMessage(tx, ticketId, TRANSFER_TEXT.systemInitiated, now);
    return sale;
  });
}

/**
 * initiated → completed, by the buyer or by the system after the event (or support releasing a disputed
 * sale), in the caller's transaction with the sale's locks held (lockSale). Completion asks both sides for
 * a review and schedules the seller's payout. Completing it again answers alreadyCompleted and changes
 * nothing; a sale that was refunded or paid out meanwhile answers what happened to it.
 */
export async function completeLockedTransfer(
  tx: Tx,
  sale: Sale,
  by: TransferCompleter,
  now: Date,
): Promise<{ alreadyCompleted: boolean }> {
  refuseEndedSale(sale);
  if (sale.transferComplete) return { alreadyCompleted: true };
  if (sale.transferStatus !== 'initiated') throw new Conflict(TRANSFER_TEXT.notInitiated);
  await tx
    .update(tickets)
    .set({ transferStatus: 'completed', transferComplete: true, transferCompletedAt: now, updatedAt: now })
    .where(eq(tickets.id, sale.ticketId));
  const note =
    by.kind === 'buyer' ? TRANSFER_TEXT.systemCompletedByBuyer : TRANSFER_TEXT.systemCompletedAutomatically;
  await postSystemMessage(tx, sale.ticketId, note, now);
  await createPendingReviews(tx, sale, now);
  await schedulePayout(tx, sale);
  return { alreadyCompleted: false };
}

/** completeLockedTransfer in a transaction of its own: the buyer's Confirm Receipt, the automatic completion. */
export async function completeTransfer(
  db: Db,
  ticketId: number,
  by: TransferCompleter,
  now: Date,
): Promise<{ sale: TransferSale; alreadyCompleted: boolean }> {
  return db.transaction(async (tx) => {
    const sale = await saleOf(tx, ticketId);
    if (!sale) {
      // An unsold listing has no buyer, so nobody may confirm it.
      const [listing] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId));
      if (listing && by.kind === 'buyer') throw new Forbidden(TRANSFER_TEXT.notBuyer);
      throw new NotFound(TRANSFER_TEXT.notFound);
    }
    if (by.kind === 'buyer' && sale.buyerId !== by.userId) throw new Forbidden(TRANSFER_TEXT.notBuyer);
    const locked = await lockSale(tx, sale.orderId);
    if (!locked) throw new NotFound(TRANSFER_TEXT.notFound);
    return { sale, ...(await completeLockedTransfer(tx, locked, by, now)) };
  });
}

/**
 * GET /api/tickets/{id}/buyer-transfer-info: where the seller sends a digital ticket, or whether its missing
 * buyer's e-mail was asked for. Only the seller of the sale may ask. A paper ticket has no platform and
 * needs no e-mail.
 */
export async function buyerTransferInfo(
  db: DbOrTx,
  ticketId: number,
  sellerId: number,
): Promise<BuyerTransferInfo> {
  const [ticket] = await db
    .select({ sellerId: tickets.sellerId, ticketType: tickets.ticketType, platform: tickets.platform })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw new NotFound(TRANSFER_TEXT.notFound);
  if (ticket.sellerId !== sellerId) throw new Forbidden(TRANSFER_TEXT.notSellerOfSale);
  const [sale] = await db
    .select({
      ticketmaster: users.ticketmasterEmail,
      livenation: users.livenationEmail,
      axs: users.axsEmail,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(eq(orders.ticketId, ticketId));
  if (!sale) throw new Conflict(TRANSFER_TEXT.notSold);
  const platform = transferPlatformOf(ticket);
  if (platform === null)
    return {
      platform: null,
      platformDisplayName: null,
      platformEmail: null,
      requiresEmail: false,
      buyerAsked: false,
    };
  const email = sale[platform]?.trim() || null;
  return {
    platform,
    platformDisplayName: PLATFORM_LABELS[platform],
    platformEmail: email,
    requiresEmail: email === null,
    buyerAsked: email === null && (await wasBuyerAskedForTransferEmail(db, ticketId, platform)),
  };
}

export interface TransferMailDeps {
  db: DbOrTx;
  mailer: Mailer;
  appUrl: string;
  log: { error(details: object, message: string): void };
}

/**
 * Tells the buyer the tickets were sent. Runs after the commit: the transfer has happened whether or not the
 * mail goes out, so a mail failure is logged and the buyer still sees 'Confirm Receipt' in My Tickets.
 */
export async function mailTransferInitiated(deps: TransferMailDeps, sale: TransferSale): Promise<void> {
  try {
    const [buyer] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, sale.buyerId));
    if (!buyer) return;
    const platform = PLATFORMS.includes(sale.platform as Platform) ? (sale.platform as Platform) : null;
    await deps.mailer.send(
      transferInitiatedMail(
        buyer.email,
        buyer.firstName,
        {
          eventName: sale.eventName,
          eventDate: sale.eventDate,
          ticketType: sale.ticketType,
          platformName: platform ? PLATFORM_LABELS[platform] : null,
          eventPageUrl: showPageUrl(deps.appUrl, sale.eventId, sale.showName),
          times: sale,
        },
        `${deps.appUrl}/my-tickets`,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error, ticketId: sale.ticketId }, 'could not send the transfer-initiated e-mail');
  }
}

/**
 * Tells the buyer the seller put a new barcode on a ticket whose transfer was initiated, so an earlier
 * download may be void (decision 0041). Runs after the commit; the thread's system note already says so,
 * so a mail failure is logged only.
 */
export async function mailBarcodeReplaced(deps: TransferMailDeps, ticketId: number): Promise<void> {
  try {
    const sale = await saleOf(deps.db, ticketId);
    if (!sale) return;
    const [buyer] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, sale.buyerId));
    if (!buyer) return;
    await deps.mailer.send(
      barcodeReplacedMail(
        buyer.email,
        buyer.firstName,
        { eventName: sale.eventName, eventDate: sale.eventDate },
        `${deps.appUrl}/my-tickets`,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error, ticketId }, 'could not send the barcode-replaced e-mail');
  }
}
