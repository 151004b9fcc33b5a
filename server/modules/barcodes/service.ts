import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Role } from '../../../common/constants.js';
import { BARCODE_TEXT } from '../../../common/messages.js';
import { BARCODE_CHECK_TEXT } from '../../../common/texts/barcode-check.js';
import type { SavedImage } from '../../adapters/images/image-store.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { dropBarcodeHashes, keepBarcodeHashes } from './barcode-hashes.js';

export interface BarcodeCaller {
  id: number;
  role: Role;
}

const barcodeColumns = {
  id: tickets.id,
  sellerId: tickets.sellerId,
  buyerId: tickets.buyerId,
  sold: tickets.sold,
  ticketType: tickets.ticketType,
  transferStatus: tickets.transferStatus,
  transferComplete: tickets.transferComplete,
  barcodeUrl: tickets.barcodeUrl,
  barcodePublicId: tickets.barcodePublicId,
  status: tickets.status,
  quantity: tickets.quantity,
  splitFromTicketId: tickets.splitFromTicketId,
};

type BarcodeTicket = { [K in keyof typeof barcodeColumns]: (typeof tickets.$inferSelect)[K] };

async function ticketOf(db: DbOrTx, ticketId: number): Promise<BarcodeTicket | null> {
  const [row] = await db.select(barcodeColumns).from(tickets).where(eq(tickets.id, ticketId));
  return row ?? null;
}

/**
 * Who may change a ticket's barcode: its seller, while the ticket is a paper ticket on sale (to earn the
 * Barcode checked mark, decision 0085) or sold with its transfer not complete. The buyer and admins know
 * the sale, so they get Forbidden; anyone else NotFound.
 */
function checkSellerMayChange(ticket: BarcodeTicket | null, caller: BarcodeCaller): BarcodeTicket {
  if (!ticket) throw new NotFound(BARCODE_TEXT.notFound);
  if (caller.id !== ticket.sellerId) {
    const knowsSale = (ticket.sold && caller.id === ticket.buyerId) || caller.role === 'admin';
    if (knowsSale) throw new Forbidden(BARCODE_TEXT.notSeller);
    throw new NotFound(BARCODE_TEXT.notFound);
  }
  if (ticket.ticketType !== 'paper') throw new Conflict(BARCODE_TEXT.notPaper);
  if (!ticket.sold && ticket.status === 'cancelled') throw new Conflict(BARCODE_CHECK_TEXT.cancelled);
  if (ticket.transferComplete) throw new Conflict(BARCODE_TEXT.transferCompleted);
  return ticket;
}

/** Checks, before the upload is read and stored, that the caller may set this ticket's barcode. */
export async function assertMayUploadBarcode(
  db: DbOrTx,
  ticketId: number,
  caller: BarcodeCaller,
): Promise<void> {
  checkSellerMayChange(await ticketOf(db, ticketId), caller);
}

/**
 * Puts a stored barcode on the ticket, in one transaction that locks the row, so two uploads at once leave
 * one barcode and hand back the other for deletion. Returns the public id the ticket showed before (the
 * caller deletes it from the store after the commit), or null, and whether the buyer must be told: once the
 * transfer is initiated the buyer may hold the earlier barcode, so the thread says it changed and the
 * buyer's download counts again only for the new one (decision 0041).
 */
export async function attachBarcode(
  db: Db,
  ticketId: number,
  caller: BarcodeCaller,
  saved: SavedImage,
  hashes: string[],
  now: Date,
): Promise<{ replaced: string | null; buyerNotified: boolean; barcodeChecked: boolean }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select(barcodeColumns)
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    const ticket = checkSellerMayChange(locked ?? null, caller);
    const buyerNotified = ticket.transferStatus === 'initiated';
    const barcodeChecked = await keepBarcodeHashes(
      tx,
      {
        ticketId,
        sellerId: ticket.sellerId,
        splitFromTicketId: ticket.splitFromTicketId,
        quantity: ticket.quantity,
      },
      hashes,
      now,
    );
    await tx
      .update(tickets)
      .set({
        barcodeUrl: saved.url,
        barcodePublicId: saved.publicId,
        updatedAt: now,
        ...(buyerNotified ? { barcodeDownloadedAt: null } : {}),
      })
      .where(eq(tickets.id, ticketId));
    if (buyerNotified) await postSystemMessage(tx, ticketId, BARCODE_TEXT.systemReplaced, now);
    return { replaced: ticket.barcodePublicId, buyerNotified, barcodeChecked };
  });
}

/**
 * Takes the barcode off the ticket; returns the public id to delete from the store. Once the transfer is
 * initiated the buyer was told to download it, so it can only be replaced, not removed (decision 0041).
 */
export async function detachBarcode(
  db: Db,
  ticketId: number,
  caller: BarcodeCaller,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select(barcodeColumns)
      .from(tickets)
      .where(eq(tickets.id, ticketId))
      .for('update');
    const ticket = checkSellerMayChange(locked ?? null, caller);
    if (ticket.transferStatus !== 'not_started') throw new Conflict(BARCODE_TEXT.notRemovableAfterInitiated);
    if (!ticket.barcodePublicId) throw new NotFound(BARCODE_TEXT.noBarcode);
    await tx
      .update(tickets)
      .set({ barcodeUrl: null, barcodePublicId: null, updatedAt: now })
      .where(and(eq(tickets.id, ticketId), isNotNull(tickets.barcodePublicId)));
    await dropBarcodeHashes(tx, ticketId);
    return ticket.barcodePublicId;
  });
}

/**
 * The barcode a caller may download: the seller's and admins' always; the buyer's once the transfer is
 * initiated (spec 001 §4). Everyone else gets NotFound, as if the ticket did not exist. `byAdmin` says an
 * admin who is no party to the ticket is shown it, which the audit log records (decision 0057).
 */
export async function downloadableBarcode(
  db: DbOrTx,
  ticketId: number,
  caller: BarcodeCaller,
  now: Date,
): Promise<{ url: string; publicId: string; byAdmin: boolean }> {
  const ticket = await ticketOf(db, ticketId);
  if (!ticket) throw new NotFound(BARCODE_TEXT.notFound);
  const isBuyer = ticket.sold && ticket.buyerId === caller.id;
  if (caller.id !== ticket.sellerId && caller.role !== 'admin' && !isBuyer)
    throw new NotFound(BARCODE_TEXT.notFound);
  if (caller.id !== ticket.sellerId && caller.role !== 'admin' && ticket.transferStatus === 'not_started')
    throw new NotFound(BARCODE_TEXT.notYetAvailable);
  if (!ticket.barcodeUrl || !ticket.barcodePublicId) throw new NotFound(BARCODE_TEXT.noBarcode);
  // The back office shows a dispute whether the buyer ever fetched the barcode (decision 0034).
  if (isBuyer)
    await db
      .update(tickets)
      .set({ barcodeDownloadedAt: now })
      .where(and(eq(tickets.id, ticketId), isNull(tickets.barcodeDownloadedAt)));
  const byAdmin = caller.role === 'admin' && caller.id !== ticket.sellerId && !isBuyer;
  return { url: ticket.barcodeUrl, publicId: ticket.barcodePublicId, byAdmin };
}
