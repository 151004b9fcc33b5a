import { and, eq, isNull } from 'drizzle-orm';
import { MONEY_TEXT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import type { PaymentEvent } from '../../adapters/payments/payment-provider.js';
import type { Tx } from '../../db/client.js';
import { checkoutSessions, jobs, orders } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { CheckoutDeps } from '../checkout/service.js';
import { writeJournal, writeOffRows } from '../ledger/journal.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { loadSale } from '../payouts/sale.js';
import { PAYOUT_JOB, payoutDueAt } from '../payouts/schedule.js';
import { refundFromEscrow } from './service.js';

/**
 * Refunds and disputes made at the payment provider (issue 21 item 5; decision 0035). Each handler locks the
 * sale's order row and acts on its state, so a redelivered event changes nothing the second time.
 */

type ProviderEvent<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>;

/** The sale a provider payment paid for, with its order row locked. */
async function lockedSaleOf(tx: Tx, paymentReference: string) {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(eq(checkoutSessions.paymentReference, paymentReference));
  return order ? loadSale(tx, order.id, true) : null;
}

/**
 * A refund made at the provider (not by Encore): a sale in escrow refunded in full is reversed in the ledger
 * and its payout cancelled; a partial one holds the payout as a provider dispute for support to decide; a
 * sale already paid out is written off. Encore's own refunds come back as this event too: the order is
 * refunded already and nothing happens.
 */
export async function recordProviderRefund(
  deps: CheckoutDeps,
  event: ProviderEvent<'charge.refunded'>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const sale = await lockedSaleOf(tx, event.paymentReference);
    if (!sale || sale.status === 'refunded') return;
    if (sale.status === 'released') {
      await tx
        .update(orders)
        .set({
          status: 'refunded',
          refundCause: 'provider',
          refundReason: 'Refunded at the payment provider after the payout',
          refundReference: event.refundReference,
          refundedAt: now,
        })
        .where(eq(orders.id, sale.orderId));
      await writeJournal(
        tx,
        sale.checkoutSessionId,
        'provider_refund',
        writeOffRows(event.amountRefundedCents, 'refunded at the provider after the payout'),
        sale.orderId,
      );
      return;
    }
    if (!event.fullyRefunded) {
      if (sale.disputeStatus === 'open') return;
      await tx
        .update(orders)
        .set({
          disputedAt: now,
          disputeReason: `Partly refunded at the payment provider (${formatCents(event.amountRefundedCents)})`,
          disputeSource: 'provider',
          disputeStatus: 'open',
        })
        .where(eq(orders.id, sale.orderId));
      await postSystemMessage(tx, sale.ticketId, MONEY_TEXT.systemProviderDispute, now);
      return;
    }
    await refundFromEscrow(tx, {
      orderId: sale.orderId,
      cause: 'provider',
      reason: 'Refunded at the payment provider',
      now,
      providerReference: event.refundReference,
    });
  });
}

/** The card issuer opened a dispute: recorded on the order (source 'provider'); the payout waits for it. */
export async function openProviderDispute(
  deps: CheckoutDeps,
  event: ProviderEvent<'dispute.created'>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const sale = await lockedSaleOf(tx, event.paymentReference);
    if (!sale || sale.status === 'refunded') return;
    const [order] = await tx
      .select({ providerDisputeId: orders.providerDisputeId })
      .from(orders)
      .where(eq(orders.id, sale.orderId));
    if (order?.providerDisputeId === event.disputeId) return;
    await tx
      .update(orders)
      .set({
        disputedAt: sale.disputedAt ?? now,
        disputeReason: `Disputed with the card issuer: ${event.reason}`,
        disputeSource: 'provider',
        disputeStatus: 'open',
        providerDisputeId: event.disputeId,
        disputeResolvedAt: null,
        disputeResolutionReason: null,
      })
      .where(eq(orders.id, sale.orderId));
    await postSystemMessage(tx, sale.ticketId, MONEY_TEXT.systemProviderDispute, now);
  });
}

/**
 * The card issuer decided. Lost: the bank took the payment back, so a sale in escrow is reversed (the
 * 'chargeback' journal) and one already paid out is written off from Encore's funds. Won: the hold ends and
 * the payout runs at its due time, or now if that has passed.
 */
export async function closeProviderDispute(
  deps: CheckoutDeps,
  event: ProviderEvent<'dispute.closed'>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const sale = await lockedSaleOf(tx, event.paymentReference);
    if (sale?.disputeStatus !== 'open' || sale.disputeSource !== 'provider') return;
    if (event.lost && sale.status === 'in_escrow') {
      await refundFromEscrow(tx, {
        orderId: sale.orderId,
        cause: 'chargeback',
        reason: 'Chargeback lost at the card issuer',
        now,
        providerReference: event.disputeId,
      });
      return;
    }
    if (event.lost) {
      await tx
        .update(orders)
        .set({ disputeStatus: 'lost', disputeResolvedAt: now, disputeResolutionReason: 'Chargeback lost' })
        .where(eq(orders.id, sale.orderId));
      await writeJournal(
        tx,
        sale.checkoutSessionId,
        'chargeback',
        writeOffRows(sale.amountCents, 'chargeback lost after the payout'),
        sale.orderId,
      );
      return;
    }
    await tx
      .update(orders)
      .set({
        disputeStatus: 'released',
        disputeResolvedAt: now,
        disputeResolutionReason: 'The card issuer decided for the seller',
      })
      .where(eq(orders.id, sale.orderId));
    await postSystemMessage(tx, sale.ticketId, MONEY_TEXT.systemDisputeWon, now);
    if (sale.status === 'in_escrow' && sale.transferComplete) {
      const due = payoutDueAt(sale);
      const runAt = new Date(Math.max(due.getTime(), now.getTime()));
      const key = String(sale.orderId);
      await tx
        .update(jobs)
        .set({ runAt, lastError: null })
        .where(and(eq(jobs.kind, PAYOUT_JOB), eq(jobs.key, key), isNull(jobs.doneAt)));
      await enqueueJob(tx, { kind: PAYOUT_JOB, key, runAt, payload: { orderId: sale.orderId } });
    }
  });
}
