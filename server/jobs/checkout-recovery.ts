import { startPeriodicRun } from '../lib/periodic-run.js';
import { sweepBids } from '../modules/bids/jobs.js';
import { fulfilPaidSessions, retryPendingRefunds } from '../modules/checkout/service.js';
import type { MoneyDeps } from '../modules/sales/deps.js';

/** How often each instance looks for payments left half-done. */
export const CHECKOUT_RECOVERY_INTERVAL_MS = 5 * 60_000;

export interface CheckoutRecovery {
  /** Cancels the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** One run now: bid purchases and bids (decision 0045), paid sessions nobody fulfilled yet, then refunds the provider refused earlier. */
  runOnce(): Promise<{ fulfilled: number; refunds: number; bidPurchases: number }>;
}

/**
 * Finishes payments a crash or a provider outage left half-done: a session paid but never fulfilled (the
 * process stopped between payment and fulfilment, the webhook never came) and a refund the provider failed.
 * Both steps are the checkout module's idempotent, concurrency-safe functions, so every instance may run
 * this at the same time without a lock; outside a transaction, so PGlite's one connection stays free.
 */
export function startCheckoutRecovery(
  deps: MoneyDeps,
  intervalMs = CHECKOUT_RECOVERY_INTERVAL_MS,
): CheckoutRecovery {
  /** Where the walk over active bids goes on next run (see sweepBids). */
  let bidCursor = 0;

  async function sweepBidsSafely() {
    try {
      const swept = await sweepBids(deps, bidCursor);
      bidCursor = swept.lastBidId ?? 0;
      return swept;
    } catch (error) {
      // Bids are the bidders' business; paid sessions and refunds below must be finished regardless.
      deps.log.error({ err: error }, 'bid sweep failed; tried again next run');
      return null;
    }
  }

  async function work() {
    const bids = await sweepBidsSafely();
    const fulfilled = await fulfilPaidSessions(deps);
    const refunds = await retryPendingRefunds(deps);
    const bidPurchases = bids?.purchases ?? 0;
    if (fulfilled + refunds + bidPurchases > 0)
      deps.log.info({ fulfilled, refunds, bids }, 'finished half-done payments');
    return { fulfilled, refunds, bidPurchases };
  }

  return startPeriodicRun({
    work,
    intervalMs,
    onError: (error) => deps.log.error({ err: error }, 'checkout recovery failed'),
    stoppedResult: { fulfilled: 0, refunds: 0, bidPurchases: 0 },
  });
}
