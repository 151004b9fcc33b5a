import { and, eq } from 'drizzle-orm';
import { MONEY_TEXT } from '../../../common/messages.js';
import { formatCents } from '../../../common/money.js';
import type { Tx } from '../../db/client.js';
import { checkoutSessions, orders, payouts, tickets } from '../../db/schema/index.js';
import {
  partialProviderRefundRows,
  unmatchedPaymentRows,
  unmatchedProviderRefundRows,
  writeJournal,
  writeOffRows,
} from '../ledger/journal.js';
import { postSystemMessage } from '../messages/system-messages.js';
import { REFUNDED_AT_PROVIDER } from '../refunds/provider-refund.js';
import { refundFromEscrow } from '../refunds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { lockSale } from '../sales/sale.js';

/**
 * Refunds made at the provider, outside Encore (decision 0050; 0035 before it). The event only names the
 * payment: what has been refunded of it is read from the provider, and the difference from what the ledger
 * has booked is booked now, so events in any order, repeated or missed in between, book the same total.
 */

type SessionRow = typeof checkoutSessions.$inferSelect;

/** What a booking asks of the request after its commit. */
export type RefundEffect =
  | { kind: 'none' }
  /** Refunded before the sale was made: the buyer is told, and any rest is refunded by checkout. */
  | { kind: 'unfulfilled'; sessionId: string; whole: boolean };

/**
 * The checkout session a payment was made in: ours by its payment reference, or, for a payment whose
 * completion has not been handled yet, the one the provider names (if it is one of ours).
 */
export async function sessionOfPayment(deps: MoneyDeps, paymentReference: string): Promise<string | null> {
  const known = async (where: ReturnType<typeof eq>) =>
    (await deps.db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(where).limit(1))[0]?.id;
  const byPayment = await known(eq(checkoutSessions.paymentReference, paymentReference));
  if (byPayment) return byPayment;
  const named = await deps.payments.checkoutOfPayment(paymentReference);
  return named ? ((await known(eq(checkoutSessions.id, named))) ?? null) : null;
}

/**
 * A payment refunded before its sale was made is never fulfilled (the session is decided here, under the
 * same lock fulfilment takes): the buyer's hold ends, the ledger books the payment and what went back, and
 * what was not returned yet is owed to the buyer (refund_pending) for checkout to refund.
 */
async function refundedBeforeFulfilment(
  tx: Tx,
  session: SessionRow,
  paymentReference: string,
  refundedCents: number,
  now: Date,
): Promise<RefundEffect> {
  const whole = refundedCents >= session.amountCents;
  await writeJournal(tx, session.id, 'unmatched_payment', unmatchedPaymentRows(session.amountCents));
  await writeJournal(tx, session.id, 'provider_refund', unmatchedProviderRefundRows(0, refundedCents));
  await tx
    .update(checkoutSessions)
    .set({
      status: 'paid',
      paymentReference,
      paidAt: session.paidAt ?? now,
      settledAt: now,
      providerRefundedCents: refundedCents,
      outcome: whole ? 'refunded' : 'refund_pending',
      refundReference: whole ? REFUNDED_AT_PROVIDER : null,
    })
    .where(eq(checkoutSessions.id, session.id));
  await tx
    .update(tickets)
    .set({ currentViewerId: null, lockExpiresAt: null, updatedAt: now })
    .where(
      and(
        eq(tickets.id, session.ticketId),
        eq(tickets.currentViewerId, session.buyerId),
        eq(tickets.sold, false),
      ),
    );
  return { kind: 'unfulfilled', sessionId: session.id, whole };
}

/** More of an undeliverable payment went back at the provider before Encore's own refund of it. */
async function bookUnmatchedRefund(tx: Tx, session: SessionRow, refundedCents: number): Promise<void> {
  if (refundedCents <= session.providerRefundedCents) return;
  const whole = refundedCents >= session.amountCents;
  await writeJournal(
    tx,
    session.id,
    'provider_refund',
    unmatchedProviderRefundRows(session.providerRefundedCents, refundedCents),
  );
  await tx
    .update(checkoutSessions)
    .set({
      providerRefundedCents: refundedCents,
      ...(whole ? { outcome: 'refunded' as const, refundReference: REFUNDED_AT_PROVIDER } : {}),
    })
    .where(eq(checkoutSessions.id, session.id));
}

/**
 * A refund at the provider of a sale, under the sale's locks. In escrow: in full, the sale is reversed
 * (cancelled, payout ended); in part, the part is booked off the seller's proceeds first and support
 * decides the rest (a 'partial_refund' dispute: release the rest, or refund it). After the payout started,
 * the money comes out of Encore's own funds (written off). An order Encore refunded itself books nothing.
 */
async function bookSaleRefund(
  tx: Tx,
  orderId: number,
  refundedCents: number,
  refundReference: string,
  now: Date,
): Promise<void> {
  const sale = await lockSale(tx, orderId);
  if (!sale || sale.status === 'refunded' || refundedCents <= sale.providerRefundedCents) return;
  const booked = sale.providerRefundedCents;
  const whole = refundedCents >= sale.amountCents;
  const [payout] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.orderId, orderId));
  if (sale.status === 'released' || payout) {
    await writeJournal(
      tx,
      sale.checkoutSessionId,
      'provider_refund',
      writeOffRows(
        refundedCents - booked,
        `refunded at the provider after the payout; ${refundedCents} cents in all`,
      ),
      orderId,
    );
    await tx
      .update(checkoutSessions)
      .set({ providerRefundedCents: refundedCents })
      .where(eq(checkoutSessions.id, sale.checkoutSessionId));
    if (whole && sale.status === 'released')
      await tx
        .update(orders)
        .set({
          status: 'refunded',
          refundCause: 'provider',
          refundReason: MONEY_TEXT.refundedAfterPayout,
          refundReference,
          refundedAt: now,
        })
        .where(eq(orders.id, orderId));
    return;
  }
  if (whole) {
    await refundFromEscrow(tx, {
      orderId,
      cause: 'provider',
      reason: MONEY_TEXT.refundedAtProvider,
      now,
      providerReference: refundReference,
    });
    return;
  }
  await writeJournal(
    tx,
    sale.checkoutSessionId,
    'provider_refund',
    partialProviderRefundRows(sale, booked, refundedCents),
    orderId,
  );
  await tx
    .update(checkoutSessions)
    .set({ providerRefundedCents: refundedCents })
    .where(eq(checkoutSessions.id, sale.checkoutSessionId));
  const refunded = formatCents(refundedCents);
  // Support decides the rest, unless the card issuer is deciding (or has decided) the payment already.
  if (sale.disputeStatus !== 'open' && sale.providerDisputeId === null)
    await tx
      .update(orders)
      .set({
        disputedAt: now,
        disputeReason: MONEY_TEXT.partialRefundReason(refunded, formatCents(sale.amountCents)),
        disputeSource: 'partial_refund',
        disputeStatus: 'open',
        disputeResolvedAt: null,
        disputeResolutionReason: null,
      })
      .where(eq(orders.id, orderId));
  await postSystemMessage(tx, sale.ticketId, MONEY_TEXT.systemPartialRefund(refunded), now);
}

/**
 * charge.refunded: books what the provider says has been refunded of the payment so far, whatever came
 * before. Takes the session's lock first, as fulfilment does, so a refund and the sale it may prevent are
 * decided one after the other.
 */
export async function settleProviderRefunds(
  deps: MoneyDeps,
  paymentReference: string,
  refundReference: string,
): Promise<RefundEffect> {
  const sessionId = await sessionOfPayment(deps, paymentReference);
  if (!sessionId) return { kind: 'none' };
  const refunds = await deps.payments.retrievePaymentRefunds(paymentReference);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<RefundEffect> => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId))
      .for('no key update');
    if (!session) return { kind: 'none' };
    const refundedCents = Math.min(refunds.refundedCents, session.amountCents);
    if (refundedCents <= 0) return { kind: 'none' };
    if (session.outcome === null)
      return refundedBeforeFulfilment(tx, session, paymentReference, refundedCents, now);
    if (session.outcome === 'refund_pending') await bookUnmatchedRefund(tx, session, refundedCents);
    if (session.outcome === 'fulfilled') {
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.checkoutSessionId, sessionId));
      if (order) await bookSaleRefund(tx, order.id, refundedCents, refundReference, now);
    }
    return { kind: 'none' };
  });
}
