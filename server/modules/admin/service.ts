import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '../../../common/constants.js';
import { ADMIN_TEXT, SUSPENSION_TEXT } from '../../../common/messages.js';
import type { AdminTicketStatus } from '../../../common/schemas/admin.js';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import type { Db, Tx } from '../../db/client.js';
import { events, tickets, users } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';
import { scheduleListingStatusMail } from './member-mail.js';
import { type EndedHold, sellerIsSuspended } from './suspension.js';

/**
 * The admin dashboard's edits (decision 0036). Each is one function: it reads the target, decides, writes in
 * one transaction and returns what it did as an `AdminAction` (who, what, before, after), which the audit log
 * records in that same transaction (decision 0033).
 */
export interface AdminAction<Before, After> {
  adminId: number;
  action: 'user.role' | 'ticket.status';
  targetType: 'user' | 'ticket';
  targetId: string;
  before: Before;
  after: After;
}

export type RoleChange = AdminAction<{ role: Role }, { role: Role }>;

/**
 * PUT /api/admin/users/{id}/role: user, admin or AMBSD (admins appoint ambassadors). The admins' rows are
 * locked first, so two admins demoting each other at once are serialized and one admin always remains.
 * The new role applies to the user's next request: sessions read the role from the users row.
 */
export async function changeUserRole(db: Db, adminId: number, userId: number, role: Role, now: Date) {
  return db.transaction(async (tx): Promise<RoleChange> => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [target] = await tx
      .select({ role: users.role, closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw new NotFound(ADMIN_TEXT.userNotFound);
    if (target.closedAt) throw new Conflict(ACCOUNT_CLOSURE_TEXT.closedForAdmins);
    if (target.role === 'admin' && role !== 'admin' && admins.length <= 1)
      throw new Conflict(ADMIN_TEXT.lastAdmin);
    const change: RoleChange = {
      adminId,
      action: 'user.role',
      targetType: 'user',
      targetId: String(userId),
      before: { role: target.role },
      after: { role },
    };
    if (target.role !== role) {
      await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
      await recordAdminAction(tx, change);
    }
    return change;
  });
}

type TicketState = { status: AdminTicketStatus; version: number };
export type TicketStatusChange = AdminAction<TicketState, TicketState> & {
  /** The buyer whose live hold the change ended: their open checkout sessions are to be expired. */
  releasedHolderId: number | null;
  /** Buyers' live holds on parts of the listing that the change ended (issue 43 item 12). */
  endedPartHolds: EndedHold[];
  /** Parts back on sale with their listing: each goes back into it. */
  partsBack: number[];
};

/**
 * A listing's unsold parts (decision 0062) follow it when an admin withdraws or restores it (issue 43
 * item 12): withdrawn with it, their holds end and their version moves on, so a buyer holding a part can
 * no longer pay for it (and a payment already under way is refunded by fulfilment); restored with it, they
 * are free again and go back into it.
 */
async function moveUnsoldParts(
  tx: Tx,
  listingId: number,
  from: AdminTicketStatus,
  to: AdminTicketStatus,
  now: Date,
): Promise<{ moved: number[]; endedHolds: EndedHold[] }> {
  const parts = await tx
    .select({ id: tickets.id, holderId: tickets.currentViewerId, holdEndsAt: tickets.lockExpiresAt })
    .from(tickets)
    .where(and(eq(tickets.splitFromTicketId, listingId), eq(tickets.sold, false), eq(tickets.status, from)))
    .orderBy(tickets.id)
    .for('update');
  if (parts.length === 0) return { moved: [], endedHolds: [] };
  await tx
    .update(tickets)
    .set({
      status: to,
      version: sql`${tickets.version} + 1`,
      currentViewerId: null,
      lockExpiresAt: null,
      updatedAt: now,
    })
    .where(
      inArray(
        tickets.id,
        parts.map((part) => part.id),
      ),
    );
  const endedHolds: EndedHold[] = [];
  for (const part of parts)
    if (part.holderId !== null && part.holdEndsAt !== null && part.holdEndsAt > now)
      endedHolds.push({ ticketId: part.id, holderId: part.holderId });
  return { moved: parts.map((part) => part.id), endedHolds };
}

/** Unsold listings move freely among these; 'sold' is reached only through a paid order. */
const LISTING_STATES: readonly AdminTicketStatus[] = ['available', 'pending', 'cancelled'];

/**
 * PUT /api/admin/tickets/{id}. Money and tickets stay consistent (decision 0036):
 * - an unsold listing moves among available (listed), pending (withdrawn for review) and cancelled
 *   (withdrawn); leaving 'available' ends any hold and the version moves on, so a checkout started on the old
 *   version can no longer sell it (its payment is refunded by checkout) and an open one is expired;
 * - nothing becomes 'sold' here: only a paid order sells a ticket;
 * - a sold ticket is not changed here: cancelling a sale is the transaction's refund, which returns the
 *   buyer's money from escrow and cancels the ticket; a refunded sale's ticket stays cancelled.
 * The write is one conditional UPDATE on the version read, unsold and the status read, so a buyer paying at
 * the same moment either sells first (and the change is refused) or finds the listing withdrawn.
 */
export async function changeTicketStatus(
  db: Db,
  adminId: number,
  ticketId: number,
  request: { status: AdminTicketStatus; reason: string; version?: number | undefined },
  now: Date,
) {
  return db.transaction(async (tx): Promise<TicketStatusChange> => {
    const [ticket] = await tx
      .select({
        status: tickets.status,
        version: tickets.version,
        sold: tickets.sold,
        sellerId: tickets.sellerId,
        holderId: tickets.currentViewerId,
        holdEndsAt: tickets.lockExpiresAt,
        eventStatus: events.status,
      })
      .from(tickets)
      .leftJoin(events, eq(events.id, tickets.eventId))
      .where(eq(tickets.id, ticketId));
    if (!ticket) throw new NotFound(ADMIN_TEXT.ticketNotFound);
    if (request.version !== undefined && request.version !== ticket.version)
      throw new Conflict(ADMIN_TEXT.ticketChanged, { currentVersion: ticket.version });
    const before = { status: ticket.status, version: ticket.version };
    const unchanged = {
      adminId,
      action: 'ticket.status',
      targetType: 'ticket',
      targetId: String(ticketId),
    } as const;
    if (ticket.status === request.status)
      return {
        ...unchanged,
        before,
        after: before,
        releasedHolderId: null,
        endedPartHolds: [],
        partsBack: [],
      };
    if (ticket.sold)
      throw new Conflict(
        ticket.status === 'cancelled'
          ? ADMIN_TEXT.refundedSaleStaysCancelled
          : ADMIN_TEXT.soldIsRefundedNotCancelled,
      );
    if (!LISTING_STATES.includes(request.status)) throw new Conflict(ADMIN_TEXT.soldNeedsPaidOrder);
    // A cancelled event's listings stay withdrawn (decision 0042).
    if (ticket.eventStatus === 'cancelled') throw new Conflict(ADMIN_TEXT.cancelledEventListing);
    // A suspended seller's listings come back with the seller (decision 0077), not one by one.
    if (request.status === 'available' && (await sellerIsSuspended(tx, ticket.sellerId)))
      throw new Conflict(SUSPENSION_TEXT.sellerSuspended);
    const [changed] = await tx
      .update(tickets)
      .set({
        status: request.status,
        version: sql`${tickets.version} + 1`,
        currentViewerId: null,
        lockExpiresAt: null,
        editingBy: null,
        editExpiresAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.version, ticket.version),
          eq(tickets.sold, false),
          eq(tickets.status, ticket.status),
        ),
      )
      .returning({ version: tickets.version });
    if (!changed) throw new Conflict(ADMIN_TEXT.ticketChanged);
    const holdWasLive = ticket.holderId !== null && ticket.holdEndsAt !== null && ticket.holdEndsAt > now;
    const parts = await moveUnsoldParts(tx, ticketId, ticket.status, request.status, now);
    const after = { status: request.status, version: changed.version };
    await recordAdminAction(tx, {
      ...unchanged,
      before,
      after: {
        ...after,
        reason: request.reason,
        ...(parts.moved.length > 0 ? { parts: parts.moved } : {}),
      },
    });
    await scheduleListingStatusMail(tx, {
      ticketId,
      status: request.status,
      reason: request.reason,
      version: changed.version,
      now,
    });
    return {
      ...unchanged,
      before,
      after,
      releasedHolderId: holdWasLive ? ticket.holderId : null,
      endedPartHolds: parts.endedHolds,
      partsBack: request.status === 'available' ? parts.moved : [],
    };
  });
}
