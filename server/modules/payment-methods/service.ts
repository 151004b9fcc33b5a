import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { PAYMENT_METHOD_TEXT } from '../../../common/messages.js';
import {
  MAX_SAVED_CARDS,
  type PaymentMethodsResponse,
  type SetupIntentResponse,
} from '../../../common/schemas/payment-methods.js';
import { FAN_QUEUE_TEXT } from '../../../common/texts/fan-queue.js';
import type { PaymentProvider, SavedCard } from '../../adapters/payments/payment-provider.js';
import type { SandboxCardStore } from '../../adapters/payments/sandbox.js';
import type { Db } from '../../db/client.js';
import {
  bids,
  events,
  fanQueueEntries,
  paymentCustomers,
  sandboxSetupIntents,
  savedCards,
  users,
} from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/tokens.js';

/** Saved cards (issue 24 §1; decision 0044). The card lives at the provider; Encore keeps what the picker shows. */
export interface PaymentMethodDeps {
  db: Db;
  payments: PaymentProvider;
  clock: Clock;
  /** Stripe's publishable key for Elements in the browser; unused by the sandbox. */
  publishableKey: string | null;
}

async function customerOf(deps: PaymentMethodDeps, userId: number): Promise<string | null> {
  const [customer] = await deps.db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, deps.payments.kind)))
    .limit(1);
  return customer?.customerId ?? null;
}

/**
 * The user's one customer at the provider, created on first use. Two first uses at once get the same customer
 * from the provider (Stripe by idempotency key, the sandbox by user id), and the insert keeps one row.
 */
async function ensureCustomer(deps: PaymentMethodDeps, userId: number): Promise<string> {
  const existing = await customerOf(deps, userId);
  if (existing) return existing;
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new Error(`user ${userId} not found`);
  const customerId = await deps.payments.createCustomer({ userId, email: user.email });
  await deps.db
    .insert(paymentCustomers)
    .values({ userId, provider: deps.payments.kind, customerId, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  const stored = await customerOf(deps, userId);
  if (!stored) throw new Error(`no payment customer stored for user ${userId}`);
  return stored;
}

/**
 * Keeps saved_cards in step with the provider's list: new cards (added through Stripe Elements) and changed
 * expiries are written, cards the provider no longer has are marked removed. Returns the provider's cards
 * that the user has not removed here, in the provider's order.
 */
async function syncSavedCards(
  deps: PaymentMethodDeps,
  userId: number,
  customerId: string,
  cards: SavedCard[],
): Promise<SavedCard[]> {
  const now = deps.clock.now();
  const ids = cards.map((card) => card.id);
  const removed = await deps.db.transaction(async (tx) => {
    if (cards.length > 0)
      await tx
        .insert(savedCards)
        .values(
          cards.map((card) => ({
            ...card,
            userId,
            provider: deps.payments.kind,
            customerId,
            createdAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: savedCards.id,
          set: {
            brand: sql`excluded.brand`,
            last4: sql`excluded.last4`,
            expMonth: sql`excluded.exp_month`,
            expYear: sql`excluded.exp_year`,
            fingerprint: sql`coalesce(excluded.fingerprint, ${savedCards.fingerprint})`,
          },
          setWhere: sql`${savedCards.userId} = ${userId} and (${savedCards.brand}, ${savedCards.last4}, ${savedCards.expMonth}, ${savedCards.expYear}, ${savedCards.fingerprint}) is distinct from (excluded.brand, excluded.last4, excluded.exp_month, excluded.exp_year, coalesce(excluded.fingerprint, ${savedCards.fingerprint}))`,
        });
    await tx
      .update(savedCards)
      .set({ removedAt: now })
      .where(
        and(
          eq(savedCards.userId, userId),
          eq(savedCards.customerId, customerId),
          isNull(savedCards.removedAt),
          ids.length > 0 ? notInArray(savedCards.id, ids) : undefined,
        ),
      );
    if (ids.length === 0) return new Set<string>();
    const rows = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(inArray(savedCards.id, ids), isNotNull(savedCards.removedAt)));
    return new Set(rows.map((row) => row.id));
  });
  return cards.filter((card) => !removed.has(card.id));
}

/** GET /api/payment-methods: the caller's saved cards, newest first. */
export async function listPaymentMethods(
  deps: PaymentMethodDeps,
  userId: number,
): Promise<PaymentMethodsResponse> {
  const customerId = await customerOf(deps, userId);
  const cards = customerId
    ? await syncSavedCards(deps, userId, customerId, await deps.payments.listSavedCards(customerId))
    : [];
  const paymentMethods = cards.map(({ id, brand, last4, expMonth, expYear }) => ({
    id,
    brand,
    last4,
    expMonth,
    expYear,
  }));
  return { ok: true, paymentMethods, message: paymentMethods.length > 0 ? '' : PAYMENT_METHOD_TEXT.empty };
}

/**
 * POST /api/payment-methods/setup-intent: a new setup intent for the caller's customer; refused (409) once
 * they keep MAX_SAVED_CARDS cards.
 */
export async function startCardSetup(deps: PaymentMethodDeps, userId: number): Promise<SetupIntentResponse> {
  const [saved] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)));
  if ((saved?.count ?? 0) >= MAX_SAVED_CARDS)
    throw new Conflict(PAYMENT_METHOD_TEXT.tooManyCards(MAX_SAVED_CARDS));
  const customerId = await ensureCustomer(deps, userId);
  // Each press of Add Payment Method is its own intent; the key covers the SDK's retries of this one request.
  const intent = await deps.payments.createSetupIntent({
    customerId,
    idempotencyKey: `setup-intent-${userId}-${randomUUID()}`,
  });
  return {
    clientSecret: intent.clientSecret,
    setupIntentId: intent.id,
    provider: deps.payments.kind,
    publishableKey: deps.payments.kind === 'stripe' ? deps.publishableKey : null,
  };
}

/**
 * DELETE /api/payment-methods/{id}: the owner removes a card. It is marked removed (bids that used it keep
 * the row to name it) and detached at the provider; if the provider refuses, the removal is undone so the
 * card the user still sees is the card the provider still holds. Another user's card, an unknown one or one
 * removed already is 'Payment method not found'. Decision 0044: a card that pays for an active bid is kept
 * until that bid is cancelled (409, naming the event), decided under the card's row lock; so is the card of
 * a "buy for me" place in a Fan Queue (decision 0100).
 */
export async function removeSavedCard(
  deps: PaymentMethodDeps,
  userId: number,
  paymentMethodId: string,
): Promise<{ ok: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    const [card] = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(
        and(eq(savedCards.id, paymentMethodId), eq(savedCards.userId, userId), isNull(savedCards.removedAt)),
      )
      .for('update');
    if (!card) throw new NotFound(PAYMENT_METHOD_TEXT.notFound);
    const [bid] = await tx
      .select({ eventName: bids.eventName })
      .from(bids)
      .where(and(eq(bids.stripePaymentMethodId, card.id), eq(bids.isActive, true)))
      .limit(1);
    if (bid) throw new Conflict(PAYMENT_METHOD_TEXT.usedByActiveBid(bid.eventName));
    // A "buy for me" place in a Fan Queue (decision 0100) is kept to its card the same way.
    const [place] = await tx
      .select({ eventName: events.name })
      .from(fanQueueEntries)
      .innerJoin(events, eq(events.id, fanQueueEntries.eventId))
      .where(
        and(
          eq(fanQueueEntries.paymentMethodId, card.id),
          inArray(fanQueueEntries.status, ['waiting', 'offered']),
        ),
      )
      .limit(1);
    if (place) throw new Conflict(FAN_QUEUE_TEXT.cardUsedByQueue(place.eventName));
    await tx.update(savedCards).set({ removedAt: deps.clock.now() }).where(eq(savedCards.id, card.id));
  });
  try {
    await deps.payments.detachSavedCard(paymentMethodId);
  } catch (error) {
    await deps.db.update(savedCards).set({ removedAt: null }).where(eq(savedCards.id, paymentMethodId));
    throw error;
  }
  return { ok: true, message: PAYMENT_METHOD_TEXT.removed };
}

/** The sandbox's setup intents and cards, kept in this module's tables (see SandboxPaymentProvider). */
export function sandboxCardStore(db: Db, clock: Clock): SandboxCardStore {
  return {
    async saveSetupIntent(intent) {
      await db.insert(sandboxSetupIntents).values({
        id: intent.id,
        customerId: intent.customerId,
        clientSecretHash: sha256(intent.clientSecret),
        createdAt: clock.now(),
      });
    },
    async savedCards(customerId) {
      return db
        .select({
          id: savedCards.id,
          brand: savedCards.brand,
          last4: savedCards.last4,
          expMonth: savedCards.expMonth,
          expYear: savedCards.expYear,
          fingerprint: savedCards.fingerprint,
        })
        .from(savedCards)
        .where(
          and(
            eq(savedCards.customerId, customerId),
            eq(savedCards.provider, 'sandbox'),
            isNull(savedCards.removedAt),
          ),
        )
        .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
        .limit(MAX_SAVED_CARDS);
    },
    async removeCard(paymentMethodId) {
      await db
        .update(savedCards)
        .set({ removedAt: clock.now() })
        .where(and(eq(savedCards.id, paymentMethodId), isNull(savedCards.removedAt)));
    },
    async removeCustomer(customerId) {
      await db.delete(sandboxSetupIntents).where(eq(sandboxSetupIntents.customerId, customerId));
      await db
        .update(savedCards)
        .set({ removedAt: clock.now() })
        .where(and(eq(savedCards.customerId, customerId), isNull(savedCards.removedAt)));
    },
  };
}
