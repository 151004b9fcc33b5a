import { and, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { HOLD_DURATION_MS, HOLD_MAX_EXTENSIONS } from '../../../common/schemas/checkout.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import { utcDate } from '../../lib/clock.js';

/**
 * Holds (decision 0011): a buyer's hold is two columns on the ticket, current_viewer_id and lock_expires_at,
 * set by one conditional UPDATE and valid while lock_expires_at is in the future. Nothing has to run for a
 * hold to lapse: every check compares with the clock.
 */

export interface Hold {
  version: number;
  expiresAt: Date;
  extensionsLeft: number;
}

/** Why a lock or extend matched nothing, in the order a buyer would want to hear it. */
async function explainUnavailable(db: DbOrTx, ticketId: number, buyerId: number, now: Date): Promise<never> {
  const [row] = await db
    .select({
      sellerId: tickets.sellerId,
      sold: tickets.sold,
      status: tickets.status,
      eventDate: tickets.eventDate,
      currentViewerId: tickets.currentViewerId,
      lockExpiresAt: tickets.lockExpiresAt,
      editingBy: tickets.editingBy,
      editExpiresAt: tickets.editExpiresAt,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row) throw new NotFound(TICKET_TEXT.notFound);
  if (row.sellerId === buyerId) throw new Forbidden(CHECKOUT_TEXT.ownTicket);
  if (row.sold || row.status !== 'available') throw new Conflict(CHECKOUT_TEXT.alreadySold);
  if (row.eventDate < utcDate(now)) throw new Conflict(CHECKOUT_TEXT.eventPast);
  if (row.editingBy !== null && row.editExpiresAt && row.editExpiresAt > now)
    throw new Conflict(CHECKOUT_TEXT.beingEditedBySeller);
  throw new Conflict(CHECKOUT_TEXT.heldByOther);
}

/**
 * POST /api/tickets/{id}/lock. One conditional UPDATE decides between simultaneous callers: the ticket must
 * be unsold, available, upcoming, not the caller's own, not open in its seller's editor, and free (no hold,
 * a lapsed hold, or the caller's own hold). Locking again while holding keeps the hold as it is (its expiry
 * and the extensions used), so re-opening the dialog cannot stretch a hold past its bound.
 */
export async function lockTicket(db: DbOrTx, buyerId: number, ticketId: number, now: Date): Promise<Hold> {
  const freshExpiry = new Date(now.getTime() + HOLD_DURATION_MS);
  const heldByMe = and(eq(tickets.currentViewerId, buyerId), gt(tickets.lockExpiresAt, now));
  const [row] = await db
    .update(tickets)
    .set({
      currentViewerId: buyerId,
      lockExpiresAt: sql`case when ${heldByMe} then ${tickets.lockExpiresAt} else ${freshExpiry} end`,
      holdExtensions: sql`case when ${heldByMe} then ${tickets.holdExtensions} else 0 end`,
    })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.sold, false),
        eq(tickets.status, 'available'),
        ne(tickets.sellerId, buyerId),
        sql`${tickets.eventDate} >= ${utcDate(now)}`,
        or(isNull(tickets.editingBy), isNull(tickets.editExpiresAt), lte(tickets.editExpiresAt, now)),
        or(
          isNull(tickets.currentViewerId),
          isNull(tickets.lockExpiresAt),
          lte(tickets.lockExpiresAt, now),
          eq(tickets.currentViewerId, buyerId),
        ),
      ),
    )
    .returning({
      version: tickets.version,
      lockExpiresAt: tickets.lockExpiresAt,
      holdExtensions: tickets.holdExtensions,
    });
  if (!row?.lockExpiresAt) return explainUnavailable(db, ticketId, buyerId, now);
  return {
    version: row.version,
    expiresAt: row.lockExpiresAt,
    extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - row.holdExtensions),
  };
}

/**
 * POST /api/tickets/{id}/lock/extend (WCAG 2.2.1): the holder asks for more time before the hold lapses.
 * The hold then runs HOLD_DURATION_MS from now (never shorter than it already was), at most
 * HOLD_MAX_EXTENSIONS times per hold.
 */
export async function extendHold(db: DbOrTx, buyerId: number, ticketId: number, now: Date): Promise<Hold> {
  const freshExpiry = new Date(now.getTime() + HOLD_DURATION_MS);
  const [row] = await db
    .update(tickets)
    .set({
      lockExpiresAt: sql`greatest(${tickets.lockExpiresAt}, ${freshExpiry})`,
      holdExtensions: sql`${tickets.holdExtensions} + 1`,
    })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.sold, false),
        eq(tickets.currentViewerId, buyerId),
        gt(tickets.lockExpiresAt, now),
        lt(tickets.holdExtensions, HOLD_MAX_EXTENSIONS),
      ),
    )
    .returning({
      version: tickets.version,
      lockExpiresAt: tickets.lockExpiresAt,
      holdExtensions: tickets.holdExtensions,
    });
  if (row?.lockExpiresAt)
    return {
      version: row.version,
      expiresAt: row.lockExpiresAt,
      extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - row.holdExtensions),
    };
  const hold = await currentHold(db, ticketId, now);
  if (hold === 'missing') throw new NotFound(TICKET_TEXT.notFound);
  if (hold?.holderId === buyerId) throw new Conflict(CHECKOUT_TEXT.noMoreExtensions);
  throw new Conflict(CHECKOUT_TEXT.notHolding);
}

/**
 * POST /api/tickets/{id}/unlock: releases the caller's own hold (a lapsed one too). Returns whether the
 * caller held it; someone else's hold is never touched.
 */
export async function releaseHold(db: DbOrTx, buyerId: number, ticketId: number): Promise<boolean> {
  const [row] = await db
    .update(tickets)
    .set({ currentViewerId: null, lockExpiresAt: null, holdExtensions: 0 })
    .where(and(eq(tickets.id, ticketId), eq(tickets.currentViewerId, buyerId)))
    .returning({ id: tickets.id });
  if (row) return true;
  const [exists] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).limit(1);
  if (!exists) throw new NotFound(TICKET_TEXT.notFound);
  return false;
}

/** The live hold on a ticket: who holds it until when, null when free, 'missing' for no such ticket. */
export async function currentHold(
  db: DbOrTx,
  ticketId: number,
  now: Date,
): Promise<{ holderId: number; expiresAt: Date; version: number } | null | 'missing'> {
  const [row] = await db
    .select({
      currentViewerId: tickets.currentViewerId,
      lockExpiresAt: tickets.lockExpiresAt,
      version: tickets.version,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row) return 'missing';
  if (row.currentViewerId === null || !row.lockExpiresAt || row.lockExpiresAt <= now) return null;
  return { holderId: row.currentViewerId, expiresAt: row.lockExpiresAt, version: row.version };
}

/**
 * The payment step: keeps the caller's live hold at least until `until` (the checkout session's end), so
 * nobody else can take the ticket while the buyer is on the hosted checkout. False when the hold was lost.
 */
export async function holdUntil(
  db: DbOrTx,
  buyerId: number,
  ticketId: number,
  version: number,
  until: Date,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(tickets)
    .set({ lockExpiresAt: sql`greatest(${tickets.lockExpiresAt}, ${until})` })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.sold, false),
        eq(tickets.version, version),
        eq(tickets.currentViewerId, buyerId),
        gt(tickets.lockExpiresAt, now),
      ),
    )
    .returning({ id: tickets.id });
  return row !== undefined;
}
