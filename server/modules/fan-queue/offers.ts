import { and, asc, eq, gte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { onSaleAt } from '../../../common/on-sale.js';
import { atOrBelowOriginal, originalPriceCents } from '../../../common/price-comparison.js';
import { FAN_QUEUE_OFFER_MS } from '../../../common/schemas/fan-queue.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { fanQueueEntries, fanQueueOffers, fanQueueShows, tickets } from '../../db/schema/index.js';
import { isTransactionConflict } from '../../db/sql-state.js';
import { DomainError } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { holdForOffer } from '../holds/service.js';
import { assertHoldWithinCap } from '../price-caps/place.js';
import { splitAllowsSql } from '../tickets/splits.js';
import { noOpenOfferSql } from './open-offer-sql.js';

/**
 * Offers (decision 0100, "Offers: the queue comes before the market"): a fair listing of a show with fans
 * waiting is held, in one transaction under the listing's row lock, for the first waiting entry it fits, in
 * the order of the line; what no entry takes goes on to bids and price alerts (the caller's `passedOn`).
 */

export const FAN_QUEUE_OFFER_JOB = 'fan_queue_offer';
export const FAN_QUEUE_OFFER_LAPSE_JOB = 'fan_queue_offer_lapse';
export const FAN_QUEUE_OFFER_MAIL_JOB = 'fan_queue_offer_mail';
/** "Buy for me": the offer's tickets are bought with the entry's saved card (buy-for-me.ts). */
export const FAN_QUEUE_BUY_JOB = 'fan_queue_buy';
/** Entries read (and locked, skipping those another instance is offering to) per statement. */
const ENTRY_PAGE = 100;

type TicketRow = typeof tickets.$inferSelect;

interface Priced {
  buyerPaysPerTicketCents: number;
  faceValueCents: number;
  serviceFeeCents: number;
}

/** At or below its original price (face value plus the original fee), all-in per ticket: the queue's price. */
export function fairPrice(row: Priced): boolean {
  return atOrBelowOriginal(
    row.buyerPaysPerTicketCents,
    originalPriceCents(row.faceValueCents, row.serviceFeeCents),
  );
}

/**
 * The cheap check before the job: a fair listing of a catalog show whose line is not empty. Anything else
 * goes straight on to bids and alerts.
 */
export async function mayGoToQueue(db: DbOrTx, ticketId: number): Promise<boolean> {
  const [row] = await db
    .select({
      buyerPaysPerTicketCents: tickets.buyerPaysPerTicketCents,
      faceValueCents: tickets.faceValueCents,
      serviceFeeCents: tickets.serviceFeeCents,
      waiting: fanQueueShows.waiting,
    })
    .from(tickets)
    .innerJoin(fanQueueShows, eq(fanQueueShows.eventId, tickets.eventId))
    .where(eq(tickets.id, ticketId));
  return row !== undefined && row.waiting > 0 && fairPrice(row);
}

/** What the listing form tells a seller (decision 0100, "Sellers, bids and alerts"). */
export interface QueueNotice {
  goesToQueue: boolean;
  /** Fans waiting in the show's line now. */
  waiting: number;
}

/** Whether a listing at this all-in price per ticket of this show goes to the Fan Queue first, and to how many. */
export async function sellerQueueNotice(
  db: DbOrTx,
  eventId: number | null,
  price: Priced,
): Promise<QueueNotice> {
  if (eventId === null) return { goesToQueue: false, waiting: 0 };
  const [show] = await db
    .select({ waiting: fanQueueShows.waiting })
    .from(fanQueueShows)
    .where(eq(fanQueueShows.eventId, eventId));
  const waiting = show?.waiting ?? 0;
  return { goesToQueue: waiting > 0 && fairPrice(price), waiting };
}

/**
 * The show's line changed: `waiting` by `delta`, tickets bought through the queue by `through`, and its
 * version, which open pages poll.
 */
export async function bumpShow(tx: DbOrTx, eventId: number, delta: number, through = 0): Promise<void> {
  await tx
    .update(fanQueueShows)
    .set({
      waiting: sql`${fanQueueShows.waiting} + ${delta}`,
      throughQueueTickets: sql`${fanQueueShows.throughQueueTickets} + ${through}`,
      version: sql`${fanQueueShows.version} + 1`,
    })
    .where(eq(fanQueueShows.eventId, eventId));
}

/** What an offer run made of a row: the row to pass on to bids and alerts, or when to look again. */
export interface OfferRun {
  /** Offers written. */
  offered: number[];
  /** The row still on sale that no entry took: bids and alerts may have it (after the commit). */
  passOn: number | null;
  /** Held or in its seller's editor until then: looked at again then. */
  busyUntil?: Date;
}

const nothing: OfferRun = { offered: [], passOn: null };

/** When a live hold or an open editor on the listing ends, or null when it is free now. */
function busyUntil(row: TicketRow, now: Date): Date | null {
  const until = [row.lockExpiresAt, row.editingBy !== null ? row.editExpiresAt : null]
    .filter((at): at is Date => at !== null && at > now)
    .sort((a, b) => b.getTime() - a.getTime());
  return until[0] ?? null;
}

interface Candidate {
  id: number;
  userId: number;
  quantity: number;
  positionKey: string;
  /** "Buy for me"'s card, or null for an offer to accept. */
  paymentMethodId: string | null;
}

/**
 * The next page of waiting entries the row fits, in the line's order after `after`: the quantity the split
 * rule sells (a part sells whole), at most the price they would pay, not the seller's nor an excluded
 * member's. Locked; an entry another instance is offering to is skipped.
 */
async function candidates(
  tx: Tx,
  row: TicketRow,
  exclude: { userIds: number[]; entryIds: number[] },
  after: Candidate | undefined,
): Promise<Candidate[]> {
  const e = fanQueueEntries;
  const fits: SQL =
    row.splitFromTicketId === null
      ? splitAllowsSql(sql`${row.quantity}::int`, sql`${row.splitRule}::text`, sql`${e.quantity}`)
      : eq(e.quantity, row.quantity);
  return tx
    .select({
      id: e.id,
      userId: e.userId,
      quantity: e.quantity,
      paymentMethodId: e.paymentMethodId,
      // As text: a timestamp's microseconds survive the round trip for the next page's key.
      positionKey: sql<string>`${e.positionKey}::text`,
    })
    .from(e)
    .where(
      and(
        eq(e.eventId, row.eventId ?? 0),
        eq(e.status, 'waiting'),
        fits,
        gte(e.maxPriceCents, row.buyerPaysPerTicketCents),
        ne(e.userId, row.sellerId),
        exclude.userIds.length > 0 ? notInArray(e.userId, exclude.userIds) : undefined,
        exclude.entryIds.length > 0 ? notInArray(e.id, exclude.entryIds) : undefined,
        // Nor one that let this row pass (lapsed or withdrew an offer of it): the next fan gets their turn.
        sql`not exists (select 1 from ${fanQueueOffers} o where o.entry_id = ${e.id} and o.ticket_id = ${row.id}
          and o.status in ('lapsed', 'withdrawn'))`,
        after
          ? sql`(${e.positionKey}, ${e.id}) > (${after.positionKey}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(e.positionKey), asc(e.id))
    .limit(ENTRY_PAGE)
    .for('update', { skipLocked: true });
}

/**
 * Holds the row for the entry as the member's own lock would, in a savepoint; null when their limits (or the
 * row) refuse it, so the walk goes on to the next entry.
 */
async function tryHold(tx: Tx, row: TicketRow, entry: Candidate, now: Date) {
  try {
    return await holdForOffer(
      tx,
      entry.userId,
      row.id,
      entry.quantity,
      new Date(now.getTime() + FAN_QUEUE_OFFER_MS),
      now,
    );
  } catch (error) {
    if (error instanceof DomainError && error.statusCode < 500) return null;
    // The member's own lock running at the same time (their row, then this listing's; here the other way):
    // the database chose this hold to give way, and only its savepoint is undone. They are skipped this time.
    if (isTransactionConflict(error)) return null;
    throw error;
  }
}

/**
 * Writes the offer of a hold just made: the entry is offered, the line one shorter, its expiry due, and
 * either its e-mail or, for "buy for me", its purchase with the entry's card.
 */
async function writeOffer(
  tx: Tx,
  row: TicketRow,
  entry: Candidate,
  hold: { ticketId: number; quantity: number; expiresAt: Date },
  now: Date,
): Promise<number> {
  const [offer] = await tx
    .insert(fanQueueOffers)
    .values({
      entryId: entry.id,
      ticketId: hold.ticketId,
      quantity: hold.quantity,
      priceCents: row.buyerPaysPerTicketCents,
      expiresAt: hold.expiresAt,
      createdAt: now,
    })
    .returning({ id: fanQueueOffers.id });
  if (!offer) throw new Error('offer insert returned no row');
  await tx
    .update(fanQueueEntries)
    .set({ status: 'offered' })
    .where(and(eq(fanQueueEntries.id, entry.id), eq(fanQueueEntries.status, 'waiting')));
  await bumpShow(tx, row.eventId ?? 0, -1);
  const payload = { offerId: offer.id };
  await enqueueJob(tx, {
    kind: FAN_QUEUE_OFFER_LAPSE_JOB,
    key: `offer:${offer.id}`,
    runAt: hold.expiresAt,
    payload,
  });
  const next = entry.paymentMethodId === null ? FAN_QUEUE_OFFER_MAIL_JOB : FAN_QUEUE_BUY_JOB;
  await enqueueJob(tx, { kind: next, key: `offer:${offer.id}`, runAt: now, payload });
  return offer.id;
}

async function lockedRow(tx: Tx, ticketId: number): Promise<TicketRow | undefined> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  return row;
}

/**
 * The offer job's work on one row (a listing, or a part on sale on its own), inside the caller's
 * transaction: offers it to the first fitting entries until it is all held or none fits. `excludeUserIds`:
 * members it must not go to (the one who just let it pass).
 */
export async function offerRow(
  tx: Tx,
  ticketId: number,
  now: Date,
  excludeUserIds: number[] = [],
): Promise<OfferRun> {
  let row = await lockedRow(tx, ticketId);
  if (!row || row.sold || row.status !== 'available' || !onSaleAt(row, now)) return nothing;
  if (row.eventId === null || !fairPrice(row)) return { offered: [], passOn: row.id };
  const busy = busyUntil(row, now);
  if (busy) return { offered: [], passOn: null, busyUntil: busy };
  // A lapsed offer not handed on yet: its expiry job hands it on.
  const [offered] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, row.id), sql`not ${noOpenOfferSql()}`));
  if (offered) return nothing;
  try {
    await assertHoldWithinCap(tx, row.id, now);
  } catch (error) {
    // Over its show's price cap: nobody may hold it, and bids and alerts see it as they do today.
    if (error instanceof DomainError) return { offered: [], passOn: row.id };
    throw error;
  }
  const exclude = { userIds: excludeUserIds, entryIds: [] as number[] };
  const offers: number[] = [];
  let after: Candidate | undefined;
  while (row) {
    const page = await candidates(tx, row, exclude, after);
    if (page.length === 0) break;
    let took = false;
    for (const entry of page) {
      const hold = await tryHold(tx, row, entry, now);
      if (!hold) {
        exclude.entryIds.push(entry.id);
        continue;
      }
      offers.push(await writeOffer(tx, row, entry, hold, now));
      took = true;
      break;
    }
    if (!took) {
      after = page[page.length - 1];
      continue;
    }
    // What is left of the listing is offered again from the front of the line: its split rule may now
    // allow an entry it refused before.
    after = undefined;
    row = await lockedRow(tx, row.id);
    if (!row || row.sold || row.quantity === 0 || busyUntil(row, now))
      return { offered: offers, passOn: null };
  }
  return { offered: offers, passOn: row?.id ?? null };
}
