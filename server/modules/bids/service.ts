import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { BID_TEXT, PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import { centsToDollars, dollarsToCents } from '../../../common/money.js';
import { type SaleDays, saleEndsAt } from '../../../common/on-sale.js';
import { type Bid, type CreateBid, MAX_ACTIVE_BIDS } from '../../../common/schemas/bids.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { DbOrTx } from '../../db/client.js';
import { bids, events, savedCards, venues } from '../../db/schema/index.js';
import { Conflict, Invalid, NotFound } from '../../errors.js';
import { assertBidWithinCap } from '../price-caps/place.js';
import { userRating } from '../reviews/ratings.js';
import type { MoneyDeps } from '../sales/deps.js';
import { assertMayBuy, lockMemberForLimits } from '../show-limits/service.js';

/** My Bids: creating, listing and cancelling a member's automatic-purchase bids (decision 0045). */

/** GET /api/bids answers at most this many, newest first (a member has at most 2 active ones). */
export const BIDS_LIST_LIMIT = 100;

type BidRow = typeof bids.$inferSelect;
type CardRow = Pick<typeof savedCards.$inferSelect, 'id' | 'brand' | 'last4'>;

/**
 * The last moment a ticket for the bid's event may still be bought: when its show stops being on sale, the
 * venue's midnight after its last day (decision 0071).
 */
export function bidExpiresAt(days: SaleDays): Date {
  return saleEndsAt(days);
}

/** A bid as the API answers it; `priority` is its bidder's rating now (decision 0054), 0 without reviews. */
export function bidOf(row: BidRow, card: CardRow | null, priority: number): Bid {
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    venue: row.venue,
    eventDate: row.eventDate,
    maxPrice: centsToDollars(row.maxPriceCents),
    quantity: row.quantity,
    section: row.section,
    priority,
    minSellerRating: row.minSellerRating,
    isActive: row.isActive,
    matched: row.matched,
    matchedTicketId: row.matchedTicketId,
    matchedAt: row.matchedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    endedReason: row.endedReason,
    paymentMethod: card ? { id: card.id, brand: card.brand, last4: card.last4 } : null,
  };
}

function optional(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The caller's own card, not removed, at the provider in use; anyone else's reads as unknown. Read with a
 * share lock inside the bid's transaction, so the card cannot be removed while the bid that uses it is
 * created (removing takes the row for update and refuses a card an active bid uses; decision 0044).
 */
async function ownCard(
  tx: DbOrTx,
  provider: PaymentProvider['kind'],
  userId: number,
  cardId: string,
): Promise<CardRow> {
  const [card] = await tx
    .select({ id: savedCards.id, brand: savedCards.brand, last4: savedCards.last4 })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, cardId),
        eq(savedCards.userId, userId),
        eq(savedCards.provider, provider),
        isNull(savedCards.removedAt),
      ),
    )
    .for('share');
  if (!card)
    throw new Invalid(PAYMENT_METHOD_TEXT.notFound, { stripePaymentMethodId: PAYMENT_METHOD_TEXT.notFound });
  return card;
}

/** Events of one name and date the bid form might mean; there are rarely more than one. */
const SAME_NAME_EVENTS_LIMIT = 20;

const eventColumns = {
  status: events.status,
  eventDate: events.date,
  daysCount: events.daysCount,
  timeZone: venues.timeZone,
};

/**
 * A bid is not placed on a cancelled event (decision 0054): the catalog event it names, or, by name and date,
 * when every event of that name and date is cancelled. Read with a share lock, so a cancellation under way
 * (which holds the event's row for update) either commits first and is seen here, or waits for this bid
 * and then ends it with the event's other bids. Answers when the bid expires (decision 0071): when the
 * event it names stops being on sale; by name and date, the last of those events to, else a one-day show
 * in the platform's zone (as a listing without a catalog event reads its dates, decision 0056).
 */
async function expiryOfBidEvent(tx: DbOrTx, input: CreateBid, platformTimeZone: string): Promise<Date> {
  if (input.eventId) {
    const [event] = await tx
      .select(eventColumns)
      .from(events)
      .innerJoin(venues, eq(venues.id, events.venueId))
      .where(eq(events.id, input.eventId))
      .for('share', { of: events });
    if (!event) throw new Invalid(BID_TEXT.eventNotFound, { eventId: BID_TEXT.eventNotFound });
    if (event.status === 'cancelled')
      throw new Invalid(BID_TEXT.eventCancelled, { eventName: BID_TEXT.eventCancelled });
    return bidExpiresAt(event);
  }
  const named = await tx
    .select(eventColumns)
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(
      and(
        sql`lower(${events.name}) = ${input.eventName.trim().toLowerCase()}`,
        eq(events.date, input.eventDate),
      ),
    )
    .limit(SAME_NAME_EVENTS_LIMIT)
    .for('share', { of: events });
  if (named.length > 0 && named.every((event) => event.status === 'cancelled'))
    throw new Invalid(BID_TEXT.eventCancelled, { eventName: BID_TEXT.eventCancelled });
  const ends = named.filter((event) => event.status !== 'cancelled').map((event) => bidExpiresAt(event));
  if (ends.length === 0)
    return bidExpiresAt({ eventDate: input.eventDate, daysCount: 1, timeZone: platformTimeZone });
  return new Date(Math.max(...ends.map((end) => end.getTime())));
}

/**
 * POST /api/bids. The member's row is locked before the active bids are counted, so simultaneous creates
 * from any number of instances are counted one after another and a third active bid cannot slip in.
 */
export async function createBid(
  deps: MoneyDeps,
  userId: number,
  input: CreateBid,
  platformTimeZone: string,
): Promise<Bid> {
  const now = deps.clock.now();
  if (input.eventDate === '')
    throw new Invalid(BID_TEXT.eventDateRequired, { eventDate: BID_TEXT.eventDateRequired });
  const created = await deps.db.transaction(async (tx) => {
    const expiresAt = await expiryOfBidEvent(tx, input, platformTimeZone);
    if (expiresAt <= now) throw new Invalid(BID_TEXT.eventDatePast, { eventDate: BID_TEXT.eventDatePast });
    // A bid above the price cap of its show's place is refused (decision 0084).
    if (input.eventId)
      await assertBidWithinCap(
        tx,
        { eventId: input.eventId, maxPriceCents: dollarsToCents(input.maxPrice), quantity: input.quantity },
        now,
      );
    await lockMemberForLimits(tx, userId);
    const card = await ownCard(tx, deps.payments.kind, userId, input.stripePaymentMethodId);
    const [active] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(bids)
      .where(and(eq(bids.userId, userId), eq(bids.isActive, true)));
    if ((active?.count ?? 0) >= MAX_ACTIVE_BIDS)
      throw new Conflict(`${BID_TEXT.limitTitle}: ${BID_TEXT.limit}`);
    // The show's purchase limit counts what the bid would buy (decision 0088).
    const show = {
      eventId: input.eventId ?? null,
      eventName: input.eventName.trim(),
      eventDate: input.eventDate,
    };
    await assertMayBuy(tx, userId, show, null, input.quantity, now);
    const [inserted] = await tx
      .insert(bids)
      .values({
        userId,
        eventId: input.eventId ?? null,
        eventName: input.eventName.trim(),
        venue: optional(input.venue),
        eventDate: input.eventDate,
        maxPriceCents: dollarsToCents(input.maxPrice),
        quantity: input.quantity,
        section: optional(input.section),
        minSellerRating: input.minSellerRating ?? null,
        stripePaymentMethodId: card.id,
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('bid insert returned no row');
    return { inserted, card };
  });
  return bidOf(created.inserted, created.card, await bidderPriority(deps.db, userId));
}

/** The bidder's place among bids on one listing (decision 0054): their rating, 0 while they have none. */
async function bidderPriority(db: DbOrTx, userId: number): Promise<number> {
  return (await userRating(db, userId)).averageRating ?? 0;
}

/** GET /api/bids: the caller's bids, newest first, bounded. */
export async function listBids(db: DbOrTx, userId: number): Promise<Bid[]> {
  const rows = await db
    .select({ bid: bids, card: { id: savedCards.id, brand: savedCards.brand, last4: savedCards.last4 } })
    .from(bids)
    .leftJoin(savedCards, eq(savedCards.id, bids.stripePaymentMethodId))
    .where(eq(bids.userId, userId))
    .orderBy(desc(bids.createdAt), desc(bids.id))
    .limit(BIDS_LIST_LIMIT);
  const priority = await bidderPriority(db, userId);
  return rows.map((row) => bidOf(row.bid, row.card, priority));
}

/**
 * DELETE /api/bids/{id}: the caller's active bid ends. A purchase already under way for it (the card was
 * charged a moment ago) still completes, as a bought ticket cannot be un-bought by a cancel.
 */
export async function cancelBid(deps: MoneyDeps, userId: number, bidId: number): Promise<void> {
  const [ended] = await deps.db
    .update(bids)
    .set({ isActive: false, endedReason: BID_TEXT.endedCancelled, endedAt: deps.clock.now() })
    .where(and(eq(bids.id, bidId), eq(bids.userId, userId), eq(bids.isActive, true), eq(bids.matched, false)))
    .returning({ id: bids.id });
  if (ended) return;
  const [existing] = await deps.db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.userId, userId)))
    .limit(1);
  if (!existing) throw new NotFound(BID_TEXT.notFound);
  throw new Conflict(BID_TEXT.notActive);
}

/** Sweep: active bids whose show is no longer on sale (their `expires_at`) end as 'expired'. */
export async function expireBids(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(bids)
    .set({ isActive: false, endedReason: BID_TEXT.endedExpired, endedAt: now })
    .where(and(eq(bids.isActive, true), sql`${bids.expiresAt} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: bids.id });
  return rows.length;
}
