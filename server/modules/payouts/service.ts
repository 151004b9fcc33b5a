import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MONEY_TEXT, PAYOUT_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type {
  PayoutItem,
  PayoutStatus,
  PayoutsQuery,
  PayoutsResponse,
} from '../../../common/schemas/payouts.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db } from '../../db/client.js';
import { jobs, orders, payouts, tickets, users } from '../../db/schema/index.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import type { JobHandler } from '../../jobs/queue.js';
import { memberMailJobHandlers } from '../admin/member-mail.js';
import { fanQueueEndedJobHandlers } from '../fan-queue/ending.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { refundJobHandlers } from '../refunds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf, orderIdOf } from '../sales/sale.js';
import {
  AUTO_COMPLETE_JOB,
  autoCompleteAt,
  type EventDays,
  PAYOUT_DELAY_DAYS,
  PAYOUT_JOB,
  payoutDueAt,
  TRANSFER_DEADLINE_JOB,
  TRANSFER_REMINDER_JOB,
} from '../sales/timeline.js';
import { strikeJobHandlers } from '../strikes/service.js';
import { runAutoComplete, runTransferDeadline, runTransferReminder } from './escrow-timeline.js';
import { problemReportedMail } from './mail-templates.js';
import { PAYOUT_NOTE, runPayout } from './payout.js';

/** The job handlers of the escrow timeline and payouts, for the runner (main.ts, tests). */
export function afterSaleJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [PAYOUT_JOB]: (job) => runPayout(deps, orderIdOf(job.payload)),
    [TRANSFER_REMINDER_JOB]: (job) => runTransferReminder(deps, orderIdOf(job.payload)),
    [TRANSFER_DEADLINE_JOB]: (job) => runTransferDeadline(deps, orderIdOf(job.payload)),
    [AUTO_COMPLETE_JOB]: (job) => runAutoComplete(deps, orderIdOf(job.payload)),
    ...refundJobHandlers(deps),
    ...memberMailJobHandlers(deps),
    ...strikeJobHandlers(deps),
    ...fanQueueEndedJobHandlers(deps),
  };
}

interface SaleRow extends EventDays {
  orderId: number;
  ticketId: number;
  eventName: string;
  proceedsCents: number;
  orderStatus: 'in_escrow' | 'released' | 'refunded';
  disputeStatus: 'open' | 'refunded' | 'released' | 'lost' | null;
  transferComplete: boolean;
  transferStatus: 'not_started' | 'initiated' | 'completed';
  paidAt: Date | null;
}

function statusOf(row: SaleRow, needsAccount: boolean, now: Date): PayoutStatus {
  if (row.orderStatus === 'refunded') return 'refunded';
  if (row.orderStatus === 'released' || row.paidAt) return 'paid';
  if (row.disputeStatus === 'open') return 'on_hold';
  // The transfer's step as the seller's card shows it: sent, the sale waits on the buyer's confirmation.
  if (!row.transferComplete)
    return row.transferStatus === 'initiated' ? 'awaiting_confirmation' : 'awaiting_transfer';
  if (needsAccount) return 'needs_account';
  return now < payoutDueAt(row) ? 'scheduled' : 'processing';
}

/** GET /api/payouts: the seller's sales with what their proceeds are doing, newest first, paged. */
export async function listPayouts(
  db: Db,
  payments: PaymentProvider,
  sellerId: number,
  query: PayoutsQuery,
  now: Date,
): Promise<PayoutsResponse> {
  const [seller] = await db
    .select({ accountId: users.stripeAccountId })
    .from(users)
    .where(eq(users.id, sellerId));
  const connected = Boolean(seller?.accountId);
  const needsAccount = payments.payoutsNeedAccount && !connected;
  const mine = and(
    eq(orders.sellerId, sellerId),
    query.ticketId === undefined ? undefined : eq(orders.ticketId, query.ticketId),
  );
  const rows: SaleRow[] = await db
    .select({
      orderId: orders.id,
      ticketId: orders.ticketId,
      eventName: tickets.eventName,
      eventDate: tickets.eventDate,
      daysCount: tickets.daysCount,
      timeZone: tickets.timeZone,
      proceedsCents: orders.sellerProceedsCents,
      orderStatus: orders.status,
      disputeStatus: orders.disputeStatus,
      transferComplete: tickets.transferComplete,
      transferStatus: tickets.transferStatus,
      paidAt: payouts.paidAt,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .leftJoin(payouts, eq(payouts.orderId, orders.id))
    .where(mine)
    .orderBy(desc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pendingCents: sql<number>`coalesce(sum(${orders.sellerProceedsCents}) filter (where ${orders.status} = 'in_escrow'), 0)::int`,
      paidCents: sql<number>`coalesce(sum(${orders.sellerProceedsCents}) filter (where ${orders.status} = 'released'), 0)::int`,
    })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .where(mine);
  // The sale paid next: the earliest payout day, each at its venue's midnight (ordered in SQL, timed by payoutDueAt).
  const [next] = await db
    .select({ eventDate: tickets.eventDate, daysCount: tickets.daysCount, timeZone: tickets.timeZone })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .where(
      and(
        mine,
        eq(orders.status, 'in_escrow'),
        sql`${orders.disputeStatus} is distinct from 'open'`,
        eq(tickets.transferComplete, true),
      ),
    )
    .orderBy(
      sql`(${tickets.eventDate} + ${tickets.daysCount} - 1 + ${PAYOUT_DELAY_DAYS}::int)::timestamp at time zone ${tickets.timeZone}`,
    )
    .limit(1);
  const items: PayoutItem[] = rows.map((row) => ({
    orderId: row.orderId,
    ticketId: row.ticketId,
    eventName: row.eventName,
    eventDate: row.eventDate,
    amount: centsToDollars(row.proceedsCents),
    status: statusOf(row, needsAccount, now),
    dueAt: row.orderStatus === 'refunded' ? null : payoutDueAt(row).toISOString(),
    timeZone: row.timeZone,
    paidAt: row.paidAt?.toISOString() ?? null,
  }));
  return {
    account: { required: payments.payoutsNeedAccount, connected },
    summary: {
      pendingAmount: centsToDollars(totals?.pendingCents ?? 0),
      paidAmount: centsToDollars(totals?.paidCents ?? 0),
      nextPayoutAt: next ? payoutDueAt(next).toISOString() : null,
      nextPayoutTimeZone: next?.timeZone ?? null,
    },
    payouts: items,
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
  };
}

/**
 * The seller's connected account at the provider, created once; payouts that waited for an account are
 * looked at again straight away. Used by payout onboarding and by identity verification (decision 0086).
 */
export async function connectSeller(
  deps: Pick<MoneyDeps, 'db' | 'payments' | 'clock'>,
  sellerId: number,
): Promise<string> {
  const { db, payments } = deps;
  const [seller] = await db
    .select({ email: users.email, accountId: users.stripeAccountId })
    .from(users)
    .where(eq(users.id, sellerId));
  if (!seller) throw new NotFound(PAYOUT_TEXT.notFound);
  let accountId = seller.accountId;
  if (!accountId) {
    const created = await payments.createConnectedAccount({ userId: sellerId, email: seller.email });
    // Two clicks at once: the provider's idempotency key made them one account; the first write wins.
    await db
      .update(users)
      .set({ stripeAccountId: created })
      .where(and(eq(users.id, sellerId), isNull(users.stripeAccountId)));
    accountId = created;
  }
  const now = deps.clock.now();
  await db
    .update(jobs)
    .set({ runAt: now })
    .where(
      and(
        eq(jobs.kind, PAYOUT_JOB),
        isNull(jobs.doneAt),
        gt(jobs.runAt, now),
        eq(jobs.lastError, PAYOUT_NOTE.noAccount),
        sql`${jobs.key} in (select ${orders.id}::text from ${orders} where ${orders.sellerId} = ${sellerId})`,
      ),
    );
  return accountId;
}

/** POST /api/payouts/onboarding: the seller's connected account and a link to the provider's onboarding. */
export async function startOnboarding(
  deps: Pick<MoneyDeps, 'db' | 'payments' | 'appUrl' | 'clock'>,
  sellerId: number,
): Promise<{ url: string }> {
  const accountId = await connectSeller(deps, sellerId);
  const profile = `${deps.appUrl}/profile`;
  const url = await deps.payments.createOnboardingLink({
    accountId,
    refreshUrl: `${profile}?payouts=refresh`,
    returnUrl: `${profile}?payouts=connected`,
  });
  return { url };
}

/**
 * POST /api/tickets/{id}/report-problem: the buyer disputes the transfer while the money is in escrow and
 * no payout has started. Holds the payout and the automatic completion until support resolves it (the
 * back-office issue). Takes the order row's lock, as the payout's first step does, so the two never cross.
 */
export async function reportProblem(
  deps: Pick<MoneyDeps, 'db' | 'mailer' | 'appUrl' | 'log'>,
  buyerId: number,
  ticketId: number,
  reason: string,
  now: Date,
): Promise<{ message: string }> {
  const sale = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        buyerId: orders.buyerId,
        sellerId: orders.sellerId,
        status: orders.status,
        disputedAt: orders.disputedAt,
      })
      .from(orders)
      .where(eq(orders.ticketId, ticketId))
      .for('update');
    if (!order) throw new NotFound(PAYOUT_TEXT.notFound);
    if (order.buyerId !== buyerId) throw new Forbidden(PAYOUT_TEXT.notBuyer);
    if (order.disputedAt) throw new Conflict(PAYOUT_TEXT.alreadyReported);
    const [started] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.orderId, order.id));
    if (order.status !== 'in_escrow' || started) throw new Conflict(PAYOUT_TEXT.settled);
    const [ticket] = await tx
      .select({
        eventName: tickets.eventName,
        eventDate: tickets.eventDate,
        daysCount: tickets.daysCount,
        timeZone: tickets.timeZone,
        transferComplete: tickets.transferComplete,
      })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    // Decision 0034: until the buyer confirms receipt, and no later than the automatic completion, which
    // comes a full day after the event's last day at the venue (decision 0056).
    if (ticket?.transferComplete) throw new Conflict(MONEY_TEXT.reportAfterConfirmation);
    if (ticket && now >= autoCompleteAt(ticket)) throw new Conflict(MONEY_TEXT.reportWindowClosed);
    await tx
      .update(orders)
      .set({ disputedAt: now, disputeReason: reason, disputeSource: 'report', disputeStatus: 'open' })
      .where(eq(orders.id, order.id));
    await postSystemMessage(tx, ticketId, PAYOUT_TEXT.systemDisputed, now);
    return {
      sellerId: order.sellerId,
      eventName: ticket?.eventName ?? '',
      eventDate: ticket?.eventDate ?? '',
    };
  });
  try {
    const seller = await contactOf(deps.db, sale.sellerId);
    await deps.mailer.send(
      problemReportedMail(
        seller.email,
        {
          firstName: seller.firstName,
          eventName: sale.eventName,
          eventDate: sale.eventDate,
          myTicketsUrl: `${deps.appUrl}/my-tickets`,
        },
        reason,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error, ticketId }, 'could not send the problem report e-mail');
  }
  return { message: PAYOUT_TEXT.reported };
}
