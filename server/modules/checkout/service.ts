import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { CHECKOUT_TEXT, TICKET_TEXT } from '../../../common/messages.js';
import { centsToDollars, dollarsToCents } from '../../../common/money.js';
import { onSaleAt } from '../../../common/on-sale.js';
import { type PriceBreakdown, saleBreakdown } from '../../../common/pricing.js';
import type { PaymentRequest, PurchaseResult } from '../../../common/schemas/checkout.js';
import { PLATFORM_LABELS } from '../../../common/schemas/tickets.js';
import type { MailMessage } from '../../adapters/mail/mailer.js';
import type { BalanceMovement, CheckoutPaymentState } from '../../adapters/payments/payment-provider.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { bids, checkoutSessions, events, orders, tickets, users } from '../../db/schema/index.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { offerBought } from '../fan-queue/offer-ends.js';
import { holdForCheckout } from '../holds/service.js';
import { saleRows, unmatchedPaymentRows, unmatchedRefundRows, writeJournal } from '../ledger/journal.js';
import { refundRestAtProvider } from '../refunds/provider-refund.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf } from '../sales/sale.js';
import { showPageUrl } from '../sales/show-page.js';
import { scheduleSaleTimeline } from '../sales/timeline.js';
import { assertMayBuy, lockMemberForLimits } from '../show-limits/service.js';
import { missingTransferEmail, noteBuyerAskedForTransferEmail } from '../transfers/transfer-email.js';
import { calendarAttachment } from '../wallet/ics.js';
import {
  buyerConfirmationMail,
  buyerRefundMail,
  type SaleMailFacts,
  sellerSoldMail,
} from './mail-templates.js';
import { buyerSessionsOf } from './sessions-sql.js';

/**
 * Checkout and escrow (decision 0012): payment sessions, the one fulfilment function, refunds and the
 * double-entry ledger.
 */

/** Stripe lets a Checkout Session live 30 minutes at the least; a little more covers clock drift. */
export const CHECKOUT_SESSION_TTL_MS = 32 * 60_000;

type SessionRow = typeof checkoutSessions.$inferSelect;

type TicketRow = typeof tickets.$inferSelect;

/**
 * What a checkout session fixes about the listing and its price when the buyer chose to pay (hosted) or a
 * bid chose to buy (off-session): fulfilment sells at exactly this version and these amounts.
 */
export function saleColumns(ticket: TicketRow, sale: PriceBreakdown) {
  return {
    ticketId: ticket.id,
    sellerId: ticket.sellerId,
    ticketVersion: ticket.version,
    eventName: ticket.eventName,
    eventDate: ticket.eventDate,
    quantity: ticket.quantity,
    perTicketCents: sale.perTicketCents,
    markup: ticket.markup,
    totalCents: sale.totalCents,
    processingFeeCents: sale.processingFeeCents,
    platformFeeCents: sale.platformFeeCents,
    sellerProceedsCents: sale.sellerReceivesCents,
    amountCents: sale.buyerPaysCents,
  };
}

/** POST /api/tickets/{id}/payment: a hosted checkout for the caller's hold, at the server's all-in price. */
export async function startPayment(
  deps: MoneyDeps,
  buyerId: number,
  ticketId: number,
  request: PaymentRequest,
): Promise<{ url: string }> {
  const { db, clock } = deps;
  const now = clock.now();
  const [row] = await db
    .select({ ticket: tickets, buyerEmail: users.email })
    .from(tickets)
    .innerJoin(users, eq(users.id, buyerId))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row) throw new NotFound(TICKET_TEXT.notFound);
  const { ticket } = row;
  if (ticket.sellerId === buyerId) throw new Forbidden(CHECKOUT_TEXT.ownTicket);
  if (ticket.sold || ticket.status !== 'available') throw new Conflict(CHECKOUT_TEXT.alreadySold);
  if (!onSaleAt(ticket, now)) throw new Conflict(CHECKOUT_TEXT.eventPast);
  const holding =
    ticket.currentViewerId === buyerId && ticket.lockExpiresAt !== null && ticket.lockExpiresAt > now;
  if (!holding) throw new Conflict(CHECKOUT_TEXT.notHolding);
  // A bid's or a Fan Queue place's purchase with a saved card holds these tickets for the buyer: a second
  // payment would only be refunded (decisions 0045, 0100).
  const [paying] = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      buyerSessionsOf(
        ticketId,
        buyerId,
        eq(checkoutSessions.kind, 'off_session'),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.outcome),
      ),
    )
    .limit(1);
  if (paying) throw new Conflict(CHECKOUT_TEXT.savedCardPaying);
  if (ticket.version !== request.version)
    throw new Conflict(CHECKOUT_TEXT.versionChanged, { currentVersion: ticket.version });
  const sale = saleBreakdown({
    perTicketCents: ticket.listingPriceCents,
    markupPercent: ticket.markup,
    quantity: ticket.quantity,
  });
  if (dollarsToCents(request.amount) !== sale.buyerPaysCents)
    throw new Invalid(CHECKOUT_TEXT.amountMismatch, { amount: CHECKOUT_TEXT.amountMismatch });

  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS);
  const created = await deps.payments.createCheckout({
    attemptKey: `checkout-${ticketId}-${buyerId}-${randomUUID()}`,
    amountCents: sale.buyerPaysCents,
    productName: ticket.eventName,
    description: `${ticket.quantity === 1 ? '1 ticket' : `${ticket.quantity} tickets`} · section ${ticket.section}, row ${ticket.row} · ${ticket.eventDate}`,
    ticketId,
    buyerId,
    version: ticket.version,
    customerEmail: row.buyerEmail,
    successUrl: `${deps.appUrl}/?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: cancelUrlOf(deps.appUrl, ticketId),
    expiresAt,
  });
  const superseded = await db
    .transaction(async (tx) => {
      // The show's purchase limit, counted with the member's row locked (decision 0088).
      await lockMemberForLimits(tx, buyerId);
      await assertMayBuy(tx, buyerId, ticket, ticket.splitFromTicketId ?? ticket.id, ticket.quantity, now);
      // The hold must cover the checkout, so nobody else can take the ticket while the buyer pays. This also
      // locks the ticket row, so simultaneous starts run one after another.
      if (!(await holdForCheckout(tx, buyerId, ticketId, ticket.version, CHECKOUT_SESSION_TTL_MS, now)))
        return null;
      // A buyer who starts over (a second tab, back from the checkout) keeps one payable session: the older
      // ones end in the same transaction that records the new one (issue 21; decision 0031).
      const older = await tx
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(
          buyerSessionsOf(
            ticketId,
            buyerId,
            eq(checkoutSessions.status, 'open'),
            // A bid's purchase is ended only by the bids module, which cancels its charge first (decision 0045).
            eq(checkoutSessions.kind, 'hosted'),
          ),
        )
        .returning({ id: checkoutSessions.id });
      await tx.insert(checkoutSessions).values({
        id: created.id,
        provider: deps.payments.kind,
        buyerId,
        ...saleColumns(ticket, sale),
        url: created.url,
        expiresAt,
      });
      return older.map((session) => session.id);
    })
    .catch(async (error: unknown) => {
      await expireAtProvider(deps, created.id);
      throw error;
    });
  if (!superseded) {
    await expireAtProvider(deps, created.id);
    throw new Conflict(CHECKOUT_TEXT.notHolding);
  }
  // Already expired here; the provider is told after the commit (a payment that slips through anyway is
  // fulfilled or refunded like any other).
  for (const sessionId of superseded) await expireAtProvider(deps, sessionId);
  return { url: created.url };
}

async function expireAtProvider(deps: MoneyDeps, sessionId: string): Promise<void> {
  await deps.payments.expireCheckout(sessionId).catch((error: unknown) => {
    deps.log.warn({ err: error, sessionId }, 'could not expire a checkout session at the provider');
  });
}

export function cancelUrlOf(appUrl: string, ticketId: number): string {
  return `${appUrl}/purchase/cancel?ticket_id=${ticketId}`;
}

/**
 * The hold was released (unlock, cancel page): the buyer's open sessions for the ticket are ended at the
 * provider so none of them can still be paid. A failure is logged; a payment that slips through anyway is
 * fulfilled or refunded like any other.
 */
export async function expireOpenCheckouts(deps: MoneyDeps, ticketId: number, buyerId: number): Promise<void> {
  const open = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      buyerSessionsOf(
        ticketId,
        buyerId,
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.kind, 'hosted'),
      ),
    );
  for (const { id } of open) {
    try {
      await deps.payments.expireCheckout(id);
      await deps.db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    } catch (error) {
      deps.log.warn({ err: error, sessionId: id }, 'could not expire a checkout session');
    }
  }
}

async function loadSession(db: DbOrTx, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).limit(1);
  return row;
}

/**
 * The caller's own session that also meets `kindOf` (a sandbox hosted page, a bid's purchase); anyone else's
 * reads exactly like an unknown one: 404 with `notFound`, so nothing about another buyer's order leaks.
 */
export async function buyersOwnSession(
  db: DbOrTx,
  sessionId: string,
  buyerId: number,
  kindOf: SQL | undefined,
  notFound: string,
): Promise<SessionRow> {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.buyerId, buyerId), kindOf))
    .limit(1);
  if (!session) throw new NotFound(notFound);
  return session;
}

type Decision = { outcome: SessionRow['outcome']; fresh: boolean; orderId?: number };

/**
 * A part of a listing (decision 0062) sells only while its listing is not withdrawn by an admin (issue 43
 * item 12): withdrawing moves the listing's parts with it, and the payment checks it again as well.
 */
const listingNotWithdrawn = sql`not exists (select 1 from tickets as listing
  where listing.id = "tickets"."split_from_ticket_id" and not listing.sold
  and listing.status in ('pending', 'cancelled'))`;

/**
 * The ticket becomes sold to the session's buyer, if it still may be: the same version and seller, unsold,
 * on sale, not withdrawn, and not held by someone else. Answers the ticket, or undefined.
 */
async function sellTicket(tx: Tx, session: SessionRow, now: Date) {
  const [sold] = await tx
    .update(tickets)
    .set({
      sold: true,
      status: 'sold',
      buyerId: session.buyerId,
      soldAt: now,
      transferStatus: 'not_started',
      currentViewerId: null,
      lockExpiresAt: null,
      editingBy: null,
      editExpiresAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(tickets.id, session.ticketId),
        eq(tickets.version, session.ticketVersion),
        eq(tickets.sellerId, session.sellerId),
        eq(tickets.sold, false),
        eq(tickets.status, 'available'),
        listingNotWithdrawn,
        or(
          isNull(tickets.currentViewerId),
          isNull(tickets.lockExpiresAt),
          lte(tickets.lockExpiresAt, now),
          eq(tickets.currentViewerId, session.buyerId),
        ),
      ),
    )
    .returning({ id: tickets.id });
  return sold;
}

/**
 * The paid session's one decision, in one transaction with the session row locked: the ticket becomes the
 * buyer's (a conditional UPDATE: same version, unsold, available, not held live by anyone else) with its
 * order and sale journal, or the payment is marked for refund with its journal. A second caller finds the
 * outcome already set and changes nothing.
 */
async function decide(deps: MoneyDeps, sessionId: string, paymentReference: string): Promise<Decision> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId))
      .for('update');
    if (!session) throw new NotFound(CHECKOUT_TEXT.sessionNotFound);
    if (session.outcome) return { outcome: session.outcome, fresh: false };
    // A buyer who closed their account (decision 0099) is refunded, not sold to. Read under a share lock,
    // so a closure committing now is waited for and seen.
    const [buyer] = await tx
      .select({ closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, session.buyerId))
      .for('share');
    const sold = buyer?.closedAt ? undefined : await sellTicket(tx, session, now);
    const settled = {
      status: 'paid' as const,
      paymentReference,
      paidAt: session.paidAt ?? now,
      settledAt: now,
    };
    if (sold) {
      const [order] = await tx
        .insert(orders)
        .values({
          checkoutSessionId: session.id,
          ticketId: session.ticketId,
          buyerId: session.buyerId,
          sellerId: session.sellerId,
          ticketVersion: session.ticketVersion,
          quantity: session.quantity,
          perTicketCents: session.perTicketCents,
          totalCents: session.totalCents,
          processingFeeCents: session.processingFeeCents,
          platformFeeCents: session.platformFeeCents,
          sellerProceedsCents: session.sellerProceedsCents,
          amountCents: session.amountCents,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('order insert returned no row');
      await writeJournal(tx, session.id, 'sale', saleRows(session), order.id);
      await scheduleSaleTimeline(tx, {
        orderId: order.id,
        ticketId: session.ticketId,
        soldAt: now,
      });
      await tx
        .update(checkoutSessions)
        .set({ ...settled, outcome: 'fulfilled' })
        .where(eq(checkoutSessions.id, session.id));
      // Fan Queue (decision 0100): an offer of this row to its buyer is bought, in the sale's transaction.
      await offerBought(tx, session.ticketId, session.buyerId, session.quantity, now);
      // A bid's purchase: the bid is matched in the sale's own transaction (decision 0045).
      if (session.bidId !== null)
        await tx
          .update(bids)
          .set({ matched: true, isActive: false, matchedTicketId: session.ticketId, matchedAt: now })
          .where(and(eq(bids.id, session.bidId), eq(bids.matched, false)));
      return { outcome: 'fulfilled', fresh: true, orderId: order.id };
    }
    await writeJournal(tx, session.id, 'unmatched_payment', unmatchedPaymentRows(session.amountCents));
    await tx
      .update(checkoutSessions)
      .set({ ...settled, outcome: 'refund_pending' })
      .where(eq(checkoutSessions.id, session.id));
    return { outcome: 'refund_pending', fresh: true };
  });
}

/** Sends after the commit; a failed send is logged (the sale itself stands). Answers which were sent. */
async function sendAll(deps: MoneyDeps, messages: MailMessage[]): Promise<boolean[]> {
  const sent: boolean[] = [];
  for (const message of messages) {
    try {
      await deps.mailer.send(message);
      sent.push(true);
    } catch (error) {
      deps.log.error({ err: error, subject: message.subject }, 'could not send a purchase e-mail');
      sent.push(false);
    }
  }
  return sent;
}

async function sendSaleMails(deps: MoneyDeps, session: SessionRow): Promise<void> {
  const [ticket] = await deps.db
    .select({
      section: tickets.section,
      row: tickets.row,
      seats: tickets.seats,
      eventId: events.id,
      showName: events.name,
      faceValueCents: tickets.faceValueCents,
      serviceFeeCents: tickets.serviceFeeCents,
      startTime: events.startTime,
      doorsTime: events.doorsTime,
      timeZone: tickets.timeZone,
    })
    .from(tickets)
    .leftJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, session.ticketId))
    .limit(1);
  const facts: SaleMailFacts = {
    eventName: session.eventName,
    eventDate: session.eventDate,
    quantity: session.quantity,
    section: ticket?.section ?? 'N/A',
    row: ticket?.row ?? 'N/A',
    seats: ticket?.seats ?? 'N/A',
    eventPageUrl: showPageUrl(deps.appUrl, ticket?.eventId ?? null, ticket?.showName ?? null),
    original: ticket ?? null,
    appUrl: deps.appUrl,
    times: ticket ?? null,
  };
  const buyer = await contactOf(deps.db, session.buyerId);
  const seller = await contactOf(deps.db, session.sellerId);
  const myTickets = `${deps.appUrl}/my-tickets`;
  const missing = await missingTransferEmail(deps.db, session.ticketId);
  // The show in the buyer's calendar (issue 47 item 3, decision 0096): the .ics My Tickets also offers.
  const calendar = await calendarAttachment(deps.db, session.ticketId, session.buyerId, deps.appUrl);
  const [buyerMailed] = await sendAll(deps, [
    {
      ...buyerConfirmationMail(
        buyer.email,
        buyer.firstName,
        facts,
        session.amountCents,
        myTickets,
        missing && PLATFORM_LABELS[missing],
      ),
      ...(calendar ? { attachments: [calendar] } : {}),
    },
    sellerSoldMail(seller.email, seller.firstName, facts, session.sellerProceedsCents, myTickets),
  ]);
  // The seller's card tells them the buyer was asked only once the e-mail asking them went out.
  if (missing && buyerMailed)
    await noteBuyerAskedForTransferEmail(deps.db, session.ticketId, missing, deps.clock.now());
}

/**
 * Refunds a payment marked refund_pending through the provider: what is left of it (refunds made at the
 * provider's dashboard are not asked for again; decision 0050), one refund per session and amount (the
 * idempotency key), then records it and tells the buyer. A provider failure leaves it pending for the next
 * attempt (another verify, the webhook, or the refund sweep).
 */
export async function completeRefund(deps: MoneyDeps, sessionId: string): Promise<void> {
  const session = await loadSession(deps.db, sessionId);
  if (session?.outcome !== 'refund_pending' || !session.paymentReference) return;
  let refundReference: string;
  try {
    refundReference = await refundRestAtProvider(
      deps.payments,
      { sessionId, paymentReference: session.paymentReference, amountCents: session.amountCents },
      `refund-${sessionId}`,
    );
  } catch (error) {
    deps.log.error({ err: error, sessionId }, 'refund failed; it stays pending and is retried');
    return;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(checkoutSessions)
      .set({ outcome: 'refunded', refundReference, settledAt: deps.clock.now() })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.outcome, 'refund_pending')))
      .returning({ providerRefundedCents: checkoutSessions.providerRefundedCents });
    if (!updated) return false;
    const owed = session.amountCents - updated.providerRefundedCents;
    await writeJournal(tx, sessionId, 'refund', unmatchedRefundRows(owed));
    return true;
  });
  if (!recorded) return;
  const buyer = await contactOf(deps.db, session.buyerId);
  await sendAll(deps, [
    buyerRefundMail(
      buyer.email,
      buyer.firstName,
      { eventName: session.eventName, eventDate: session.eventDate },
      session.amountCents,
    ),
  ]);
}

/** The provider's word on a session, from our own row once it is known to be paid. */
async function paymentStateOf(deps: MoneyDeps, session: SessionRow): Promise<CheckoutPaymentState> {
  if (session.status === 'paid' && session.paymentReference)
    return { status: 'paid', paymentReference: session.paymentReference };
  // A bid's off-session charge has no hosted session to ask: the bids module records it as paid (decision 0045).
  if (session.kind === 'off_session') return { status: 'open' };
  return deps.payments.retrieveCheckout(session.id);
}

/**
 * fulfilCheckout: the only way a ticket becomes sold. Keyed by the checkout session id; safe to call any
 * number of times, in any order, concurrently, from any instance: the return page (verify), the result
 * pages, the webhook and the sandbox. A paid session whose ticket cannot be delivered is refunded.
 * Returns the session as it stands afterwards, or null for an unknown id.
 */
export async function fulfilCheckout(deps: MoneyDeps, sessionId: string): Promise<SessionRow | null> {
  const session = await loadSession(deps.db, sessionId);
  if (!session) return null;
  if (session.outcome === 'refund_pending') await completeRefund(deps, sessionId);
  if (session.outcome) return (await loadSession(deps.db, sessionId)) ?? null;
  const state = await paymentStateOf(deps, session);
  if (state.status !== 'paid') {
    if (state.status === 'expired') await expireSession(deps.db, sessionId);
    return (await loadSession(deps.db, sessionId)) ?? null;
  }
  const decision = await decide(deps, sessionId, state.paymentReference);
  const after = await loadSession(deps.db, sessionId);
  if (!after) return null;
  if (decision.fresh && decision.outcome === 'fulfilled') await sendSaleMails(deps, after);
  if (after.outcome === 'refund_pending') await completeRefund(deps, sessionId);
  return (await loadSession(deps.db, sessionId)) ?? null;
}

/** How a session reads to its buyer on the result pages. */
function resultOf(session: SessionRow): PurchaseResult {
  const base = {
    ticketId: session.ticketId,
    eventName: session.eventName,
    quantity: session.quantity,
    amount: centsToDollars(session.amountCents),
  };
  if (session.outcome === 'fulfilled')
    return { ...base, success: true, status: 'paid', message: CHECKOUT_TEXT.purchased };
  if (session.outcome === 'refunded')
    return { ...base, success: false, status: 'refunded', message: CHECKOUT_TEXT.refunded };
  if (session.outcome === 'refund_pending')
    return { ...base, success: false, status: 'refunded', message: CHECKOUT_TEXT.refundPending };
  if (session.status === 'expired' || session.status === 'cancelled')
    return { ...base, success: false, status: 'expired', message: CHECKOUT_TEXT.expired };
  return { ...base, success: false, status: 'pending', message: CHECKOUT_TEXT.notCompleted };
}

/**
 * Verify, complete and the Safari page: fulfils the caller's own session and reports it. Someone else's
 * session reads exactly like an unknown one, so nothing about another buyer's order leaks.
 */
export async function purchaseResult(
  deps: MoneyDeps,
  sessionId: string,
  callerId: number,
): Promise<PurchaseResult> {
  const session = await loadSession(deps.db, sessionId);
  if (!session || session.buyerId !== callerId) throw new NotFound(CHECKOUT_TEXT.sessionNotFound);
  const after = await fulfilCheckout(deps, sessionId);
  if (!after) throw new NotFound(CHECKOUT_TEXT.sessionNotFound);
  return resultOf(after);
}

/** The provider says a session can no longer be paid. */
export async function expireSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
}

/** Sweep: refunds that failed at the provider are tried again (oldest first, a batch per run). */
export async function retryPendingRefunds(deps: MoneyDeps, limit = 50): Promise<number> {
  const pending = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.outcome, 'refund_pending'))
    .orderBy(checkoutSessions.createdAt)
    .limit(limit);
  for (const { id } of pending) await completeRefund(deps, id);
  return pending.length;
}

/**
 * Sweep: paid sessions the buyer never came back from and whose webhook never arrived (sandbox payments
 * fulfil at once; this covers a crash between payment and fulfilment).
 */
export async function fulfilPaidSessions(deps: MoneyDeps, limit = 50): Promise<number> {
  const paid = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, 'paid'), isNull(checkoutSessions.outcome)))
    .limit(limit);
  for (const { id } of paid) await fulfilCheckout(deps, id);
  return paid.length;
}

/**
 * What the sandbox moved in a period, from the rows its own steps wrote (decision 0068): sessions paid,
 * refunds it made (its 'sbx_re_' references on orders and unfulfilled sessions, for what was left of the
 * payment) and payouts it transferred. The ledger's self-check compares these with the journals.
 */
async function sandboxBalanceMovements(db: Db, from: Date, to: Date): Promise<BalanceMovement[]> {
  const start = from.toISOString();
  const end = to.toISOString();
  const result = (await db.execute(sql`
    select 'payment' as type, payment_reference as reference, amount_cents as "amountCents"
      from checkout_sessions
      where provider = 'sandbox' and status = 'paid' and payment_reference is not null
        and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz
    union all
    select 'refund', cs.payment_reference, cs.amount_cents - cs.provider_refunded_cents
      from orders o join checkout_sessions cs on cs.id = o.checkout_session_id
      where cs.provider = 'sandbox' and o.refund_reference like 'sbx\_re\_%'
        and o.refunded_at >= ${start}::timestamptz and o.refunded_at < ${end}::timestamptz
    union all
    select 'refund', payment_reference, amount_cents - provider_refunded_cents
      from checkout_sessions
      where provider = 'sandbox' and outcome = 'refunded' and refund_reference like 'sbx\_re\_%'
        and settled_at >= ${start}::timestamptz and settled_at < ${end}::timestamptz
    union all
    select 'transfer', provider_reference, amount_cents
      from payouts
      where provider = 'sandbox' and status = 'paid' and provider_reference is not null
        and paid_at >= ${start}::timestamptz and paid_at < ${end}::timestamptz`)) as unknown as {
    rows: BalanceMovement[];
  };
  return result.rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

/** The sandbox's payment state, kept on the session rows (see SandboxPaymentProvider). */
export function sandboxSessionStore(db: Db, clock: Clock) {
  return {
    async paymentState(sessionId: string): Promise<CheckoutPaymentState> {
      const session = await loadSession(db, sessionId);
      if (!session) return { status: 'expired' };
      if (session.status === 'paid' && session.paymentReference)
        return { status: 'paid', paymentReference: session.paymentReference };
      if (session.status !== 'open' || session.expiresAt <= clock.now()) return { status: 'expired' };
      return { status: 'open' };
    },
    async cancel(sessionId: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'cancelled', awaitingAuthentication: false })
        .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
    },
    /** A bid's charge: succeeded once paid, waiting while the cardholder is asked, else failed. */
    async cardPaymentState(paymentReference: string) {
      const [session] = await db
        .select({ status: checkoutSessions.status, awaiting: checkoutSessions.awaitingAuthentication })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.kind, 'off_session'),
            eq(checkoutSessions.paymentReference, paymentReference),
          ),
        )
        .limit(1);
      if (!session) return 'unknown' as const;
      if (session.status === 'paid') return 'succeeded' as const;
      return session.status === 'open' && session.awaiting
        ? ('requires_action' as const)
        : ('failed' as const);
    },
    /** Refunded is what Encore recorded as refunded: the sandbox's only refunds are Encore's own. */
    async paymentRefunds(paymentReference: string) {
      const [session] = await db
        .select({
          amountCents: checkoutSessions.amountCents,
          refundReference: checkoutSessions.refundReference,
        })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.paymentReference, paymentReference))
        .limit(1);
      if (!session) return null;
      return {
        amountCents: session.amountCents,
        refundedCents: session.refundReference ? session.amountCents : 0,
      };
    },
    async sessionOfPayment(paymentReference: string): Promise<string | null> {
      const [session] = await db
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.paymentReference, paymentReference))
        .limit(1);
      return session?.id ?? null;
    },
    balanceMovements: (from: Date, to: Date) => sandboxBalanceMovements(db, from, to),
    async cancelCardPayment(paymentReference: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ awaitingAuthentication: false })
        .where(
          and(
            eq(checkoutSessions.kind, 'off_session'),
            eq(checkoutSessions.paymentReference, paymentReference),
            eq(checkoutSessions.status, 'open'),
          ),
        );
    },
  };
}
