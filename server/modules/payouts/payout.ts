import { and, eq } from 'drizzle-orm';
import { orders, payouts } from '../../db/schema/index.js';
import { boundedError, type JobOutcome, jobDone } from '../../jobs/queue.js';
import { payoutRows, writeJournal } from '../ledger/journal.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf, lockSale, type Sale, sharesOf } from '../sales/sale.js';
import { payoutDueAt } from '../sales/timeline.js';
import { payoutSentMail } from './mail-templates.js';

const DAY_MS = 24 * 60 * 60_000;
/** How often a payout that may not be made yet (dispute, no payout account) is looked at again. */
export const PAYOUT_RECHECK_MS = DAY_MS;
export const PAYOUT_NOTE = {
  disputed: 'disputed: the payout is on hold until the dispute is resolved',
  barcodeNotDownloaded: 'the buyer has not downloaded the barcode: support decides (decision 0041)',
  notTransferred: 'the transfer is not complete',
  noAccount: 'the seller has no connected payout account',
} as const;

/** What may happen to a sale's proceeds now: pay them, nothing ever (settled), or look again later. */
type Verdict = { pay: true } | { settled: true } | { retryAt: Date; note: string };

export function payoutVerdict(sale: Sale, needsAccount: boolean, now: Date): Verdict {
  if (sale.status !== 'in_escrow') return { settled: true };
  const recheck = new Date(now.getTime() + PAYOUT_RECHECK_MS);
  if (sale.disputeStatus === 'open') return { retryAt: recheck, note: PAYOUT_NOTE.disputed };
  if (!sale.transferComplete) return { retryAt: recheck, note: PAYOUT_NOTE.notTransferred };
  const due = payoutDueAt(sale);
  if (now < due) return { retryAt: due, note: 'not due yet' };
  // Nothing to transfer needs no account to transfer it to.
  if (needsAccount && !sale.sellerAccountId && sharesOf(sale).sellerCents > 0)
    return { retryAt: recheck, note: PAYOUT_NOTE.noAccount };
  return { pay: true };
}

/**
 * The 'payout' job: pays a completed sale's seller proceeds from escrow, exactly once.
 * 1. With the order row locked, the sale is checked (in escrow, not disputed, transferred, due, a payout
 *    account where the provider needs one) and its payouts row is created 'pending'. From then on the buyer
 *    can no longer open a dispute (report-problem takes the same lock and refuses a started payout).
 * 2. The provider transfer, outside any transaction, with the idempotency key payout-{orderId}: a retry
 *    after a crash or an error is the same transfer. Proceeds of zero cents (a refund at the provider took
 *    the seller's whole share) need no transfer: the provider is not asked, and the payout has no reference.
 * 3. A conditional update marks the payout paid; only the caller that made it write the 'payout' journal
 *    (seller payable settled, escrow emptied, the fees to Encore's funds) and release the order.
 */
export async function runPayout(deps: MoneyDeps, orderId: number): Promise<JobOutcome> {
  const now = deps.clock.now();
  const started = await deps.db.transaction(async (tx) => {
    const sale = await lockSale(tx, orderId);
    if (!sale) return { settled: true } as const;
    const verdict = payoutVerdict(sale, deps.payments.payoutsNeedAccount, now);
    if (!('pay' in verdict)) return verdict;
    await tx
      .insert(payouts)
      .values({
        orderId,
        sellerId: sale.sellerId,
        amountCents: sharesOf(sale).sellerCents,
        provider: deps.payments.kind,
        dueAt: payoutDueAt(sale),
      })
      .onConflictDoNothing({ target: payouts.orderId });
    return { sale };
  });
  if ('settled' in started) return jobDone;
  if ('retryAt' in started) return { retryAt: started.retryAt, note: started.note };
  const { sale } = started;
  const amountCents = sharesOf(sale).sellerCents;
  let reference: string | null = null;
  try {
    if (amountCents > 0)
      reference = await deps.payments.createTransfer({
        amountCents,
        destinationAccountId: sale.sellerAccountId,
        orderId,
        idempotencyKey: `payout-${orderId}`,
      });
  } catch (error) {
    // The payout stays pending; the runner retries it with backoff. The reason is kept for support.
    await deps.db
      .update(payouts)
      .set({ failureReason: boundedError(error) })
      .where(and(eq(payouts.orderId, orderId), eq(payouts.status, 'pending')));
    throw error;
  }
  const paidAt = deps.clock.now();
  const recorded = await deps.db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', providerReference: reference, paidAt, failureReason: null })
      .where(and(eq(payouts.orderId, orderId), eq(payouts.status, 'pending')))
      .returning({ id: payouts.id });
    if (!paid) return false;
    await tx
      .update(orders)
      .set({ status: 'released' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'in_escrow')));
    await writeJournal(tx, sale.checkoutSessionId, 'payout', payoutRows(sharesOf(sale)), orderId);
    return true;
  });
  if (recorded) {
    try {
      const seller = await contactOf(deps.db, sale.sellerId);
      await deps.mailer.send(
        payoutSentMail(
          seller.email,
          {
            firstName: seller.firstName,
            eventName: sale.eventName,
            eventDate: sale.eventDate,
            myTicketsUrl: `${deps.appUrl}/my-tickets`,
          },
          sharesOf(sale).sellerCents,
        ),
      );
    } catch (error) {
      deps.log.error({ err: error, orderId }, 'could not send the payout e-mail');
    }
  }
  return jobDone;
}
