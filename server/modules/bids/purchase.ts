import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { BID_TEXT, PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import type { PriceBreakdown } from '../../../common/pricing.js';
import type { SavedCardCharge } from '../../adapters/payments/payment-provider.js';
import type { Tx } from '../../db/client.js';
import { bids, checkoutSessions, savedCards, tickets, users } from '../../db/schema/index.js';
import { DomainError, TooManyRequests } from '../../errors.js';
import { fulfilCheckout, saleColumns } from '../checkout/service.js';
import { offerOfPurchase, offerPurchaseFailed } from '../fan-queue/buy-for-me.js';
import { type Hold, lockTicket } from '../holds/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { originalPriceFactsOf } from '../tickets/original-price-mail.js';
import { bidAuthenticationMail, bidEndedMail } from './mail-templates.js';
import { scheduleListingMatch } from './schedule.js';

/**
 * A bid's purchase (decision 0045): the ticket is held for the bidder and an off-session checkout session
 * recorded in one transaction BEFORE the card is charged, so a crash at any later point leaves a row the
 * sweep finishes: the charge is asked for again with the same idempotency key (the same charge), then
 * fulfilled through fulfilCheckout or refunded, never both and never neither.
 */

/** How long the ticket stays held for the bidder while their bank waits for them to confirm the payment. */
export const BID_AUTHENTICATION_HOLD_MS = 30 * 60_000;

type SessionRow = typeof checkoutSessions.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

export interface Candidate {
  id: number;
  userId: number;
  paymentMethodId: string;
  /** The bid's quantity: a listing selling more holds a part of it for the bidder (decision 0062). */
  quantity: number;
}

/** sold: the ticket is the bidder's; waiting: on the cardholder or the provider; declined: the next bid tries; lost: the ticket went elsewhere. */
export type PurchaseStep = 'sold' | 'waiting' | 'declined' | 'lost';

class ListingChanged extends Error {}

export function authenticationUrl(appUrl: string, sessionId: string): string {
  return `${appUrl}/bids/authenticate/${sessionId}`;
}

/**
 * The row the bidder now holds, on the terms the run priced: the listing at the version read, or a part of
 * it (decision 0062) carved at the same price and markup.
 */
async function heldAsPriced(tx: Tx, hold: Hold, listing: TicketRow): Promise<TicketRow> {
  if (hold.ticketId === listing.id) {
    if (hold.version !== listing.version) throw new ListingChanged();
    return listing;
  }
  const [part] = await tx.select().from(tickets).where(eq(tickets.id, hold.ticketId));
  if (!part || part.listingPriceCents !== listing.listingPriceCents || part.markup !== listing.markup)
    throw new ListingChanged();
  return part;
}

/**
 * Holds the ticket for the bidder (the manual hold's own conditional update) and records the session.
 * 'next' when this bid cannot buy now (ended meanwhile, a purchase of it in flight, the bidder at their
 * hold limit); 'unavailable' when the ticket cannot be held or changed since it was priced.
 */
export async function startBidPurchase(
  deps: MoneyDeps,
  candidate: Candidate,
  ticket: TicketRow,
  sale: PriceBreakdown,
): Promise<{ sessionId: string; ticketId: number } | 'next' | 'unavailable'> {
  const now = deps.clock.now();
  const sessionId = `bid_${randomUUID()}`;
  const expiresAt = new Date(now.getTime() + BID_AUTHENTICATION_HOLD_MS);
  try {
    return await deps.db.transaction(async (tx) => {
      const [bid] = await tx
        .select({ id: bids.id })
        .from(bids)
        .where(and(eq(bids.id, candidate.id), eq(bids.isActive, true), eq(bids.matched, false)))
        .for('update');
      if (!bid) return 'next' as const;
      const [inFlight] = await tx
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.bidId, candidate.id),
            isNull(checkoutSessions.outcome),
            inArray(checkoutSessions.status, ['open', 'paid']),
          ),
        )
        .limit(1);
      if (inFlight) return 'next' as const;
      const hold = await lockTicket(tx, candidate.userId, ticket.id, now, candidate.quantity);
      const held = await heldAsPriced(tx, hold, ticket);
      await tx
        .update(tickets)
        .set({ lockExpiresAt: expiresAt })
        .where(and(eq(tickets.id, held.id), eq(tickets.currentViewerId, candidate.userId)));
      await tx.insert(checkoutSessions).values({
        id: sessionId,
        kind: 'off_session',
        bidId: candidate.id,
        paymentMethodId: candidate.paymentMethodId,
        provider: deps.payments.kind,
        buyerId: candidate.userId,
        ...saleColumns(held, sale),
        url: authenticationUrl(deps.appUrl, sessionId),
        expiresAt,
        createdAt: now,
      });
      return { sessionId, ticketId: held.id };
    });
  } catch (error) {
    if (error instanceof TooManyRequests) return 'next';
    if (error instanceof DomainError || error instanceof ListingChanged) return 'unavailable';
    throw error;
  }
}

async function loadSession(deps: MoneyDeps, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return row;
}

/** Charges the session's card (again, after a crash: the same key is the same charge) and acts on the answer. */
export async function chargeBidPurchase(deps: MoneyDeps, sessionId: string): Promise<PurchaseStep> {
  const session = await loadSession(deps, sessionId);
  if (session?.kind !== 'off_session') return 'lost';
  if (session.outcome || session.status !== 'open' || session.paymentReference)
    return resolveBidPurchase(deps, sessionId);
  const [card] = await deps.db
    .select({ customerId: savedCards.customerId })
    .from(savedCards)
    .where(eq(savedCards.id, session.paymentMethodId ?? ''));
  if (!card) return recordCharge(deps, session, { status: 'declined', reason: PAYMENT_METHOD_TEXT.notFound });
  const charge = await deps.payments.chargeSavedCard({
    customerId: card.customerId,
    paymentMethodId: session.paymentMethodId ?? '',
    amountCents: session.amountCents,
    idempotencyKey: `bid-charge-${session.id}`,
    description: `${session.quantity === 1 ? '1 ticket' : `${session.quantity} tickets`} · ${session.eventName} · ${session.eventDate}`,
    metadata: {
      checkoutSessionId: session.id,
      bidId: String(session.bidId),
      ticketId: String(session.ticketId),
    },
  });
  return recordCharge(deps, session, charge);
}

async function recordCharge(
  deps: MoneyDeps,
  session: SessionRow,
  charge: SavedCardCharge,
): Promise<PurchaseStep> {
  switch (charge.status) {
    case 'succeeded':
      return paidAndFulfilled(deps, session.id, charge.paymentReference);
    case 'processing':
      await deps.db
        .update(checkoutSessions)
        .set({ paymentReference: charge.paymentReference })
        .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
      return 'waiting';
    case 'requires_action': {
      const [asked] = await deps.db
        .update(checkoutSessions)
        .set({ paymentReference: charge.paymentReference, awaitingAuthentication: true })
        .where(
          and(
            eq(checkoutSessions.id, session.id),
            eq(checkoutSessions.status, 'open'),
            eq(checkoutSessions.awaitingAuthentication, false),
            isNull(checkoutSessions.paymentReference),
          ),
        )
        .returning({ id: checkoutSessions.id });
      if (asked) await mailBidder(deps, session, 'authenticate');
      return 'waiting';
    }
    case 'declined':
      await endPurchase(deps, session, charge.reason, 'cancelled');
      return 'declined';
  }
}

/** The provider took the money: recorded as paid, then the one fulfilment function decides sale or refund. */
async function paidAndFulfilled(
  deps: MoneyDeps,
  sessionId: string,
  paymentReference: string,
): Promise<PurchaseStep> {
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'paid', paymentReference, paidAt: deps.clock.now(), awaitingAuthentication: false })
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        isNull(checkoutSessions.outcome),
        ne(checkoutSessions.status, 'paid'),
      ),
    );
  const after = await fulfilCheckout(deps, sessionId);
  return after?.outcome === 'fulfilled' ? 'sold' : 'lost';
}

/**
 * No money was taken (declined, or the confirmation never came): the session ends, then what it was buying
 * for. A bid ends with the reason, the ticket is released, the bidder is told and the next bid may buy the
 * ticket; a Fan Queue offer ("buy for me") counts as let pass and goes to the next fan in line.
 */
async function endPurchase(
  deps: MoneyDeps,
  session: SessionRow,
  reason: string,
  status: 'cancelled' | 'expired',
): Promise<void> {
  const now = deps.clock.now();
  const offerId = session.bidId === null ? await offerOfPurchase(deps.db, session.id) : null;
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(checkoutSessions)
      .set({ status, awaitingAuthentication: false })
      .where(
        and(
          eq(checkoutSessions.id, session.id),
          eq(checkoutSessions.status, 'open'),
          isNull(checkoutSessions.outcome),
        ),
      )
      .returning({ id: checkoutSessions.id });
    if (!row) return false;
    // The offer's hold is handed on by the queue after this commit.
    if (offerId !== null) return true;
    if (session.bidId !== null)
      await tx
        .update(bids)
        .set({ isActive: false, endedReason: reason, endedAt: now })
        .where(and(eq(bids.id, session.bidId), eq(bids.isActive, true), eq(bids.matched, false)));
    await tx
      .update(tickets)
      .set({ currentViewerId: null, lockExpiresAt: null })
      .where(
        and(
          eq(tickets.id, session.ticketId),
          eq(tickets.currentViewerId, session.buyerId),
          eq(tickets.sold, false),
        ),
      );
    await scheduleListingMatch(tx, session.ticketId, now);
    return true;
  });
  if (!ended) return;
  if (offerId !== null) await offerPurchaseFailed(deps, offerId, session, reason);
  else await mailBidder(deps, session, 'ended', reason);
}

async function mailBidder(
  deps: MoneyDeps,
  session: SessionRow,
  kind: 'authenticate' | 'ended',
  reason = '',
): Promise<void> {
  try {
    const [bidder] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, session.buyerId));
    if (!bidder) return;
    const facts = {
      eventName: session.eventName,
      eventDate: session.eventDate,
      quantity: session.quantity,
      amountCents: session.amountCents,
      original: await originalPriceFactsOf(deps.db, session.ticketId),
    };
    await deps.mailer.send(
      kind === 'authenticate'
        ? bidAuthenticationMail(
            bidder.email,
            bidder.firstName,
            facts,
            authenticationUrl(deps.appUrl, session.id),
            session.expiresAt,
            session.bidId === null ? 'fanQueue' : 'bid',
          )
        : bidEndedMail(bidder.email, bidder.firstName, facts, reason, `${deps.appUrl}/my-bids`),
    );
  } catch (error) {
    deps.log.error({ err: error, sessionId: session.id }, 'could not send a bid e-mail');
  }
}

/**
 * Where a bid's purchase stands, made final where it can be: the Stripe page's completion, the sandbox's
 * authenticate step, the matcher and the sweep all call this; every step is conditional, so callers may
 * overlap. A confirmation that did not come within the hold is cancelled at the provider first, so it can
 * no longer succeed after the ticket was released (should it have succeeded just before, it is fulfilled).
 */
export async function resolveBidPurchase(deps: MoneyDeps, sessionId: string): Promise<PurchaseStep> {
  const session = await loadSession(deps, sessionId);
  if (session?.kind !== 'off_session') return 'lost';
  if (session.outcome || session.status === 'paid') {
    const after = await fulfilCheckout(deps, sessionId);
    return after?.outcome === 'fulfilled' ? 'sold' : 'lost';
  }
  if (!session.paymentReference)
    return session.status === 'open' ? chargeBidPurchase(deps, sessionId) : 'declined';
  const late = session.expiresAt <= deps.clock.now();
  let state = await deps.payments.retrieveCardPayment(session.paymentReference);
  if (late && state.status === 'requires_action') {
    await deps.payments.cancelCardPayment(session.paymentReference);
    state = await deps.payments.retrieveCardPayment(session.paymentReference);
  }
  switch (state.status) {
    case 'succeeded':
      return paidAndFulfilled(deps, sessionId, state.paymentReference);
    case 'failed':
      await endPurchase(
        deps,
        session,
        late ? BID_TEXT.endedAuthenticationMissed : state.reason,
        late ? 'expired' : 'cancelled',
      );
      return 'declined';
    default:
      return 'waiting';
  }
}
