import { and, eq } from 'drizzle-orm';
import { BID_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type { BidPayment, BidPaymentResponse } from '../../../common/schemas/bids.js';
import { checkoutSessions, tickets } from '../../db/schema/index.js';
import { Conflict } from '../../errors.js';
import { buyersOwnSession } from '../checkout/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { resolveBidPurchase } from './purchase.js';

/**
 * The authentication-needed purchase page (issue 24 §3): GET reads the bidder's purchase, complete settles
 * it after Stripe's confirmCardPayment, and the sandbox's authenticate step plays the bank.
 */

type SessionRow = typeof checkoutSessions.$inferSelect;

/** The caller's own bid purchase; anyone else's reads exactly like an unknown one. */
function ownPurchase(deps: MoneyDeps, sessionId: string, callerId: number): Promise<SessionRow> {
  return buyersOwnSession(
    deps.db,
    sessionId,
    callerId,
    eq(checkoutSessions.kind, 'off_session'),
    BID_TEXT.paymentNotFound,
  );
}

function statusOf(session: SessionRow, now: Date): BidPayment['status'] {
  if (session.outcome === 'fulfilled') return 'succeeded';
  if (session.outcome) return 'failed';
  if (session.status === 'paid') return 'processing';
  if (session.status === 'open' && session.awaitingAuthentication)
    return session.expiresAt > now ? 'requires_action' : 'expired';
  if (session.status === 'open') return 'processing';
  return session.status === 'expired' ? 'expired' : 'failed';
}

const MESSAGES: Record<BidPayment['status'], string> = {
  requires_action: BID_TEXT.paymentRequiresAction,
  processing: BID_TEXT.paymentProcessing,
  succeeded: BID_TEXT.paymentSucceeded,
  failed: BID_TEXT.paymentFailed,
  expired: BID_TEXT.paymentExpired,
};

async function answer(
  deps: MoneyDeps,
  sessionId: string,
  callerId: number,
  publishableKey: string | null,
): Promise<BidPaymentResponse> {
  const session = await ownPurchase(deps, sessionId, callerId);
  const status = statusOf(session, deps.clock.now());
  const [ticket] = await deps.db
    .select({ section: tickets.section })
    .from(tickets)
    .where(eq(tickets.id, session.ticketId));
  let clientSecret: string | null = null;
  if (status === 'requires_action' && session.provider === 'stripe' && session.paymentReference) {
    const state = await deps.payments.retrieveCardPayment(session.paymentReference);
    if (state.status === 'requires_action') clientSecret = state.clientSecret;
  }
  const payment: BidPayment = {
    sessionId: session.id,
    purchase: session.bidId === null ? 'fan-queue' : 'bid',
    bidId: session.bidId,
    ticketId: session.ticketId,
    eventName: session.eventName,
    eventDate: session.eventDate,
    section: ticket?.section ?? '',
    quantity: session.quantity,
    amount: centsToDollars(session.amountCents),
    status,
    holdExpiresAt: status === 'requires_action' ? session.expiresAt.toISOString() : null,
    provider: session.provider,
    clientSecret,
    publishableKey: session.provider === 'stripe' ? publishableKey : null,
  };
  return { ok: true, payment, message: MESSAGES[status] };
}

/** GET /api/bids/payments/{sessionId}. */
export function bidPayment(
  deps: MoneyDeps,
  sessionId: string,
  callerId: number,
  publishableKey: string | null,
): Promise<BidPaymentResponse> {
  return answer(deps, sessionId, callerId, publishableKey);
}

/** POST /api/bids/payments/{sessionId}/complete: the provider is asked, then the sale or the release follows. */
export async function completeBidPayment(
  deps: MoneyDeps,
  sessionId: string,
  callerId: number,
  publishableKey: string | null,
): Promise<BidPaymentResponse> {
  await ownPurchase(deps, sessionId, callerId);
  await resolveBidPurchase(deps, sessionId);
  return answer(deps, sessionId, callerId, publishableKey);
}

/**
 * POST /api/sandbox/bid-payments/{sessionId}/authenticate: the sandbox bank's answer. Approving pays the
 * charge (the sale follows through fulfilCheckout); refusing fails it (the bid ends, the ticket is released).
 */
export async function sandboxAuthenticateBidPayment(
  deps: MoneyDeps,
  sessionId: string,
  callerId: number,
  approve: boolean,
): Promise<BidPaymentResponse> {
  const session = await ownPurchase(deps, sessionId, callerId);
  if (statusOf(session, deps.clock.now()) !== 'requires_action' || session.provider !== 'sandbox')
    throw new Conflict(BID_TEXT.paymentNotWaiting);
  const waiting = and(
    eq(checkoutSessions.id, sessionId),
    eq(checkoutSessions.status, 'open'),
    eq(checkoutSessions.awaitingAuthentication, true),
  );
  await deps.db
    .update(checkoutSessions)
    .set(approve ? { status: 'paid', awaitingAuthentication: false } : { awaitingAuthentication: false })
    .where(waiting);
  await resolveBidPurchase(deps, sessionId);
  return answer(deps, sessionId, callerId, null);
}
