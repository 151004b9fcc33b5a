import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { saleBreakdown } from '../../../common/pricing.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { Db } from '../../db/client.js';
import { checkoutSessions, fanQueueEntries, fanQueueOffers, tickets, users } from '../../db/schema/index.js';
import { type JobOutcome, jobDone, scheduleJobNow } from '../../jobs/queue.js';
import { authenticationUrl, chargeBidPurchase, resolveBidPurchase } from '../bids/purchase.js';
import { scheduleListingMatch } from '../bids/schedule.js';
import { saleColumns } from '../checkout/service.js';
import { PRICE_ALERT_MATCH_LISTING_JOB } from '../price-alerts/matching.js';
import type { MoneyDeps } from '../sales/deps.js';
import { endOffer } from './offer-ends.js';
import { bumpShow } from './offers.js';

/**
 * "Buy for me" (decision 0100): an offer that reaches an entry with a saved card is bought at once, off
 * session, through the bids' purchase (decision 0045): the session is recorded with the offer locked before
 * the card is charged, so a crash at any point leaves a row the bids' sweep finishes with the same
 * idempotency key. The bank may ask for the cardholder (3D Secure): they confirm on the bids' payment page
 * while the offer's hold lasts. A declined card, or a confirmation that did not come in time, is an offer let
 * pass: the tickets go to the next fan in line.
 */

/**
 * The offer's purchase, recorded once: the session's id, or null when there is nothing to buy (the offer
 * ended, the entry has no card, or the hold is no longer the member's).
 */
async function startOfferPurchase(deps: MoneyDeps, offerId: number): Promise<string | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(fanQueueOffers)
      .where(and(eq(fanQueueOffers.id, offerId), eq(fanQueueOffers.status, 'open')))
      .for('update');
    if (!offer) return null;
    if (offer.checkoutSessionId) return offer.checkoutSessionId;
    const [entry] = await tx.select().from(fanQueueEntries).where(eq(fanQueueEntries.id, offer.entryId));
    if (!entry?.paymentMethodId) return null;
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, offer.ticketId)).for('update');
    const held =
      row &&
      !row.sold &&
      row.currentViewerId === entry.userId &&
      row.lockExpiresAt !== null &&
      row.lockExpiresAt > now &&
      row.quantity === offer.quantity;
    if (!held) return null;
    const sessionId = `fq_${randomUUID()}`;
    const sale = saleBreakdown({
      perTicketCents: row.listingPriceCents,
      markupPercent: row.markup,
      quantity: offer.quantity,
    });
    await tx.insert(checkoutSessions).values({
      id: sessionId,
      kind: 'off_session',
      paymentMethodId: entry.paymentMethodId,
      provider: deps.payments.kind,
      buyerId: entry.userId,
      ...saleColumns(row, sale),
      url: authenticationUrl(deps.appUrl, sessionId),
      // The bank's confirmation is waited for while the offer holds the tickets, and no longer.
      expiresAt: row.lockExpiresAt ?? now,
      createdAt: now,
    });
    await tx
      .update(fanQueueOffers)
      .set({ checkoutSessionId: sessionId })
      .where(eq(fanQueueOffers.id, offer.id));
    // Open pages read the member's place again: the offer now shows its purchase.
    await bumpShow(tx, entry.eventId, 0);
    return sessionId;
  });
}

/** The buy job: records the purchase and charges the card; the sale, the wait or the hand-on follows. */
export async function buyOffer(deps: MoneyDeps, offerId: number): Promise<JobOutcome> {
  const sessionId = await startOfferPurchase(deps, offerId);
  if (sessionId !== null) await chargeBidPurchase(deps, sessionId);
  return jobDone;
}

/**
 * Before an offer with a purchase lapses, the purchase is settled: a confirmation still awaited past the
 * hold is cancelled at the provider (or, had it just succeeded, fulfilled), as a bid's would be.
 */
export async function settleOfferPurchase(deps: MoneyDeps, offerId: number): Promise<void> {
  const [offer] = await deps.db
    .select({ sessionId: fanQueueOffers.checkoutSessionId })
    .from(fanQueueOffers)
    .where(and(eq(fanQueueOffers.id, offerId), eq(fanQueueOffers.status, 'open')));
  if (offer?.sessionId) await resolveBidPurchase(deps, offer.sessionId);
}

/**
 * The member let go of an offer whose purchase is under way (leaving the line, releasing the hold, an admin's
 * removal): a charge still waiting for the bank is cancelled at the provider first, so it cannot go through
 * after the tickets went on; one that went through meanwhile is the member's sale. Then the session is
 * closed, without the hand-on of a declined card: the caller withdraws the offer.
 */
export async function stopOfferPurchase(deps: MoneyDeps, offerId: number): Promise<void> {
  const [found] = await deps.db
    .select({ session: checkoutSessions })
    .from(fanQueueOffers)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, fanQueueOffers.checkoutSessionId))
    .where(and(eq(fanQueueOffers.id, offerId), eq(fanQueueOffers.status, 'open')));
  const session = found?.session;
  // Paid (fulfilment decides) or ended already.
  if (!session || session.outcome || session.status !== 'open') return;
  if (session.paymentReference) {
    let state = await deps.payments.retrieveCardPayment(session.paymentReference);
    if (state.status === 'requires_action') {
      await deps.payments.cancelCardPayment(session.paymentReference);
      state = await deps.payments.retrieveCardPayment(session.paymentReference);
    }
    if (state.status === 'succeeded') {
      await resolveBidPurchase(deps, session.id);
      return;
    }
  }
  // A charge still processing may yet succeed: fulfilment then finds the tickets gone on and refunds it.
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'cancelled', awaitingAuthentication: false })
    .where(
      and(
        eq(checkoutSessions.id, session.id),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.outcome),
      ),
    );
}

/** The Fan Queue offer a purchase was made for, if any, whether or not it is still open. */
export async function offerOfPurchase(db: Db, sessionId: string): Promise<number | null> {
  const [offer] = await db
    .select({ id: fanQueueOffers.id })
    .from(fanQueueOffers)
    .where(eq(fanQueueOffers.checkoutSessionId, sessionId));
  return offer?.id ?? null;
}

/**
 * The offer's purchase ended without money taken (the bids' endPurchase, after it closed the session): the
 * offer counts as let pass, its tickets go to the next fitting fan or on to bids and alerts (their durable
 * jobs), and the member is told why.
 */
export async function offerPurchaseFailed(
  deps: MoneyDeps,
  offerId: number,
  session: { buyerId: number; eventName: string },
  reason: string,
): Promise<void> {
  const now = deps.clock.now();
  const [offer] = await deps.db
    .select({ status: fanQueueOffers.status })
    .from(fanQueueOffers)
    .where(eq(fanQueueOffers.id, offerId));
  // Bought another way, withdrawn or lapsed meanwhile: nothing is handed on, and nobody needs telling.
  if (offer?.status !== 'open') return;
  const run = await endOffer(deps.db, offerId, 'declined', now);
  if (run.passOn !== null) {
    await scheduleListingMatch(deps.db, run.passOn, now);
    await scheduleJobNow(
      deps.db,
      PRICE_ALERT_MATCH_LISTING_JOB,
      `ticket:${run.passOn}`,
      { ticketId: run.passOn },
      now,
    );
  }
  try {
    const [member] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, session.buyerId));
    if (!member) return;
    await deps.mailer.send(
      paragraphMail(member.email, FAN_QUEUE_TEXT.declinedMailSubject(session.eventName), [
        `Hi ${member.firstName},`,
        FAN_QUEUE_TEXT.declinedMail(session.eventName, reason),
        `${deps.appUrl}/my-bids`,
      ]),
    );
  } catch (error) {
    deps.log.error({ err: error, offerId }, 'could not send the Fan Queue declined e-mail');
  }
}
