import { and, eq, sql } from 'drizzle-orm';
import { MONEY_TEXT } from '../../../common/messages.js';
import type { ProviderDispute } from '../../adapters/payments/payment-provider.js';
import type { Tx } from '../../db/client.js';
import { checkoutSessions, ledgerEntries, orders } from '../../db/schema/index.js';
import { fulfilCheckout } from '../checkout/service.js';
import { disputeFeeRows, writeJournal, writeOffRows } from '../ledger/journal.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { refundFromEscrow } from '../refunds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { lockSale, type Sale } from '../sales/sale.js';
import { releaseHeldPayout } from '../sales/timeline.js';
import { sessionOfPayment } from './refunds.js';

/**
 * Disputes at the card issuer (decision 0050; 0034–0035 before it). Whichever dispute event arrives, and
 * in whatever order, the dispute is read from the provider and the order is brought to its state: an open
 * dispute holds the payout, a closed one is closed (opened first if its 'created' never came), and an event
 * about a state the order already has changes nothing.
 */

async function recordOpen(tx: Tx, sale: Sale, dispute: ProviderDispute, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({
      disputedAt: sale.disputedAt ?? now,
      disputeReason: MONEY_TEXT.issuerDisputeReason(dispute.reason),
      disputeSource: 'provider',
      disputeStatus: 'open',
      providerDisputeId: dispute.id,
      disputeResolvedAt: null,
      disputeResolutionReason: null,
    })
    .where(eq(orders.id, sale.orderId));
}

/**
 * Lost: the bank took the payment back, so a sale in escrow is reversed (the 'chargeback' journal) and one
 * already paid out is written off from Encore's funds. Won: the hold ends and the payout runs at its due
 * time, or now if that has passed.
 */
async function recordClosed(tx: Tx, sale: Sale, dispute: ProviderDispute, now: Date): Promise<void> {
  if (dispute.state === 'lost' && sale.status === 'in_escrow') {
    await refundFromEscrow(tx, {
      orderId: sale.orderId,
      cause: 'chargeback',
      reason: MONEY_TEXT.chargebackLost,
      now,
      providerReference: dispute.id,
    });
    return;
  }
  if (dispute.state === 'lost') {
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
  if (sale.status === 'in_escrow' && sale.transferComplete) await releaseHeldPayout(tx, sale, now);
}

/**
 * Books what the provider has charged for the dispute so far that the ledger has not booked yet (decision
 * 0079): the fee when the dispute opens, a fee given back when it is won. Any event of the dispute brings
 * the ledger to the provider's figure, so a repeated or late event books nothing more.
 */
async function bookDisputeFee(tx: Tx, sale: Sale, dispute: ProviderDispute): Promise<void> {
  const [booked] = await tx
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.orderId, sale.orderId),
        eq(ledgerEntries.journal, 'dispute_fee'),
        eq(ledgerEntries.account, 'dispute_fees'),
      ),
    );
  const bookedCents = booked?.cents ?? 0;
  if (bookedCents === dispute.feeCents) return;
  await writeJournal(
    tx,
    sale.checkoutSessionId,
    'dispute_fee',
    disputeFeeRows(dispute.id, bookedCents, dispute.feeCents),
    sale.orderId,
  );
}

async function orderOfPayment(deps: MoneyDeps, paymentReference: string): Promise<number | null> {
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(eq(checkoutSessions.paymentReference, paymentReference));
  return order?.id ?? null;
}

/**
 * charge.dispute.*: brings the sale the dispute names to the dispute's state at the provider. A bank can
 * only dispute a payment that was made, so a dispute that arrives before the payment's completion event
 * fulfils the payment first (as that event would), and is then recorded on its sale.
 */
export async function applyProviderDispute(deps: MoneyDeps, disputeId: string): Promise<void> {
  const dispute = await deps.payments.retrieveDispute(disputeId);
  let orderId = await orderOfPayment(deps, dispute.paymentReference);
  if (orderId === null) {
    const sessionId = await sessionOfPayment(deps, dispute.paymentReference);
    if (sessionId) await fulfilCheckout(deps, sessionId);
    orderId = await orderOfPayment(deps, dispute.paymentReference);
  }
  // A payment that never became a sale was refunded (or is being): there is no payout to hold.
  if (orderId === null) return;
  const order = { id: orderId };
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const sale = await lockSale(tx, order.id);
    if (!sale) return;
    const [current] = await tx
      .select({ providerDisputeId: orders.providerDisputeId })
      .from(orders)
      .where(eq(orders.id, order.id));
    const known = current?.providerDisputeId === dispute.id;
    await bookDisputeFee(tx, sale, dispute);
    if (dispute.state === 'open') {
      if (known || sale.status === 'refunded') return;
      await recordOpen(tx, sale, dispute, now);
      await postSystemMessage(tx, sale.ticketId, MONEY_TEXT.systemProviderDispute, now);
      return;
    }
    if (known && sale.disputeStatus !== 'open') return;
    if (!known || sale.disputeStatus !== 'open') await recordOpen(tx, sale, dispute, now);
    await recordClosed(tx, { ...sale, disputeStatus: 'open', disputeSource: 'provider' }, dispute, now);
  });
}
