import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MONEY_TEXT } from '../../../common/messages.js';
import { centsToDollars, formatCents } from '../../../common/money.js';
import type {
  Dispute,
  DisputesQuery,
  DisputesResponse,
  ResolveDisputeRequest,
} from '../../../common/schemas/admin-money.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, ticketMessages, tickets, users } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { recordAdminAction } from '../audit/service.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { disputeReleasedMail } from '../refunds/mail-templates.js';
import { refundFromEscrow, refundNow } from '../refunds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf, lockSale, refundableCents, refuseEndedSale } from '../sales/sale.js';
import { releaseHeldPayout } from '../sales/timeline.js';
import { completeLockedTransfer } from '../transfers/service.js';

/** Disputes in the back office (issue 21 item 4, issue 22 §2; decision 0034). */

const THREAD_LIMIT = 50;
const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

async function disputeRows(db: DbOrTx, where: ReturnType<typeof and>, limit: number, offset: number) {
  return db
    .select({
      orderId: orders.id,
      ticketId: orders.ticketId,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      section: tickets.section,
      buyerId: orders.buyerId,
      buyerName: buyer.username,
      sellerId: orders.sellerId,
      sellerName: seller.username,
      amountCents: orders.amountCents,
      source: orders.disputeSource,
      status: orders.disputeStatus,
      reason: orders.disputeReason,
      openedAt: orders.disputedAt,
      resolvedAt: orders.disputeResolvedAt,
      resolutionReason: orders.disputeResolutionReason,
      transferStatus: tickets.transferStatus,
      ticketType: tickets.ticketType,
      barcodeUrl: tickets.barcodeUrl,
      barcodeDownloadedAt: tickets.barcodeDownloadedAt,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .where(where)
    .orderBy(desc(orders.disputedAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/** The last messages of each ticket's thread, oldest first, in one statement. */
async function threadsOf(db: DbOrTx, ticketIds: number[]) {
  if (ticketIds.length === 0) return new Map<number, Dispute['thread']>();
  const ranked = db
    .select({
      ticketId: ticketMessages.ticketId,
      id: ticketMessages.id,
      content: ticketMessages.content,
      messageType: ticketMessages.messageType,
      createdAt: ticketMessages.createdAt,
      senderName: sql<string | null>`${users.username}`.as('sender_name'),
      rank: sql<number>`row_number() over (partition by ${ticketMessages.ticketId} order by ${ticketMessages.id} desc)`.as(
        'rank',
      ),
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.senderId))
    .where(inArray(ticketMessages.ticketId, ticketIds))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, THREAD_LIMIT))
    .orderBy(ranked.ticketId, ranked.id);
  const threads = new Map<number, Dispute['thread']>();
  for (const row of rows) {
    const thread = threads.get(row.ticketId) ?? [];
    thread.push({
      senderName: row.senderName ?? 'Encore',
      message: row.content,
      isSystem: row.messageType === 'system',
      createdAt: new Date(row.createdAt).toISOString(),
    });
    threads.set(row.ticketId, thread);
  }
  return threads;
}

type DisputeRow = Awaited<ReturnType<typeof disputeRows>>[number];

function toDispute(row: DisputeRow, thread: Dispute['thread']): Dispute {
  return {
    orderId: row.orderId,
    ticketId: row.ticketId,
    eventName: row.eventName,
    eventDate: row.eventDate,
    section: row.section,
    buyerId: row.buyerId,
    buyerName: row.buyerName,
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    amount: centsToDollars(row.amountCents),
    source: row.source ?? 'report',
    status: row.status ?? 'open',
    reason: row.reason ?? '',
    openedAt: (row.openedAt ?? new Date(0)).toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolutionReason: row.resolutionReason,
    transferStatus: row.transferStatus,
    barcode: {
      required: row.ticketType === 'paper',
      uploaded: row.barcodeUrl !== null,
      downloaded: row.barcodeDownloadedAt !== null,
    },
    thread,
  };
}

/** GET /api/admin/disputes: disputes in one state (open by default), newest first, paged. */
export async function listDisputes(db: DbOrTx, query: DisputesQuery): Promise<DisputesResponse> {
  const where = and(eq(orders.disputeStatus, query.status));
  const rows = await disputeRows(db, where, query.pageSize, (query.page - 1) * query.pageSize);
  const [total] = await db.select({ total: count() }).from(orders).where(where);
  const threads = await threadsOf(
    db,
    rows.map((row) => row.ticketId),
  );
  return {
    disputes: rows.map((row) => toDispute(row, threads.get(row.ticketId) ?? [])),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.total ?? 0,
  };
}

export async function disputeOf(db: DbOrTx, orderId: number): Promise<Dispute> {
  const [row] = await disputeRows(db, and(eq(orders.id, orderId)), 1, 0);
  if (!row?.status) throw new NotFound(MONEY_TEXT.disputeNotFound);
  const threads = await threadsOf(db, [row.ticketId]);
  return toDispute(row, threads.get(row.ticketId) ?? []);
}

/**
 * POST /api/admin/disputes/{orderId}/resolve: support decides a buyer's report once, either refunding the
 * buyer from escrow or releasing the payout (the sale completes and its payout job runs at its due time, or
 * now when that has passed). A dispute opened at the card issuer is decided there, not here.
 */
export async function resolveDispute(
  deps: MoneyDeps,
  adminId: number,
  orderId: number,
  request: ResolveDisputeRequest,
): Promise<{ message: string; dispute: Dispute }> {
  const now = deps.clock.now();
  const { resolution, reason } = request;
  const sale = await deps.db.transaction(async (tx) => {
    const current = await lockSale(tx, orderId);
    if (!current?.disputeStatus) throw new NotFound(MONEY_TEXT.disputeNotFound);
    refuseEndedSale(current);
    if (current.disputeStatus !== 'open') throw new Conflict(MONEY_TEXT.disputeResolved);
    if (current.disputeSource === 'provider') throw new Conflict(MONEY_TEXT.providerDisputeOpen);
    if (resolution === 'refund') {
      await refundFromEscrow(tx, { orderId, cause: 'dispute', reason, now });
    } else {
      if (current.transferStatus === 'not_started') throw new Conflict(MONEY_TEXT.releaseNotTransferred);
      await tx
        .update(orders)
        .set({ disputeStatus: 'released', disputeResolvedAt: now, disputeResolutionReason: reason })
        .where(eq(orders.id, orderId));
      await postSystemMessage(tx, current.ticketId, MONEY_TEXT.systemDisputeReleased(reason), now);
      // The seller delivered: the sale completes in this transaction, which schedules its payout; a sale
      // completed before the dispute has its waiting payout job brought forward.
      if (current.transferComplete) await releaseHeldPayout(tx, current, now);
      else await completeLockedTransfer(tx, current, { kind: 'system' }, now);
    }
    await recordAdminAction(tx, {
      adminId,
      action: 'dispute.resolve',
      targetType: 'dispute',
      targetId: orderId,
      before: { status: 'open', source: current.disputeSource, orderStatus: current.status },
      after: { status: resolution === 'refund' ? 'refunded' : 'released', reason },
    });
    return current;
  });
  if (resolution === 'refund') {
    await refundNow(deps, orderId);
  } else {
    for (const userId of [sale.buyerId, sale.sellerId]) {
      try {
        const person = await contactOf(deps.db, userId);
        await deps.mailer.send(
          disputeReleasedMail(
            person.email,
            {
              firstName: person.firstName,
              eventName: sale.eventName,
              eventDate: sale.eventDate,
              myTicketsUrl: `${deps.appUrl}/my-tickets`,
            },
            reason,
          ),
        );
      } catch (error) {
        deps.log.error({ err: error, orderId }, 'could not send the dispute resolution e-mail');
      }
    }
  }
  const message =
    resolution === 'refund'
      ? MONEY_TEXT.disputeRefunded(formatCents(refundableCents(sale)))
      : MONEY_TEXT.disputeReleased;
  return { message, dispute: await disputeOf(deps.db, orderId) };
}
