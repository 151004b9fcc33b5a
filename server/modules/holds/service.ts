import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { CHECKOUT_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { onSaleAt } from '../../../common/on-sale.js';
import {
  HOLD_BUDGET_PERIOD_MS,
  HOLD_DURATION_MS,
  HOLD_MAX_EXTENSIONS,
  MAX_LIVE_HOLDS,
} from '../../../common/schemas/checkout.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { events, holdAllowances, tickets, venues } from '../../db/schema/index.js';
import { sqlStateOf } from '../../db/sql-state.js';
import { Conflict, Forbidden, NotFound, TooManyRequests } from '../../errors.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { noOpenOfferSql } from '../fan-queue/open-offer-sql.js';
import { holdCapColumns, refuseHoldOverCap } from '../price-caps/place.js';
import { assertMayHold, lockMemberForLimits } from '../show-limits/service.js';
import { type ConflictListing, lockConflict } from './conflicts.js';
import { holdPart } from './splits.js';

/**
 * Holds (decision 0011): a buyer's hold is two columns on the ticket, current_viewer_id and lock_expires_at,
 * set by one conditional UPDATE and valid while lock_expires_at is in the future. Nothing has to run for a
 * hold to lapse: every check compares with the clock.
 */

/** How long one of a member's lock requests waits behind their others before it is refused. */
export const HOLD_QUEUE_WAIT_MS = 2_000;

export interface Hold {
  /** The row held: the listing itself, or the part carved from it for this buyer (decision 0062). */
  ticketId: number;
  /** How many tickets the hold is for. */
  quantity: number;
  version: number;
  expiresAt: Date;
  extensionsLeft: number;
}

type TicketRow = typeof tickets.$inferSelect;

/**
 * Why a listing read under its row lock cannot be held by this buyer, as explainUnavailable says it; the
 * buyer's own whole hold on it is no reason (they may take part of it instead).
 */
async function assertHoldable(tx: Tx, listing: TicketRow, buyerId: number, now: Date): Promise<void> {
  refuseUnavailable(listing, buyerId, now);
  if (
    listing.currentViewerId !== null &&
    listing.currentViewerId !== buyerId &&
    listing.lockExpiresAt &&
    listing.lockExpiresAt > now
  )
    throw lockConflict('held', CHECKOUT_TEXT.heldByOther, listing);
  // Fan Queue (decision 0100): a listing an open offer holds for another member is theirs until handed on.
  const [offered] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, listing.id), sql`not ${noOpenOfferSql(buyerId)}`));
  if (offered) throw lockConflict('held', CHECKOUT_TEXT.heldByOther, listing);
  const [held] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(eq(tickets.currentViewerId, buyerId), gt(tickets.lockExpiresAt, now), ne(tickets.id, listing.id)),
    );
  if ((held?.count ?? 0) >= MAX_LIVE_HOLDS)
    throw new TooManyRequests(CHECKOUT_TEXT.tooManyHolds(MAX_LIVE_HOLDS));
}

type UnavailableFields = Pick<
  TicketRow,
  | 'sellerId'
  | 'sold'
  | 'status'
  | 'eventDate'
  | 'daysCount'
  | 'timeZone'
  | 'editingBy'
  | 'editExpiresAt'
  | 'eventId'
  | 'eventName'
>;

/** Throws why nobody but its holder could open this ticket now, if anything but a hold stands in the way. */
function refuseUnavailable(row: UnavailableFields, buyerId: number, now: Date): void {
  if (row.sellerId === buyerId) throw new Forbidden(CHECKOUT_TEXT.ownTicket);
  if (row.sold || row.status === 'sold') throw lockConflict('sold', CHECKOUT_TEXT.alreadySold, row);
  if (row.status !== 'available') throw lockConflict('withdrawn', CHECKOUT_TEXT.withdrawn, row);
  if (!onSaleAt(row, now)) throw lockConflict('event-over', CHECKOUT_TEXT.eventPast, row);
  if (row.editingBy !== null && row.editExpiresAt && row.editExpiresAt > now)
    throw lockConflict('editing', CHECKOUT_TEXT.beingEditedBySeller, row);
}

/**
 * What decides whether a listing can be held now, and what a refusal names, with what its show's price cap
 * is checked against (decision 0084); read without a row lock.
 */
async function availabilityOf(db: DbOrTx, ticketId: number) {
  const [row] = await db
    .select({
      ...holdCapColumns,
      sellerId: tickets.sellerId,
      sold: tickets.sold,
      status: tickets.status,
      eventDate: tickets.eventDate,
      daysCount: tickets.daysCount,
      timeZone: tickets.timeZone,
      currentViewerId: tickets.currentViewerId,
      lockExpiresAt: tickets.lockExpiresAt,
      editingBy: tickets.editingBy,
      editExpiresAt: tickets.editExpiresAt,
    })
    .from(tickets)
    .leftJoin(events, eq(events.id, tickets.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  return row;
}

/**
 * Refuses a lock on a listing that is taken by what is committed now: sold, withdrawn, over, in its seller's
 * editor, held by another buyer, or priced above its show's cap now (decision 0084). Read without a row
 * lock, so in an on-sale rush the fans who clicked a listing already taken are told at once, instead of
 * queueing on its row behind the hold, payment start or sale at work on it (and, past the lock wait, being
 * told to slow down); decision 0094.
 */
async function refuseTaken(
  db: DbOrTx,
  ticketId: number,
  buyerId: number,
  now: Date,
): Promise<ConflictListing | undefined> {
  const row = await availabilityOf(db, ticketId);
  if (!row) return undefined;
  refuseUnavailable(row, buyerId, now);
  if (
    row.currentViewerId !== null &&
    row.currentViewerId !== buyerId &&
    row.lockExpiresAt &&
    row.lockExpiresAt > now
  )
    throw lockConflict('held', CHECKOUT_TEXT.heldByOther, row);
  refuseHoldOverCap(row, now);
  return row;
}

/** The hold budget of a row is its listing's (decision 0031): carving parts again never refills it. */
function allowanceKey(row: { id: number; splitFromTicketId: number | null }): number {
  return row.splitFromTicketId ?? row.id;
}

/** Why a lock or extend matched nothing, in the order a buyer would want to hear it. */
async function explainUnavailable(db: DbOrTx, ticketId: number, buyerId: number, now: Date): Promise<never> {
  const row = await availabilityOf(db, ticketId);
  if (!row) throw new NotFound(TICKET_TEXT.notFound);
  refuseUnavailable(row, buyerId, now);
  const [held] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(eq(tickets.currentViewerId, buyerId), gt(tickets.lockExpiresAt, now), ne(tickets.id, ticketId)),
    );
  // 429, not 409: the buyer's own limit, which the client shows as said (spec 000 §9 'Other lock failures').
  if ((held?.count ?? 0) >= MAX_LIVE_HOLDS)
    throw new TooManyRequests(CHECKOUT_TEXT.tooManyHolds(MAX_LIVE_HOLDS));
  throw lockConflict('held', CHECKOUT_TEXT.heldByOther, row);
}

/**
 * When a new hold of this member on this listing (or a part of it) ends: where their last one still runs,
 * then, so that switching between the whole listing and a part, or letting go and taking it again, never
 * gives a fresh hold (issue 43); else a hold's full length from now.
 */
async function holdEndFor(tx: DbOrTx, buyerId: number, ticketId: number, now: Date): Promise<Date> {
  const [row] = await tx
    .select({ holdEndsAt: holdAllowances.holdEndsAt })
    .from(holdAllowances)
    .innerJoin(tickets, eq(tickets.id, ticketId))
    .where(
      and(
        eq(holdAllowances.userId, buyerId),
        eq(holdAllowances.ticketId, sql`coalesce(${tickets.splitFromTicketId}, ${tickets.id})`),
      ),
    )
    .limit(1);
  const carried = row?.holdEndsAt;
  return carried && carried > now ? carried : new Date(now.getTime() + HOLD_DURATION_MS);
}

/**
 * The member's extension budget on this ticket for the current period, opened by a lock (decision 0031),
 * and the end of the hold the lock gave them.
 */
async function openAllowance(
  tx: DbOrTx,
  buyerId: number,
  ticketId: number,
  holdEndsAt: Date,
  now: Date,
): Promise<number> {
  const lapsed = sql`${holdAllowances.periodStartedAt} <= ${periodStartBefore(now)}`;
  const [row] = await tx
    .insert(holdAllowances)
    .values({ userId: buyerId, ticketId, periodStartedAt: now, holdEndsAt })
    .onConflictDoUpdate({
      target: [holdAllowances.userId, holdAllowances.ticketId],
      set: {
        holdEndsAt,
        periodStartedAt: sql`case when ${lapsed} then ${now.toISOString()}::timestamptz else ${holdAllowances.periodStartedAt} end`,
        extensionsUsed: sql`case when ${lapsed} then 0 else ${holdAllowances.extensionsUsed} end`,
        checkoutStartedAt: sql`case when ${lapsed} then null else ${holdAllowances.checkoutStartedAt} end`,
      },
    })
    .returning({ extensionsUsed: holdAllowances.extensionsUsed });
  return row?.extensionsUsed ?? 0;
}

function periodStartBefore(now: Date): string {
  return new Date(now.getTime() - HOLD_BUDGET_PERIOD_MS).toISOString();
}

/** Live holds the member has on other tickets, as a SQL count (decision 0031). */
function liveHoldsElsewhere(buyerId: number, ticketId: number, now: Date) {
  return sql`(select count(*) from ${tickets} as held where held.current_viewer_id = ${buyerId} and held.lock_expires_at > ${now.toISOString()}::timestamptz and held.id <> ${ticketId})`;
}

/**
 * The show's limits on a hold of `wanted` tickets (the whole listing without it) of a listing still on sale
 * (decision 0088); a listing that cannot be held anyway is left to say why.
 */
async function assertShowLimits(
  tx: Tx,
  buyerId: number,
  ticketId: number,
  wanted: number | undefined,
  now: Date,
): Promise<void> {
  const [listing] = await tx
    .select({
      id: tickets.id,
      splitFromTicketId: tickets.splitFromTicketId,
      quantity: tickets.quantity,
      eventId: tickets.eventId,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
    })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.sold, false), eq(tickets.status, 'available')));
  if (!listing) return;
  const quantity = Math.min(wanted ?? listing.quantity, listing.quantity);
  await assertMayHold(tx, buyerId, listing, listing.splitFromTicketId ?? listing.id, quantity, now);
}

/**
 * POST /api/tickets/{id}/lock. One conditional UPDATE decides between simultaneous callers: the ticket must
 * be unsold, available, upcoming, not the caller's own, not open in its seller's editor, and free (no hold,
 * a lapsed hold, or the caller's own hold), and the caller must hold fewer than MAX_LIVE_HOLDS other tickets.
 * The member's row is locked first, so their simultaneous locks (from any instance) are counted one after
 * another. Locking again while holding keeps the hold as it is, so re-opening the dialog cannot stretch it.
 * With `wanted` fewer than the listing has left, the buyer holds a part carved from it (decision 0062).
 */
export async function lockTicket(
  db: DbOrTx,
  buyerId: number,
  ticketId: number,
  now: Date,
  wanted?: number,
): Promise<Hold> {
  // Refused before any transaction when what is committed already says no: in an on-sale rush most fans
  // click a listing just taken, and each is answered after one read instead of a transaction's ten (0094).
  const listing = await refuseTaken(db, ticketId, buyerId, now);
  const seen = { pastMemberQueue: false };
  try {
    return await lockInTransaction(db, buyerId, ticketId, now, wanted, seen);
  } catch (error) {
    // Past the member's own queue, a lock wait that runs out is other buyers at work on this listing (a
    // hold being made, a payment start, a sale): it is held, not the member's requests piling up (0094).
    if (listing && seen.pastMemberQueue && sqlStateOf(error) === '55P03')
      throw lockConflict('held', CHECKOUT_TEXT.heldByOther, listing);
    throw error;
  }
}

/**
 * Fan Queue (decision 0100): the queue's offer holds `quantity` of a listing (whole, or a part carved from
 * it) for its member until `expiresAt`, exactly as the member's own lock would, limits and all, inside the
 * offer job's transaction (a savepoint: a refusal undoes only this hold).
 */
export function holdForOffer(
  tx: Tx,
  memberId: number,
  ticketId: number,
  quantity: number,
  expiresAt: Date,
  now: Date,
): Promise<Hold> {
  return lockInTransaction(tx, memberId, ticketId, now, quantity, { pastMemberQueue: false }, expiresAt);
}

function lockInTransaction(
  db: DbOrTx,
  buyerId: number,
  ticketId: number,
  now: Date,
  wanted: number | undefined,
  seen: { pastMemberQueue: boolean },
  offerExpiry?: Date,
): Promise<Hold> {
  return db.transaction(async (tx) => {
    // One member's locks run one after another (the live-holds count must see the others). A burst of them
    // waits at most HOLD_QUEUE_WAIT_MS for its turn and is then told to slow down (429), instead of queueing
    // into the statement timeout (503) on a busy server (issue 21, reliability bench). An offer's hold runs
    // inside the queue's job, whose transaction must keep its own lock timeout.
    if (!offerExpiry) await tx.execute(sql.raw(`set local lock_timeout = ${HOLD_QUEUE_WAIT_MS}`));
    await lockMemberForLimits(tx, buyerId);
    await assertShowLimits(tx, buyerId, ticketId, wanted, now);
    seen.pastMemberQueue = true;
    let freshExpiry = offerExpiry ?? (await holdEndFor(tx, buyerId, ticketId, now));
    if (wanted !== undefined) {
      const part = await holdPart(tx, buyerId, ticketId, wanted, freshExpiry, now, (listing) =>
        assertHoldable(tx, listing, buyerId, now),
      );
      if (part.kind === 'part') {
        const extensionsUsed = await openAllowance(tx, buyerId, ticketId, part.expiresAt, now);
        const { kind, ...held } = part;
        return { ...held, extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - extensionsUsed) };
      }
      freshExpiry = part.expiresAt;
    }
    const heldByMe = and(eq(tickets.currentViewerId, buyerId), gt(tickets.lockExpiresAt, now));
    const [row] = await tx
      .update(tickets)
      .set({
        currentViewerId: buyerId,
        lockExpiresAt: sql`case when ${heldByMe} then ${tickets.lockExpiresAt} else ${freshExpiry} end`,
      })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.sold, false),
          eq(tickets.status, 'available'),
          ne(tickets.sellerId, buyerId),
          listingOnSaleSql(now),
          or(isNull(tickets.editingBy), isNull(tickets.editExpiresAt), lte(tickets.editExpiresAt, now)),
          or(
            isNull(tickets.currentViewerId),
            isNull(tickets.lockExpiresAt),
            lte(tickets.lockExpiresAt, now),
            eq(tickets.currentViewerId, buyerId),
          ),
          sql`${liveHoldsElsewhere(buyerId, ticketId, now)} < ${MAX_LIVE_HOLDS}`,
          // Fan Queue (decision 0100): not a row an open offer holds for another member, lapsed or not.
          noOpenOfferSql(buyerId),
        ),
      )
      .returning({
        version: tickets.version,
        lockExpiresAt: tickets.lockExpiresAt,
        quantity: tickets.quantity,
        splitFromTicketId: tickets.splitFromTicketId,
      });
    if (!row?.lockExpiresAt) return explainUnavailable(tx, ticketId, buyerId, now);
    const extensionsUsed = await openAllowance(
      tx,
      buyerId,
      allowanceKey({ id: ticketId, ...row }),
      row.lockExpiresAt,
      now,
    );
    return {
      ticketId,
      quantity: row.quantity,
      version: row.version,
      expiresAt: row.lockExpiresAt,
      extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - extensionsUsed),
    };
  });
}

/**
 * POST /api/tickets/{id}/lock/extend (WCAG 2.2.1): the holder asks for more time before the hold lapses.
 * The hold then runs HOLD_DURATION_MS from now (never shorter than it already was), at most
 * HOLD_MAX_EXTENSIONS times per member, ticket and period (decision 0031), counted in the same transaction.
 */
export async function extendHold(db: DbOrTx, buyerId: number, ticketId: number, now: Date): Promise<Hold> {
  const freshExpiry = new Date(now.getTime() + HOLD_DURATION_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ lockExpiresAt: sql`greatest(${tickets.lockExpiresAt}, ${freshExpiry})` })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.sold, false),
          eq(tickets.currentViewerId, buyerId),
          gt(tickets.lockExpiresAt, now),
        ),
      )
      .returning({
        version: tickets.version,
        lockExpiresAt: tickets.lockExpiresAt,
        quantity: tickets.quantity,
        splitFromTicketId: tickets.splitFromTicketId,
      });
    if (!row?.lockExpiresAt) {
      const hold = await currentHold(tx, ticketId, now);
      if (hold === 'missing') throw new NotFound(TICKET_TEXT.notFound);
      throw new Conflict(CHECKOUT_TEXT.notHolding);
    }
    const lapsed = sql`${holdAllowances.periodStartedAt} <= ${periodStartBefore(now)}`;
    const [allowance] = await tx
      .insert(holdAllowances)
      .values({
        userId: buyerId,
        ticketId: allowanceKey({ id: ticketId, ...row }),
        periodStartedAt: now,
        extensionsUsed: 1,
        holdEndsAt: row.lockExpiresAt,
      })
      .onConflictDoUpdate({
        target: [holdAllowances.userId, holdAllowances.ticketId],
        set: {
          holdEndsAt: row.lockExpiresAt,
          periodStartedAt: sql`case when ${lapsed} then ${now.toISOString()}::timestamptz else ${holdAllowances.periodStartedAt} end`,
          extensionsUsed: sql`case when ${lapsed} then 1 else ${holdAllowances.extensionsUsed} + 1 end`,
          checkoutStartedAt: sql`case when ${lapsed} then null else ${holdAllowances.checkoutStartedAt} end`,
        },
        setWhere: sql`${lapsed} or ${holdAllowances.extensionsUsed} < ${HOLD_MAX_EXTENSIONS}`,
      })
      .returning({ extensionsUsed: holdAllowances.extensionsUsed });
    // Throwing rolls the longer hold back with it.
    if (!allowance) throw new Conflict(CHECKOUT_TEXT.noMoreExtensions);
    return {
      ticketId,
      quantity: row.quantity,
      version: row.version,
      expiresAt: row.lockExpiresAt,
      extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - allowance.extensionsUsed),
    };
  });
}

/**
 * POST /api/tickets/{id}/unlock: releases the caller's own hold (a lapsed one too). Returns whether the
 * caller held it; someone else's hold is never touched.
 */
export async function releaseHold(db: DbOrTx, buyerId: number, ticketId: number): Promise<boolean> {
  const [row] = await db
    .update(tickets)
    .set({ currentViewerId: null, lockExpiresAt: null })
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
 * The payment step: keeps the caller's live hold until one checkout's lifetime after their first payment
 * start on this ticket in the period (decision 0031), so nobody else can take the ticket while the buyer is
 * on the hosted checkout, and starting again cannot stretch the hold further. The ticket row is locked first,
 * so simultaneous payment starts for it run one after another. False when the hold was lost.
 */
export async function holdForCheckout(
  tx: Tx,
  buyerId: number,
  ticketId: number,
  version: number,
  checkoutLifetimeMs: number,
  now: Date,
): Promise<boolean> {
  const holding = and(
    eq(tickets.id, ticketId),
    eq(tickets.sold, false),
    eq(tickets.version, version),
    eq(tickets.currentViewerId, buyerId),
    gt(tickets.lockExpiresAt, now),
  );
  const [held] = await tx
    .select({ id: tickets.id, splitFromTicketId: tickets.splitFromTicketId })
    .from(tickets)
    .where(holding)
    .for('update');
  if (!held) return false;
  const lapsed = sql`${holdAllowances.periodStartedAt} <= ${periodStartBefore(now)}`;
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const [allowance] = await tx
    .insert(holdAllowances)
    .values({ userId: buyerId, ticketId: allowanceKey(held), periodStartedAt: now, checkoutStartedAt: now })
    .onConflictDoUpdate({
      target: [holdAllowances.userId, holdAllowances.ticketId],
      set: {
        periodStartedAt: sql`case when ${lapsed} then ${nowSql} else ${holdAllowances.periodStartedAt} end`,
        extensionsUsed: sql`case when ${lapsed} then 0 else ${holdAllowances.extensionsUsed} end`,
        checkoutStartedAt: sql`case when ${lapsed} then ${nowSql} else coalesce(${holdAllowances.checkoutStartedAt}, ${nowSql}) end`,
      },
    })
    .returning({ checkoutStartedAt: holdAllowances.checkoutStartedAt });
  const firstStart = allowance?.checkoutStartedAt ?? now;
  const until = new Date(firstStart.getTime() + checkoutLifetimeMs);
  const [kept] = await tx
    .update(tickets)
    .set({ lockExpiresAt: sql`greatest(${tickets.lockExpiresAt}, ${until})` })
    .where(holding)
    .returning({ lockExpiresAt: tickets.lockExpiresAt });
  if (kept?.lockExpiresAt)
    await tx
      .update(holdAllowances)
      .set({ holdEndsAt: kept.lockExpiresAt })
      .where(and(eq(holdAllowances.userId, buyerId), eq(holdAllowances.ticketId, allowanceKey(held))));
  return true;
}
