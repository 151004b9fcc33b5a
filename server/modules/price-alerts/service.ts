import { and, count, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '../../../common/money.js';
import {
  type CreatePriceAlert,
  MAX_ACTIVE_PRICE_ALERTS,
  type PriceAlert,
  type PriceAlertList,
  type PriceAlertListQuery,
} from '../../../common/schemas/price-alerts.js';
import { PRICE_ALERT_TEXT } from '../../../common/texts/price-alerts.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { events, priceAlerts, users, venues } from '../../db/schema/index.js';
import { Conflict, Invalid, NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { eventOnSaleSql } from '../../lib/on-sale-sql.js';
import { readCatalogEvent, upcomingAt } from '../events/catalog-event.js';
import { memberOfUnsubscribeToken } from './token.js';

/** Price alerts (decision 0060): creating, listing, removing and unsubscribing; matching is in matching.ts. */

export interface PriceAlertDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** Signs the one-click unsubscribe links (EMAIL_LINK_SECRET). */
  emailLinkSecret: string;
}

type AlertRow = typeof priceAlerts.$inferSelect;
interface EventFacts {
  name: string;
  date: string;
  venue: string;
}

function alertOf(row: AlertRow, event: EventFacts): PriceAlert {
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: event.name,
    eventDate: event.date,
    venue: event.venue,
    quantity: row.quantity,
    maxPrice: centsToDollars(row.maxPriceCents),
    status: row.status,
    endedReason: row.endedReason ?? null,
    matchedTicketId: row.matchedTicketId,
    matchedAt: row.matchedAt?.toISOString() ?? null,
    unseen: row.status === 'matched' && row.seenAt === null,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/**
 * The event an alert may name: a catalog event, scheduled or postponed, that has not passed. Read with a
 * share lock inside the alert's transaction, so a cancellation under way (which holds the event's row for
 * update) is either seen here or waits for this alert and then ends it with the others.
 */
async function upcomingEvent(tx: DbOrTx, eventId: number, now: Date): Promise<EventFacts> {
  const event = await readCatalogEvent(tx, eventId, true);
  if (!event) throw new Invalid(PRICE_ALERT_TEXT.eventNotFound, { eventId: PRICE_ALERT_TEXT.eventNotFound });
  if (!upcomingAt(event, now))
    throw new Invalid(PRICE_ALERT_TEXT.eventNotUpcoming, { eventId: PRICE_ALERT_TEXT.eventNotUpcoming });
  return { name: event.name, date: event.date, venue: event.venue };
}

/**
 * POST /api/price-alerts. The member's row is locked before their active alerts are counted, so
 * simultaneous creates from any number of instances are counted one after another (as bids are): an 11th
 * active alert cannot slip in.
 */
export async function createPriceAlert(
  deps: PriceAlertDeps,
  userId: number,
  input: CreatePriceAlert,
): Promise<{ alert: PriceAlert; merged: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const event = await upcomingEvent(tx, input.eventId, now);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    // One active alert per show and number of tickets: the same alert again takes the new price.
    const [merged] = await tx
      .update(priceAlerts)
      .set({ maxPriceCents: dollarsToCents(input.maxPrice) })
      .where(
        and(
          eq(priceAlerts.userId, userId),
          eq(priceAlerts.eventId, input.eventId),
          eq(priceAlerts.quantity, input.quantity),
          eq(priceAlerts.status, 'active'),
        ),
      )
      .returning();
    if (merged) return { alert: alertOf(merged, event), merged: true };
    const [active] = await tx
      .select({ count: count() })
      .from(priceAlerts)
      .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')));
    if ((active?.count ?? 0) >= MAX_ACTIVE_PRICE_ALERTS) throw new Conflict(PRICE_ALERT_TEXT.limit);
    const [inserted] = await tx
      .insert(priceAlerts)
      .values({
        userId,
        eventId: input.eventId,
        quantity: input.quantity,
        maxPriceCents: dollarsToCents(input.maxPrice),
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('price alert insert returned no row');
    return { alert: alertOf(inserted, event), merged: false };
  });
}

/** GET /api/price-alerts: the caller's alerts, newest first, a page at a time. */
export async function listPriceAlerts(
  db: DbOrTx,
  userId: number,
  query: PriceAlertListQuery,
): Promise<PriceAlertList> {
  const listed = and(
    eq(priceAlerts.userId, userId),
    query.eventId === undefined ? undefined : eq(priceAlerts.eventId, query.eventId),
    query.status === undefined ? undefined : eq(priceAlerts.status, query.status),
  );
  const rows = await db
    .select({ alert: priceAlerts, name: events.name, date: events.date, venue: venues.name })
    .from(priceAlerts)
    .innerJoin(events, eq(events.id, priceAlerts.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(listed)
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [totals] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${priceAlerts.status} = 'active')::int`,
    })
    .from(priceAlerts)
    .where(listed);
  return {
    alerts: rows.map((row) => alertOf(row.alert, { name: row.name, date: row.date, venue: row.venue })),
    page: query.page,
    pageSize: query.pageSize,
    total: totals?.total ?? 0,
    activeCount: totals?.active ?? 0,
  };
}

/** DELETE /api/price-alerts/{id}: the caller's active alert is removed; its place is free at once. */
export async function removePriceAlert(deps: PriceAlertDeps, userId: number, alertId: number): Promise<void> {
  const [removed] = await deps.db
    .update(priceAlerts)
    .set({ status: 'removed', endedAt: deps.clock.now() })
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  if (removed) return;
  const [existing] = await deps.db
    .select({ id: priceAlerts.id })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.id, alertId), eq(priceAlerts.userId, userId)))
    .limit(1);
  if (!existing) throw new NotFound(PRICE_ALERT_TEXT.notFound);
  throw new Conflict(PRICE_ALERT_TEXT.notActive);
}

/**
 * The one-click unsubscribe (GET page, POST here and by RFC 8058 mail clients): every active alert of the
 * token's member is removed. Answers how many; a token that does not verify is a 400 and changes nothing.
 */
export async function unsubscribeFromPriceAlerts(deps: PriceAlertDeps, token: string): Promise<number> {
  const userId = memberOfUnsubscribeToken(deps.emailLinkSecret, token);
  if (userId === null) throw new Invalid(PRICE_ALERT_TEXT.unsubscribeInvalid);
  const removed = await deps.db
    .update(priceAlerts)
    .set({ status: 'removed', endedAt: deps.clock.now() })
    .where(and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  return removed.length;
}

/** POST /api/price-alerts/seen: the member has seen their matched alerts; the in-app notification clears. */
export async function markMatchesSeen(deps: PriceAlertDeps, userId: number): Promise<void> {
  await deps.db
    .update(priceAlerts)
    .set({ seenAt: deps.clock.now() })
    .where(
      and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'matched'), isNull(priceAlerts.seenAt)),
    );
}

/** The in-app notification: matched alerts the member has not seen yet (price_alerts_user_unseen_idx). */
export async function countUnseenMatches(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(priceAlerts)
    .where(
      and(eq(priceAlerts.userId, userId), eq(priceAlerts.status, 'matched'), isNull(priceAlerts.seenAt)),
    );
  return row?.count ?? 0;
}

/** In cancelEvent's transaction (as bids do, decision 0054): the event's active alerts end. */
export async function endPriceAlertsOfCancelledEvent(
  tx: DbOrTx,
  eventId: number,
  now: Date,
): Promise<number> {
  const ended = await tx
    .update(priceAlerts)
    .set({ status: 'ended', endedReason: 'event_cancelled', endedAt: now })
    .where(and(eq(priceAlerts.eventId, eventId), eq(priceAlerts.status, 'active')))
    .returning({ id: priceAlerts.id });
  return ended.length;
}

/**
 * The active alerts of events that have passed end: at the venue's midnight after the event's last day,
 * read from the event as it is now, so a postponed event's alerts follow its new date. Events whose first
 * day is after today (UTC) cannot have passed anywhere, which keeps the walk to past events.
 */
export async function endPassedPriceAlerts(db: DbOrTx, now: Date): Promise<number> {
  const passed = db
    .select({ id: events.id })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(sql`${events.date} <= ${now.toISOString().slice(0, 10)}::date`, not(eventOnSaleSql(now))));
  const ended = await db
    .update(priceAlerts)
    .set({ status: 'ended', endedReason: 'event_passed', endedAt: now })
    .where(and(eq(priceAlerts.status, 'active'), inArray(priceAlerts.eventId, passed)))
    .returning({ id: priceAlerts.id });
  return ended.length;
}
