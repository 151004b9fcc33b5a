import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentEvent } from '../../adapters/payments/payment-provider.js';
import { providerEvents } from '../../db/schema/index.js';
import { completeRefund, expireSession, fulfilCheckout } from '../checkout/service.js';
import { applyAccountUpdate } from '../identity/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { applyProviderDispute } from './disputes.js';
import { mailRefundedBeforeSale } from './mail.js';
import { settleProviderRefunds } from './refunds.js';

/**
 * The top of the money path (decision 0050): a verified provider event is recorded, then acted on through
 * the modules below it (checkout's fulfilment, refunds, payouts, the ledger), and marked handled. Nothing
 * below calls back up here.
 */

function objectOf(event: PaymentEvent): string | null {
  switch (event.type) {
    case 'checkout.completed':
    case 'checkout.expired':
      return event.sessionId;
    case 'charge.refunded':
      return event.paymentReference;
    case 'dispute.created':
    case 'dispute.closed':
      return event.disputeId;
    case 'account.updated':
      return event.accountId;
    case 'ignored':
      return null;
  }
}

/**
 * Records the event once; false when it was handled before (a redelivery), which then changes nothing.
 * An event whose handling failed is not marked handled, so its redelivery is handled again.
 */
async function recordEvent(deps: MoneyDeps, event: PaymentEvent): Promise<boolean> {
  await deps.db
    .insert(providerEvents)
    .values({
      id: event.id,
      provider: deps.payments.kind,
      type: event.providerType,
      objectId: objectOf(event),
      receivedAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: providerEvents.id });
  const [recorded] = await deps.db
    .select({ handledAt: providerEvents.handledAt })
    .from(providerEvents)
    .where(eq(providerEvents.id, event.id));
  return recorded?.handledAt === null;
}

/** What acting on provider events needs beyond the money path: who to tell of listings now on sale. */
export interface ProviderEventDeps extends MoneyDeps {
  /** Listings that went on sale (a seller's verification landed): bids and price alerts look at them. */
  onListingsLive?: (ticketIds: number[]) => Promise<void>;
}

async function act(deps: ProviderEventDeps, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.completed': {
      const session = await fulfilCheckout(deps, event.sessionId);
      // A refund the provider refused stays pending; failing the delivery makes Stripe send it again later.
      if (session?.outcome === 'refund_pending')
        throw new Error(`refund for checkout session ${event.sessionId} is still pending`);
      return;
    }
    case 'checkout.expired':
      await expireSession(deps.db, event.sessionId);
      return;
    case 'charge.refunded': {
      const effect = await settleProviderRefunds(deps, event.paymentReference, event.refundReference);
      if (effect.kind === 'unfulfilled') {
        await mailRefundedBeforeSale(deps, effect.sessionId);
        if (!effect.whole) await completeRefund(deps, effect.sessionId);
      }
      return;
    }
    case 'dispute.created':
    case 'dispute.closed':
      await applyProviderDispute(deps, event.disputeId);
      return;
    case 'account.updated': {
      // The seller's identity verification (decision 0086): their waiting listings go live with it.
      const live = await applyAccountUpdate(deps, event.accountId);
      if (live.length > 0) await deps.onListingsLive?.(live);
      return;
    }
    case 'ignored':
      return;
  }
}

/** A verified provider webhook. Objects of another environment (unknown sessions) are acknowledged. */
export async function handleProviderEvent(deps: ProviderEventDeps, event: PaymentEvent): Promise<void> {
  if (!(await recordEvent(deps, event))) return;
  await act(deps, event);
  await deps.db
    .update(providerEvents)
    .set({ handledAt: deps.clock.now() })
    .where(and(eq(providerEvents.id, event.id), isNull(providerEvents.handledAt)));
}
