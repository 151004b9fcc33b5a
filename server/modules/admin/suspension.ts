import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { ADMIN_TEXT, SUSPENSION_TEXT } from '../../../common/messages.js';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import type { Tx } from '../../db/client.js';
import {
  bids,
  events,
  orders,
  payouts,
  priceAlerts,
  type SuspensionPauseKind,
  suspensionPauses,
  tickets,
  users,
} from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { endAllSessions } from '../../plugins/session.js';
import { recordAdminAction } from '../audit/service.js';
import { refundFromEscrow, refundNow } from '../refunds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { offSaleNow } from '../tickets/off-sale.js';
import { scheduleSuspensionMail } from './member-mail.js';

/**
 * Suspending a member stops everything at once (issue 43 item 6; decision 0077, adding to 0063). In one
 * transaction, with the audit entry: the member's sessions end (and with them their live streams, through
 * the sessions trigger of migration 0030); their listings on sale are taken off every list ('pending',
 * which every list, page and search index already leaves out; holds on them end); their own holds end;
 * their active bids and price alerts are paused; and every sale of theirs paid but not yet transferred is
 * refunded to its buyer from escrow, which e-mails both sides. Each listing, bid and alert paused is noted
 * in suspension_pauses; reinstating restores exactly those that are still valid, and nothing else.
 */

/** A live hold the change ended: its buyer's open checkouts end and a part goes back into its listing. */
export interface EndedHold {
  ticketId: number;
  holderId: number;
}

export interface SuspensionOutcome {
  /** Nothing changed: the member already was in the state asked for. */
  unchanged: boolean;
  endedHolds: EndedHold[];
  /** Listings back on sale after a reinstatement (bids and alerts are matched against them). */
  restoredListings: number[];
  refundedOrders: number[];
}

const UNCHANGED: SuspensionOutcome = {
  unchanged: true,
  endedHolds: [],
  restoredListings: [],
  refundedOrders: [],
};

async function notePaused(
  tx: Tx,
  userId: number,
  kind: SuspensionPauseKind,
  ids: number[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .insert(suspensionPauses)
    .values(ids.map((targetId) => ({ userId, kind, targetId, pausedAt: now })))
    .onConflictDoNothing();
}

function liveHold(now: Date) {
  return and(sql`${tickets.currentViewerId} is not null`, gt(tickets.lockExpiresAt, now));
}

async function suspend(tx: Tx, userId: number, now: Date) {
  // Holds on the member's listings (by buyers) and the member's own holds on others' listings.
  const heldFromThem = await tx
    .select({ ticketId: tickets.id, holderId: sql<number>`${tickets.currentViewerId}` })
    .from(tickets)
    .where(and(eq(tickets.sellerId, userId), eq(tickets.sold, false), liveHold(now)));
  const listings = await tx
    .update(tickets)
    .set(offSaleNow(now))
    .where(and(eq(tickets.sellerId, userId), eq(tickets.sold, false), eq(tickets.status, 'available')))
    .returning({ id: tickets.id });
  await notePaused(
    tx,
    userId,
    'listing',
    listings.map((row) => row.id),
    now,
  );
  const ownHolds = await tx
    .update(tickets)
    .set({ currentViewerId: null, lockExpiresAt: null })
    .where(and(eq(tickets.currentViewerId, userId), eq(tickets.sold, false)))
    .returning({ ticketId: tickets.id, lockExpiresAt: tickets.lockExpiresAt });
  const pausedBids = await tx
    .update(bids)
    .set({ isActive: false, endedReason: SUSPENSION_TEXT.bidPaused, endedAt: now })
    .where(and(eq(bids.userId, userId), eq(bids.isActive, true), eq(bids.matched, false)))
    .returning({ id: bids.id });
  await notePaused(
    tx,
    userId,
    'bid',
    pausedBids.map((row) => row.id),
    now,
  );
  const pausedAlerts = await tx
    .update(priceAlerts)
    .set({ status: 'ended', endedReason: 'account_suspended', endedAt: now })
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  await notePaused(
    tx,
    userId,
    'alert',
    pausedAlerts.map((row) => row.id),
    now,
  );
  // Sales the member sold that are paid and not yet transferred: the buyer would wait for a ticket the
  // seller can no longer send. A transferred sale stays: the buyer has their ticket.
  const untransferred = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(
      and(
        eq(orders.sellerId, userId),
        eq(orders.status, 'in_escrow'),
        ne(tickets.transferStatus, 'completed'),
        isNull(payouts.id),
      ),
    )
    .orderBy(asc(orders.id));
  for (const { id } of untransferred)
    await refundFromEscrow(tx, {
      orderId: id,
      cause: 'admin',
      reason: SUSPENSION_TEXT.sellerSuspendedRefund,
      now,
    });
  const endedSessions = await endAllSessions(tx, userId);
  return {
    unchanged: false,
    restoredListings: [],
    endedHolds: [
      ...heldFromThem,
      // The member's own holds: their checkouts end too (they are signed out and cannot pay).
      ...ownHolds.map((row) => ({ ticketId: row.ticketId, holderId: userId })),
    ],
    refundedOrders: untransferred.map((row) => row.id),
    audit: {
      endedSessions,
      listingsPaused: listings.length,
      bidsPaused: pausedBids.length,
      alertsPaused: pausedAlerts.length,
      refundedOrders: untransferred.map((row) => row.id),
    },
  };
}

/** The paused rows of a kind that are still paused by this suspension. */
function pausedIds(userId: number, kind: SuspensionPauseKind) {
  return sql`(select ${suspensionPauses.targetId} from ${suspensionPauses}
    where ${suspensionPauses.userId} = ${userId} and ${suspensionPauses.kind} = ${kind})`;
}

async function reinstate(tx: Tx, userId: number, now: Date) {
  // A listing comes back only while it is still off sale as the suspension left it, unsold, for an event
  // not cancelled and not past; one an admin withdrew meanwhile ('cancelled') stays withdrawn.
  const listings = await tx
    .update(tickets)
    .set({ status: 'available', version: sql`${tickets.version} + 1`, updatedAt: now })
    .where(
      and(
        sql`${tickets.id} in ${pausedIds(userId, 'listing')}`,
        eq(tickets.sellerId, userId),
        eq(tickets.status, 'pending'),
        eq(tickets.sold, false),
        listingOnSaleSql(now),
        or(
          isNull(tickets.eventId),
          sql`not exists (select 1 from ${events} where ${events.id} = ${tickets.eventId} and ${events.status} = 'cancelled')`,
        ),
      ),
    )
    .returning({ id: tickets.id });
  const restoredBids = await tx
    .update(bids)
    .set({ isActive: true, endedReason: null, endedAt: null })
    .where(
      and(
        sql`${bids.id} in ${pausedIds(userId, 'bid')}`,
        eq(bids.userId, userId),
        eq(bids.isActive, false),
        eq(bids.matched, false),
        eq(bids.endedReason, SUSPENSION_TEXT.bidPaused),
        gt(bids.expiresAt, now),
        or(
          isNull(bids.eventId),
          sql`not exists (select 1 from ${events} where ${events.id} = ${bids.eventId} and ${events.status} = 'cancelled')`,
        ),
      ),
    )
    .returning({ id: bids.id });
  // An alert whose event passed meanwhile is ended again by the daily sweep (endPassedPriceAlerts).
  const restoredAlerts = await tx
    .update(priceAlerts)
    .set({ status: 'active', endedReason: null, endedAt: null })
    .where(
      and(
        sql`${priceAlerts.id} in ${pausedIds(userId, 'alert')}`,
        eq(priceAlerts.userId, userId),
        eq(priceAlerts.status, 'ended'),
        eq(priceAlerts.endedReason, 'account_suspended'),
        sql`not exists (select 1 from ${events} where ${events.id} = ${priceAlerts.eventId} and ${events.status} = 'cancelled')`,
      ),
    )
    .returning({ id: priceAlerts.id });
  await tx.delete(suspensionPauses).where(eq(suspensionPauses.userId, userId));
  return {
    unchanged: false,
    endedHolds: [],
    refundedOrders: [],
    restoredListings: listings.map((row) => row.id),
    audit: {
      listingsRestored: listings.length,
      bidsRestored: restoredBids.length,
      alertsRestored: restoredAlerts.length,
    },
  };
}

/**
 * PUT /api/admin/users/{id}/suspension. Admins are not suspended (demoted first, decision 0063). Setting the
 * state the member already has changes and records nothing. The member is e-mailed (a durable job in the
 * same transaction); the buyers' refunds are asked of the provider right after the commit, as a support
 * refund is. The caller ends the holds' checkouts and matches restored listings.
 */
export async function setUserSuspended(
  deps: MoneyDeps & { supportEmail: string },
  adminId: number,
  userId: number,
  change: { suspended: boolean; reason: string },
): Promise<SuspensionOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<SuspensionOutcome> => {
    const [target] = await tx
      .select({ role: users.role, suspendedAt: users.suspendedAt, closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw new NotFound(ADMIN_TEXT.userNotFound);
    if (target.closedAt) throw new Conflict(ACCOUNT_CLOSURE_TEXT.closedForAdmins);
    if (target.role === 'admin' && change.suspended) throw new Conflict(ADMIN_TEXT.adminNotSuspended);
    const was = target.suspendedAt !== null;
    if (was === change.suspended) return UNCHANGED;
    await tx
      .update(users)
      .set({ suspendedAt: change.suspended ? now : null, updatedAt: now })
      .where(eq(users.id, userId));
    const { reason } = change;
    await scheduleSuspensionMail(tx, {
      userId,
      suspended: change.suspended,
      reason,
      supportEmail: deps.supportEmail,
      now,
    });
    const { audit, ...done } = change.suspended
      ? await suspend(tx, userId, now)
      : await reinstate(tx, userId, now);
    await recordAdminAction(tx, {
      adminId,
      action: 'user.suspension',
      targetType: 'user',
      targetId: userId,
      before: { suspended: !change.suspended },
      after: { suspended: change.suspended, reason, ...audit },
    });
    return done;
  });
  for (const orderId of outcome.refundedOrders) await refundNow(deps, orderId);
  return outcome;
}

/** Whether the seller of a listing is suspended (their listings stay off sale until they are reinstated). */
export async function sellerIsSuspended(tx: Tx, sellerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), sql`${users.suspendedAt} is not null`));
  return row !== undefined;
}
