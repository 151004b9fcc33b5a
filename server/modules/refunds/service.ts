import { and, eq, isNull } from 'drizzle-orm';
import { findOtherTicketsPath } from '../../../common/find-other-tickets.js';
import { MONEY_TEXT, PAYOUT_TEXT } from '../../../common/messages.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { Tx } from '../../db/client.js';
import { checkoutSessions, orders, payouts, tickets } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { cancelJob, enqueueJob, type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';
import { saleReversalRows, writeJournal } from '../ledger/journal.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { withdrawPendingReviews } from '../reviews/pending-reviews.js';
import type { MoneyDeps } from '../sales/deps.js';
import {
  contactOf,
  loadSale,
  lockSale,
  orderIdOf,
  refundableCents,
  type Sale,
  sharesOf,
} from '../sales/sale.js';
import {
  AUTO_COMPLETE_JOB,
  PAYOUT_JOB,
  TRANSFER_DEADLINE_JOB,
  TRANSFER_REMINDER_JOB,
} from '../sales/timeline.js';
import { buyerRefundMail, type RefundCause, sellerRefundMail } from './mail-templates.js';
import { refundRestOfSale } from './provider-refund.js';
import { withdrawnListingsJobHandlers } from './withdrawn-listings.js';

/**
 * Refunds of a sale from escrow (decision 0033): support's refund, a resolved dispute, a cancelled event, a
 * postponed event's refund request, and refunds or chargebacks made at the provider. The ledger, the order
 * and the ticket change in the caller's transaction; the provider refund is the durable 'escrow_refund'
 * job, keyed by the order, retried until the provider confirms it.
 */

export const ESCROW_REFUND_JOB = 'escrow_refund';

export interface EscrowRefund {
  orderId: number;
  cause: RefundCause;
  /** What the parties are told (and the audit log shows). */
  reason: string;
  now: Date;
  /**
   * The money already went back at the provider (a refund made there, a lost chargeback): its reference is
   * recorded and no refund is asked for.
   */
  providerReference?: string;
}

const THREAD_NOTE: Record<RefundCause, (reason: string) => string> = {
  admin: MONEY_TEXT.systemRefunded,
  dispute: MONEY_TEXT.systemRefunded,
  event_cancelled: MONEY_TEXT.systemEventCancelled,
  event_postponed: () => MONEY_TEXT.systemPostponedRefund,
  transfer_deadline: () => PAYOUT_TEXT.systemRefunded,
  provider: () => MONEY_TEXT.systemProviderRefund,
  chargeback: () => MONEY_TEXT.systemChargeback,
};

/**
 * Reverses a sale still in escrow, once: with the order row locked, refuses one already refunded or whose
 * payout has started (409), then marks the order refunded (closing an open dispute with it), withdraws the
 * ticket (status 'cancelled': it is not relisted), writes the balanced reversal journal, ends the sale's
 * timeline and payout jobs, withdraws the reviews it still asks for, notes it in the thread and schedules
 * the provider refund. The sale's locks (lockSale) make a confirmation at the same moment come wholly
 * before or wholly after it.
 */
export async function refundFromEscrow(tx: Tx, refund: EscrowRefund): Promise<Sale> {
  const { orderId, cause, reason, now } = refund;
  const sale = await lockSale(tx, orderId);
  if (!sale) throw new NotFound(MONEY_TEXT.orderNotFound);
  if (sale.status === 'refunded') throw new Conflict(MONEY_TEXT.alreadyRefunded);
  if (sale.status === 'released') throw new Conflict(MONEY_TEXT.paidOut);
  const [payout] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.orderId, orderId));
  if (payout) throw new Conflict(MONEY_TEXT.payoutInProgress);
  const disputeClosed =
    sale.disputeStatus === 'open'
      ? {
          disputeStatus: cause === 'chargeback' ? ('lost' as const) : ('refunded' as const),
          disputeResolvedAt: now,
          disputeResolutionReason: reason,
        }
      : {};
  const madeAtProvider = refund.providerReference
    ? { refundReference: refund.providerReference, refundedAt: now }
    : {};
  await tx
    .update(orders)
    .set({
      status: 'refunded',
      refundCause: cause,
      refundReason: reason,
      ...disputeClosed,
      ...madeAtProvider,
    })
    .where(eq(orders.id, orderId));
  await tx.update(tickets).set({ status: 'cancelled', updatedAt: now }).where(eq(tickets.id, sale.ticketId));
  await writeJournal(
    tx,
    sale.checkoutSessionId,
    cause === 'chargeback' ? 'chargeback' : 'escrow_refund',
    saleReversalRows(
      sharesOf(sale),
      cause === 'chargeback' ? 'sale reversed by a chargeback' : 'sale refunded',
    ),
    orderId,
  );
  const key = String(orderId);
  for (const [kind, jobKey] of [
    [PAYOUT_JOB, key],
    [TRANSFER_DEADLINE_JOB, key],
    [AUTO_COMPLETE_JOB, key],
    [TRANSFER_REMINDER_JOB, `${key}:1`],
    [TRANSFER_REMINDER_JOB, `${key}:2`],
  ] as const)
    await cancelJob(tx, kind, jobKey, now);
  await withdrawPendingReviews(tx, orderId);
  await postSystemMessage(tx, sale.ticketId, THREAD_NOTE[cause](reason), now);
  if (!refund.providerReference)
    await enqueueJob(tx, { kind: ESCROW_REFUND_JOB, key, runAt: now, payload: { orderId } });
  return sale;
}

async function send(deps: MoneyDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, subject: message.subject }, 'could not send a refund e-mail');
  }
}

/**
 * The 'escrow_refund' job: asks the provider to return what is left of the payment, with the key
 * escrow-refund-{orderId} (a retry, or two runners at once, make the same refund), then records its
 * reference once; whoever records it e-mails the buyer and the seller with the reason. A provider failure
 * throws: the runner retries.
 */
export async function runEscrowRefund(deps: MoneyDeps, orderId: number): Promise<JobOutcome> {
  const [order] = await deps.db
    .select({
      status: orders.status,
      cause: orders.refundCause,
      reason: orders.refundReason,
      refundReference: orders.refundReference,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.status !== 'refunded' || order.refundReference || !order.cause) return jobDone;
  const sale = await loadSale(deps.db, orderId);
  if (!sale) return jobDone;
  const refundReference = await refundRestOfSale(deps.payments, sale);
  const now = deps.clock.now();
  const [recorded] = await deps.db
    .update(orders)
    .set({ refundReference, refundedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.refundReference)))
    .returning({ id: orders.id });
  await deps.db
    .update(checkoutSessions)
    .set({ refundReference })
    .where(and(eq(checkoutSessions.id, sale.checkoutSessionId), isNull(checkoutSessions.refundReference)));
  if (!recorded) return jobDone;
  const reason = order.reason ?? '';
  const facts = async (userId: number) => {
    const person = await contactOf(deps.db, userId);
    return {
      email: person.email,
      facts: {
        firstName: person.firstName,
        eventName: sale.eventName,
        eventDate: sale.eventDate,
        myTicketsUrl: `${deps.appUrl}/my-tickets`,
      },
    };
  };
  const buyer = await facts(sale.buyerId);
  const seller = await facts(sale.sellerId);
  const findOther = findOtherTicketsPath({ ...sale, refundCause: order.cause }, now);
  await send(
    deps,
    buyerRefundMail(
      buyer.email,
      buyer.facts,
      order.cause,
      refundableCents(sale),
      reason,
      findOther && `${deps.appUrl}${findOther}`,
    ),
  );
  await send(deps, sellerRefundMail(seller.email, seller.facts, order.cause, reason));
  return jobDone;
}

/**
 * Right after the refund's transaction commits, the request that made it asks the provider at once, so the
 * buyer is usually refunded before the answer; a failure is left to the job, which retries it.
 */
export async function refundNow(deps: MoneyDeps, orderId: number): Promise<void> {
  try {
    await runEscrowRefund(deps, orderId);
  } catch (error) {
    deps.log.warn({ err: error, orderId }, 'provider refund failed; the escrow_refund job retries it');
  }
}

export function refundJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return {
    [ESCROW_REFUND_JOB]: (job) => runEscrowRefund(deps, orderIdOf(job.payload)),
    ...withdrawnListingsJobHandlers(deps),
  };
}
