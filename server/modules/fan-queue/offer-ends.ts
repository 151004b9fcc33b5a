import { and, eq, inArray, isNull } from 'drizzle-orm';
import { FAN_QUEUE_LAPSES_TO_BACK } from '../../../common/schemas/fan-queue.js';
import type { Db, Tx } from '../../db/client.js';
import { checkoutSessions, fanQueueEntries, fanQueueOffers, tickets } from '../../db/schema/index.js';
import { cancelJob, scheduleJobNow } from '../../jobs/queue.js';
import { buyerSessionsOf } from '../checkout/sessions-sql.js';
import { returnIdlePart } from '../holds/splits.js';
import {
  bumpShow,
  FAN_QUEUE_OFFER_JOB,
  FAN_QUEUE_OFFER_LAPSE_JOB,
  type OfferRun,
  offerRow,
} from './offers.js';

/**
 * How offers end (decision 0100): let pass at their expiry, withdrawn by their member (leaving the line or
 * letting go of the hold), or bought through the ordinary checkout. A lapsed or withdrawn offer's tickets are
 * handed to the next fitting entry in the same transaction, so that no bid or other buyer takes them in the
 * gap; when none fits they go back on sale and on to bids and alerts.
 */

type EntryRow = typeof fanQueueEntries.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;
/** declined: "buy for me"'s card failed; recorded as lapsed (an offer let pass), without waiting for the hold. */
type OfferEndKind = 'lapsed' | 'withdrawn' | 'declined';

/** A payment for an offer that is settled but not yet fulfilled is waited for this long before looking again. */
const PAID_WAIT_MS = 30_000;

export interface HandOn extends OfferRun {
  /** The offer's hold is still live (its member is paying): looked at again then. */
  retryAt?: Date;
}

const untouched: HandOn = { offered: [], passOn: null };

/** The entry of an offer that ended unbought goes back to its place; three lapses in a row, to the back. */
async function backInLine(tx: Tx, entry: EntryRow, countLapse: boolean, now: Date): Promise<void> {
  if (entry.status !== 'offered') {
    await bumpShow(tx, entry.eventId, 0);
    return;
  }
  const lapses = countLapse ? entry.lapsesInRow + 1 : entry.lapsesInRow;
  const toBack = lapses >= FAN_QUEUE_LAPSES_TO_BACK;
  await tx
    .update(fanQueueEntries)
    .set({ status: 'waiting', lapsesInRow: toBack ? 0 : lapses, ...(toBack ? { positionKey: now } : {}) })
    .where(eq(fanQueueEntries.id, entry.id));
  await bumpShow(tx, entry.eventId, 1);
}

/** A paid checkout of the row by the member that fulfilment has not decided yet. */
async function paymentPending(tx: Tx, ticketId: number, buyerId: number): Promise<boolean> {
  const [session] = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      buyerSessionsOf(
        ticketId,
        buyerId,
        eq(checkoutSessions.status, 'paid'),
        isNull(checkoutSessions.outcome),
      ),
    )
    .limit(1);
  return session !== undefined;
}

/**
 * Ends an open offer unbought and hands its tickets on, in one transaction: the listing and then the row held
 * are locked (the holds' order), then the offer and its entry. A lapse whose hold is still live (the member
 * opened it again, or is paying) waits for it instead.
 */
export async function endOffer(db: Db, offerId: number, kind: OfferEndKind, now: Date): Promise<HandOn> {
  const [found] = await db
    .select({ ticketId: tickets.id, listingId: tickets.splitFromTicketId, status: fanQueueOffers.status })
    .from(fanQueueOffers)
    .innerJoin(tickets, eq(tickets.id, fanQueueOffers.ticketId))
    .where(eq(fanQueueOffers.id, offerId));
  if (found?.status !== 'open') return untouched;
  return db.transaction(async (tx) => {
    if (found.listingId !== null)
      await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, found.listingId)).for('update');
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, found.ticketId)).for('update');
    const [offer] = await tx
      .select()
      .from(fanQueueOffers)
      .where(and(eq(fanQueueOffers.id, offerId), eq(fanQueueOffers.status, 'open')))
      .for('update');
    if (!row || !offer) return untouched;
    const [entry] = await tx
      .select()
      .from(fanQueueEntries)
      .where(eq(fanQueueEntries.id, offer.entryId))
      .for('update');
    if (!entry) return untouched;
    if (row.sold && row.buyerId === entry.userId) {
      await settleBought(tx, offer, entry, offer.quantity, now);
      return untouched;
    }
    if (kind === 'lapsed' && !row.sold) {
      if (row.currentViewerId === entry.userId && row.lockExpiresAt && row.lockExpiresAt > now)
        return { ...untouched, retryAt: row.lockExpiresAt };
      if (await paymentPending(tx, row.id, entry.userId))
        return { ...untouched, retryAt: new Date(now.getTime() + PAID_WAIT_MS) };
    }
    await tx
      .update(fanQueueOffers)
      .set({ status: kind === 'withdrawn' ? 'withdrawn' : 'lapsed', endedAt: now })
      .where(eq(fanQueueOffers.id, offer.id));
    // Tickets sold to someone else meanwhile were not the member's to let pass.
    await backInLine(tx, entry, kind !== 'withdrawn' && !row.sold, now);
    await tx
      .update(tickets)
      .set({ currentViewerId: null, lockExpiresAt: null })
      .where(and(eq(tickets.id, row.id), eq(tickets.currentViewerId, entry.userId)));
    // A part goes back into its listing first, which is then offered whole or carved anew. The offer then
    // names the listing, since the part's row is gone (and the member is not offered it again).
    const onSale = row.splitFromTicketId === null ? row.id : await partBack(tx, offer.id, row, now);
    if (onSale === null) return untouched;
    const run = await offerRow(tx, onSale, now, [entry.userId]);
    if (run.busyUntil)
      await scheduleJobNow(tx, FAN_QUEUE_OFFER_JOB, `ticket:${onSale}`, { ticketId: onSale }, now);
    return run;
  });
}

/**
 * Puts an offer's part back into its listing; answers the row that now sells its tickets, if any. The ended
 * offer names the listing even when the part stays a row of its own (its listing could not take it back
 * now): the part goes back later (the idle parts' sweep), and its row's deletion would take the offer's
 * history with it (ticket_id cascades).
 */
async function partBack(tx: Tx, offerId: number, part: TicketRow, now: Date): Promise<number | null> {
  await tx
    .update(fanQueueOffers)
    .set({ ticketId: part.splitFromTicketId ?? part.id })
    .where(eq(fanQueueOffers.id, offerId));
  return returnIdlePart(tx, part.id, now);
}

/** The open offer of an entry (at most one: an offered entry has one hold). */
export async function openOfferOfEntry(db: Db, entryId: number): Promise<number | null> {
  const [offer] = await db
    .select({ id: fanQueueOffers.id })
    .from(fanQueueOffers)
    .where(and(eq(fanQueueOffers.entryId, entryId), eq(fanQueueOffers.status, 'open')))
    .limit(1);
  return offer?.id ?? null;
}

/** The open offer holding `ticketId` for `memberId`, if any. */
export async function openOfferOfHold(db: Db, ticketId: number, memberId: number): Promise<number | null> {
  const [offer] = await db
    .select({ id: fanQueueOffers.id })
    .from(fanQueueOffers)
    .innerJoin(fanQueueEntries, eq(fanQueueEntries.id, fanQueueOffers.entryId))
    .where(
      and(
        eq(fanQueueOffers.ticketId, ticketId),
        eq(fanQueueOffers.status, 'open'),
        eq(fanQueueEntries.userId, memberId),
      ),
    )
    .limit(1);
  return offer?.id ?? null;
}

/** The offer was bought: the entry is filled, or waits on for the rest in its place; the show counts them. */
async function settleBought(
  tx: Tx,
  offer: { id: number },
  entry: EntryRow,
  quantity: number,
  now: Date,
): Promise<void> {
  await tx
    .update(fanQueueOffers)
    .set({ status: 'bought', endedAt: now })
    .where(and(eq(fanQueueOffers.id, offer.id), eq(fanQueueOffers.status, 'open')));
  const inLine = entry.status === 'offered';
  const filled = quantity >= entry.quantity;
  await tx
    .update(fanQueueEntries)
    .set(
      !inLine
        ? { lapsesInRow: 0 }
        : filled
          ? { status: 'filled', lapsesInRow: 0, endedAt: now }
          : { status: 'waiting', lapsesInRow: 0, quantity: entry.quantity - quantity },
    )
    .where(eq(fanQueueEntries.id, entry.id));
  await bumpShow(tx, entry.eventId, inLine && !filled ? 1 : 0, quantity);
  await cancelJob(tx, FAN_QUEUE_OFFER_LAPSE_JOB, `offer:${offer.id}`, now);
}

/**
 * Fulfilment sold `ticketId` (`quantity` tickets) to `buyerId` (checkout's sale transaction, the ticket row
 * locked by its update): an open offer of that row, or of the listing it was carved from, in the buyer's
 * name is bought. Only an open offer changes, so fulfilment run twice counts the tickets once.
 */
export async function offerBought(
  tx: Tx,
  ticketId: number,
  buyerId: number,
  quantity: number,
  now: Date,
): Promise<void> {
  const [sold] = await tx
    .select({ listingId: tickets.splitFromTicketId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  const rows = sold?.listingId ? [ticketId, sold.listingId] : [ticketId];
  const [offer] = await tx
    .select()
    .from(fanQueueOffers)
    .where(
      and(
        inArray(fanQueueOffers.ticketId, rows),
        eq(fanQueueOffers.status, 'open'),
        inArray(
          fanQueueOffers.entryId,
          tx
            .select({ id: fanQueueEntries.id })
            .from(fanQueueEntries)
            .where(eq(fanQueueEntries.userId, buyerId)),
        ),
      ),
    )
    .for('update');
  if (!offer) return;
  const [entry] = await tx
    .select()
    .from(fanQueueEntries)
    .where(eq(fanQueueEntries.id, offer.entryId))
    .for('update');
  if (entry) await settleBought(tx, offer, entry, quantity, now);
}
