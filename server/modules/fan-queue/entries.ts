import { and, eq, isNull, sql } from 'drizzle-orm';
import { dollarsToCents, formatCents } from '../../../common/money.js';
import type { FanQueueEntry, JoinFanQueue } from '../../../common/schemas/fan-queue.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import type { PaymentProvider } from '../../adapters/payments/payment-provider.js';
import type { Db, Tx } from '../../db/client.js';
import { fanQueueEntries, savedCards, users } from '../../db/schema/index.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { uniqueViolation } from '../auth/unique-violation.js';
import { upcomingAt } from '../events/catalog-event.js';
import { assertMayBuy, lockMemberForLimits } from '../show-limits/service.js';
import { entryInLine, entryOf } from './read.js';
import { bumpLine, queueEvent, referencePriceCents, showOf } from './show.js';

/** Joining, changing and leaving a show's line (decision 0100), each one transaction. */

export interface FanQueueDeps {
  db: Db;
  clock: Clock;
  /** The payment provider in use: "buy for me" takes only the member's cards saved with it. */
  paymentsKind: PaymentProvider['kind'];
}

const ONE_ENTRY_INDEX = 'fan_queue_entries_member_idx';
const ONE_ENTRY_PER_CARD_INDEX = 'fan_queue_entries_card_idx';

/**
 * "Buy for me"'s card: the member's own, not removed, saved with the provider in use; share-locked so it
 * cannot be removed while the entry that names it is written (removing takes it for update). Its fingerprint
 * backs the one-card-per-show rule; a card the provider gave none is its own fingerprint.
 */
async function cardOf(
  tx: Tx,
  deps: FanQueueDeps,
  userId: number,
  paymentMethodId: string | null | undefined,
): Promise<{ paymentMethodId: string | null; cardFingerprint: string | null }> {
  if (!paymentMethodId) return { paymentMethodId: null, cardFingerprint: null };
  const [card] = await tx
    .select({ id: savedCards.id, fingerprint: savedCards.fingerprint })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, paymentMethodId),
        eq(savedCards.userId, userId),
        eq(savedCards.provider, deps.paymentsKind),
        isNull(savedCards.removedAt),
      ),
    )
    .for('share');
  if (!card) throw new Invalid(FAN_QUEUE_TEXT.cardRequired, { paymentMethodId: FAN_QUEUE_TEXT.cardRequired });
  return { paymentMethodId: card.id, cardFingerprint: card.fingerprint ?? `card:${card.id}` };
}

async function joinOrChange(
  deps: FanQueueDeps,
  userId: number,
  eventId: number,
  input: JoinFanQueue,
): Promise<{ entry: FanQueueEntry; created: boolean }> {
  const now = deps.clock.now();
  const maxPriceCents = dollarsToCents(input.maxPrice);
  return deps.db.transaction(async (tx) => {
    const event = await queueEvent(tx, eventId, true);
    // The entry, then the member, as the offers' job locks them. The member's row is locked before anything
    // of theirs is counted: their joins, holds, bids and checkouts of the show run one after another on
    // every instance (decision 0088), so a second join waits here and then finds the first one's entry.
    let existing = await entryInLine(tx, eventId, userId, true);
    await lockMemberForLimits(tx, userId);
    existing ??= await entryInLine(tx, eventId, userId, true);
    const [member] = await tx
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!member?.emailVerifiedAt) throw new Forbidden(FAN_QUEUE_TEXT.emailNotVerified);
    if (!upcomingAt(event, now)) throw new Conflict(FAN_QUEUE_TEXT.notJoinable);
    const reference = await referencePriceCents(tx, event);
    if (reference !== null && maxPriceCents > reference) {
      const message = FAN_QUEUE_TEXT.aboveReference(formatCents(reference));
      throw new Invalid(message, { maxPrice: message });
    }
    // The entry counts as a bid does: what the member bought, is buying or bids for, plus this quantity.
    await assertMayBuy(tx, userId, showOf(event), null, input.quantity, now);
    const card = await cardOf(tx, deps, userId, input.paymentMethodId);
    const facts = { name: event.name, date: event.date, venue: event.venue };
    if (existing) {
      // A change keeps the place: position_key is left alone.
      const [changed] = await tx
        .update(fanQueueEntries)
        .set({ quantity: input.quantity, maxPriceCents, ...card })
        .where(eq(fanQueueEntries.id, existing.id))
        .returning();
      if (!changed) throw new Error('fan queue entry update returned no row');
      await bumpLine(tx, eventId, 0);
      return { entry: await entryOf(tx, changed, facts), created: false };
    }
    const [inserted] = await tx
      .insert(fanQueueEntries)
      .values({
        eventId,
        userId,
        quantity: input.quantity,
        maxPriceCents,
        ...card,
        status: 'waiting',
        joinedAt: now,
        positionKey: now,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('fan queue entry insert returned no row');
    await bumpLine(tx, eventId, 1);
    return { entry: await entryOf(tx, inserted, facts), created: true };
  });
}

/**
 * PUT /api/events/{id}/fan-queue: joins the line (created) or changes the member's entry in it, keeping its
 * place. The member's row lock orders one member's joins; should two still meet (a path that did not take
 * it), the one-entry index refuses the second insert, which is then a change of the entry that won. A card
 * that already backs another "buy for me" entry of the show is refused by its own index (409).
 */
export async function joinFanQueue(
  deps: FanQueueDeps,
  userId: number,
  eventId: number,
  input: JoinFanQueue,
): Promise<{ entry: FanQueueEntry; created: boolean }> {
  try {
    return await joinOrChange(deps, userId, eventId, input);
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === ONE_ENTRY_PER_CARD_INDEX) throw new Conflict(FAN_QUEUE_TEXT.cardInUse);
    if (index !== ONE_ENTRY_INDEX) throw error;
    return joinOrChange(deps, userId, eventId, input);
  }
}

/**
 * DELETE /api/events/{id}/fan-queue: the member's entry leaves the line. Answers the entry's id when it
 * held an open offer: the caller then withdraws the offer and hands its tickets on (offers.ts).
 */
export async function leaveFanQueue(
  deps: FanQueueDeps,
  userId: number,
  eventId: number,
): Promise<{ entryId: number; hadOffer: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const entry = await entryInLine(tx, eventId, userId, true);
    if (!entry) throw new NotFound(FAN_QUEUE_TEXT.notInQueue);
    await lockMemberForLimits(tx, userId);
    await tx
      .update(fanQueueEntries)
      .set({ status: 'left', endedAt: now })
      .where(eq(fanQueueEntries.id, entry.id));
    await bumpLine(tx, eventId, entry.status === 'waiting' ? -1 : 0);
    return { entryId: entry.id, hadOffer: entry.status === 'offered' };
  });
}

/** Entries waiting in the show's line, counted from the entries themselves (tests and checks of `waiting`). */
export async function countWaiting(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fanQueueEntries)
    .where(and(eq(fanQueueEntries.eventId, eventId), eq(fanQueueEntries.status, 'waiting')));
  return row?.n ?? 0;
}
