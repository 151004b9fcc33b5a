import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { CHECKOUT_TEXT } from '../../../common/messages.js';
import {
  allowedQuantities,
  joinSeats,
  quantitiesText,
  splitAllows,
  splitSeats,
} from '../../../common/splits.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { checkoutSessions, tickets } from '../../db/schema/index.js';
import { noOpenOfferSql } from '../fan-queue/open-offer-sql.js';
import { lockConflict } from './conflicts.js';

/**
 * Buying part of a listing (decision 0062). A buyer who wants fewer tickets than a listing has holds a part
 * carved from it: a listing row of its own with the quantity they want, the first of the seats, and
 * split_from_ticket_id naming the listing. From then on the part is held, paid for, fulfilled, transferred,
 * reviewed and paid out exactly like a whole listing, and the listing sells what is left. A part whose hold
 * ends unsold goes back into its listing. The listing row is always locked before any of its parts.
 */

type TicketRow = typeof tickets.$inferSelect;

/** No checkout of the ticket can still be paid, and none paid is waiting for fulfilment. */
function noLiveCheckout(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`not exists (select 1 from ${checkoutSessions} where ${checkoutSessions.ticketId} = ${tickets.id}
    and ${checkoutSessions.outcome} is null and (${checkoutSessions.status} = 'paid'
    or (${checkoutSessions.status} = 'open' and ${checkoutSessions.expiresAt} > ${at})))`;
}

/** An unsold part no buyer is at work on: its hold lapsed or was let go, and no checkout of it is live. */
function idlePart(now: Date) {
  return and(
    isNotNull(tickets.splitFromTicketId),
    eq(tickets.sold, false),
    eq(tickets.status, 'available'),
    or(isNull(tickets.currentViewerId), isNull(tickets.lockExpiresAt), lte(tickets.lockExpiresAt, now)),
    noLiveCheckout(now),
    // Fan Queue (decision 0100): a part an open offer holds is handed on by the offer's expiry job.
    noOpenOfferSql(),
  );
}

function heldLive(listing: TicketRow, now: Date): boolean {
  return listing.currentViewerId !== null && listing.lockExpiresAt !== null && listing.lockExpiresAt > now;
}

/**
 * Puts a part back into its listing (both rows locked by the caller, listing first): the listing sells
 * its tickets again at its own current terms. A listing that can no longer take them back (sold, or held
 * whole by another buyer) leaves the part on sale as a listing of its own; a withdrawn listing takes its
 * part with it. Answers the row that now sells the part's tickets, if any.
 */
async function putBack(
  tx: Tx,
  part: TicketRow,
  listing: TicketRow | undefined,
  now: Date,
): Promise<number | null> {
  if (listing?.status === 'cancelled') {
    await tx
      .update(tickets)
      .set({ status: 'cancelled', currentViewerId: null, lockExpiresAt: null, updatedAt: now })
      .where(eq(tickets.id, part.id));
    return null;
  }
  if (!listing || listing.sold || listing.status !== 'available' || heldLive(listing, now)) {
    await tx
      .update(tickets)
      .set({ currentViewerId: null, lockExpiresAt: null, updatedAt: now })
      .where(eq(tickets.id, part.id));
    return part.id;
  }
  await tx.delete(tickets).where(eq(tickets.id, part.id));
  await tx
    .update(tickets)
    .set({
      quantity: sql`${tickets.quantity} + ${part.quantity}`,
      seats: joinSeats(listing.seats, part.seats),
      version: sql`${tickets.version} + 1`,
      updatedAt: now,
    })
    .where(eq(tickets.id, listing.id));
  return listing.id;
}

/** Puts every idle part of a locked listing back (and `ownPartId`, the caller's own live part, if given). */
async function reclaimParts(tx: Tx, listing: TicketRow, now: Date, ownPartId?: number): Promise<TicketRow> {
  const parts = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.splitFromTicketId, listing.id),
        ownPartId === undefined
          ? idlePart(now)
          : // Fan Queue (decision 0100): not the buyer's own part while an open offer holds it.
            or(idlePart(now), and(eq(tickets.id, ownPartId), noLiveCheckout(now), noOpenOfferSql())),
      ),
    )
    .orderBy(tickets.id)
    .for('update');
  for (const part of parts) await putBack(tx, part, listing, now);
  if (parts.length === 0) return listing;
  const [reread] = await tx.select().from(tickets).where(eq(tickets.id, listing.id));
  return reread ?? listing;
}

/** The buyer holds a part (its own row), or wants the whole listing, held until `expiresAt` at most. */
export type PartHold =
  | { kind: 'part'; ticketId: number; quantity: number; version: number; expiresAt: Date }
  | { kind: 'whole'; expiresAt: Date };

/**
 * The part-of-a-listing half of a lock (decision 0062), inside the lock's transaction. Returns the part the
 * buyer now holds, or 'whole' when they want everything the listing has left (or there is no such listing):
 * the lock then holds the listing as before. A buyer asking again for the quantity they hold keeps their part as it is; asking for another
 * quantity puts it back first and carves anew, keeping its expiry, so that re-opening never stretches a hold.
 * `availability` throws the reason the listing cannot be held by this buyer, if any.
 */
export async function holdPart(
  tx: Tx,
  buyerId: number,
  listingId: number,
  wanted: number,
  freshExpiry: Date,
  now: Date,
  availability: (listing: TicketRow) => Promise<void>,
): Promise<PartHold> {
  const [locked] = await tx.select().from(tickets).where(eq(tickets.id, listingId)).for('update');
  if (!locked) return { kind: 'whole', expiresAt: freshExpiry };
  if (locked.splitFromTicketId !== null) {
    // A part sells whole: a part of a part would stay behind as a listing of its own when its listing takes
    // the part back, and could leave the seller a single ticket (issue 43).
    if (wanted === locked.quantity) return { kind: 'whole', expiresAt: freshExpiry };
    await availability(locked);
    throw lockConflict(
      'quantity-not-offered',
      CHECKOUT_TEXT.quantityNotOffered(quantitiesText([locked.quantity])),
      locked,
      [locked.quantity],
    );
  }
  const [own] = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.splitFromTicketId, listingId),
        eq(tickets.currentViewerId, buyerId),
        gt(tickets.lockExpiresAt, now),
        eq(tickets.sold, false),
        eq(tickets.status, 'available'),
      ),
    )
    .orderBy(tickets.id)
    .limit(1);
  if (own?.lockExpiresAt && own.quantity === wanted)
    return {
      kind: 'part',
      ticketId: own.id,
      quantity: wanted,
      version: own.version,
      expiresAt: own.lockExpiresAt,
    };
  const listing = await reclaimParts(tx, locked, now, own?.id);
  const expiresAt = own?.lockExpiresAt ?? freshExpiry;
  if (wanted === listing.quantity) return { kind: 'whole', expiresAt };
  await availability(listing);
  const offered = allowedQuantities(listing.splitRule, listing.quantity);
  if (wanted > listing.quantity)
    throw lockConflict('only-left', CHECKOUT_TEXT.onlyLeft(listing.quantity), listing, offered);
  if (!splitAllows(listing.splitRule, listing.quantity, wanted))
    throw lockConflict(
      'quantity-not-offered',
      CHECKOUT_TEXT.quantityNotOffered(quantitiesText(offered)),
      listing,
      offered,
    );
  const seats = splitSeats(listing.seats, listing.quantity, wanted);
  const {
    id,
    version,
    buyerPaysPerTicketCents,
    searchText,
    searchChangedAt,
    createdAt,
    updatedAt,
    ...terms
  } = listing;
  const [part] = await tx
    .insert(tickets)
    .values({
      ...terms,
      quantity: wanted,
      seats: seats.part,
      splitFromTicketId: id,
      currentViewerId: buyerId,
      lockExpiresAt: expiresAt,
      editingBy: null,
      editExpiresAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tickets.id, version: tickets.version });
  if (!part) throw new Error('part insert returned no row');
  const heldWholeByBuyer = listing.currentViewerId === buyerId;
  await tx
    .update(tickets)
    .set({
      quantity: listing.quantity - wanted,
      seats: seats.rest,
      version: sql`${tickets.version} + 1`,
      updatedAt: now,
      ...(heldWholeByBuyer ? { currentViewerId: null, lockExpiresAt: null } : {}),
    })
    .where(eq(tickets.id, id));
  return { kind: 'part', ticketId: part.id, quantity: wanted, version: part.version, expiresAt };
}

/**
 * After a buyer let go of a ticket (and their unpaid checkouts of it ended): a part of a listing goes back
 * into it. Answers the row that now sells those tickets (the listing, or the ticket itself when it is no
 * part or stays on sale on its own), or null when none does. Reads the part unlocked only to find its
 * listing, then locks listing and part in that order.
 */
export async function returnIdlePart(db: DbOrTx, ticketId: number, now: Date): Promise<number | null> {
  const [found] = await db
    .select({ listingId: tickets.splitFromTicketId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), idlePart(now)));
  if (!found?.listingId) return ticketId;
  const listingId = found.listingId;
  return db.transaction(async (tx) => {
    const [listing] = await tx.select().from(tickets).where(eq(tickets.id, listingId)).for('update');
    const [part] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.splitFromTicketId, listingId), idlePart(now)))
      .for('update');
    if (!part) return ticketId;
    return putBack(tx, part, listing, now);
  });
}

/**
 * A listing whose own hold just ended takes back its idle parts (those that stayed on sale on their own
 * while it was held whole by another buyer). Answers how many went back.
 */
export async function returnIdleParts(db: DbOrTx, listingId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [listing] = await tx.select().from(tickets).where(eq(tickets.id, listingId)).for('update');
    if (!listing || heldLive(listing, now)) return 0;
    const before = listing.quantity;
    const after = await reclaimParts(tx, listing, now);
    return after.quantity - before;
  });
}

/** Parts returned per sweep at most; the rest go in the next run. */
export const IDLE_PARTS_PER_SWEEP = 500;

/** The sweep: parts whose hold lapsed unsold go back into their listings (any instance; each part once). */
export async function sweepIdleParts(db: DbOrTx, now: Date): Promise<number> {
  const idle = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(idlePart(now))
    .orderBy(tickets.id)
    .limit(IDLE_PARTS_PER_SWEEP);
  for (const { id } of idle) await returnIdlePart(db, id, now);
  return idle.length;
}
