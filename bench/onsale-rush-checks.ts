import { sql } from 'drizzle-orm';
import { CHECKOUT_TEXT } from '../common/messages.js';
import { MAX_TICKETS_BOUGHT_PER_SHOW } from '../common/show-limits.js';
import { quantitiesText } from '../common/splits.js';
import type { Db } from '../server/db/client.js';
import { systemClock } from '../server/lib/clock.js';
import { sandboxSessionStore } from '../server/modules/checkout/service.js';
import { ledgerMismatches } from '../server/modules/ledger/checks.js';
import { providerMismatches } from '../server/modules/ledger/provider-check.js';

/**
 * What bench/onsale-rush.bench.ts checks: that each refused hold says why in the documented words, and,
 * in the database afterwards, that no ticket was sold twice and the ledger balances.
 */

/** Why a fan lost a hold, as the issue names the reasons: someone holds it, it is sold, or the quantity. */
export type RefusalReason = 'held' | 'sold' | 'quantity';

export type Refusal = { reason: RefusalReason; message: string } | { unclear: string };

interface LockAnswer {
  status: number;
  body: unknown;
}

/**
 * The reason a refused lock gives, when it is one of the documented 409s (decision 0076: its code, the
 * message the code stands for, the show's page to go back to, and a quantity conflict's quantities);
 * anything else is unclear to the fan.
 */
export function refusalOf(answer: LockAnswer, showPath: string): Refusal {
  const body = (answer.body ?? {}) as {
    code?: unknown;
    message?: unknown;
    eventPath?: unknown;
    quantities?: unknown;
  };
  const message = typeof body.message === 'string' ? body.message : '';
  const unclear = { unclear: `${answer.status} ${String(body.code ?? '')}: ${message || 'no message'}` };
  if (answer.status !== 409 || body.eventPath !== showPath) return unclear;
  const quantities = Array.isArray(body.quantities) ? (body.quantities as number[]) : [];
  if (body.code === 'held' && message === CHECKOUT_TEXT.heldByOther) return { reason: 'held', message };
  if (body.code === 'sold' && message === CHECKOUT_TEXT.alreadySold) return { reason: 'sold', message };
  if (
    body.code === 'only-left' &&
    quantities.length > 0 &&
    message === CHECKOUT_TEXT.onlyLeft(Math.max(...quantities))
  )
    return { reason: 'quantity', message };
  if (
    body.code === 'quantity-not-offered' &&
    quantities.length > 0 &&
    message === CHECKOUT_TEXT.quantityNotOffered(quantitiesText(quantities))
  )
    return { reason: 'quantity', message };
  return unclear;
}

/** The seat numbers a seats text names ('4-7' or '4, 5'); the bench's listings all name theirs. */
export function seatNumbers(seats: string): number[] {
  const range = /^(\d+)-(\d+)$/.exec(seats.trim());
  if (range) {
    const first = Number(range[1]);
    return Array.from({ length: Number(range[2]) - first + 1 }, (_, index) => first + index);
  }
  return seats.split(',').map((seat) => Number(seat.trim()));
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A listing as the bench put it on sale. */
export interface OfferedListing {
  id: number;
  quantity: number;
  seats: string;
}

/** A fan's purchase as the verify call reported it. */
export interface Purchase {
  buyerId: number;
  ticketId: number;
  quantity: number;
}

/**
 * Every ticket sold at most once, read from the database: each listing's rows (the listing and the parts
 * carved from it, decision 0062) together still have exactly its tickets and seats, each seat in one row;
 * each sold row has exactly one order, to its buyer, for its quantity; every paid checkout was fulfilled
 * (none had to be refunded because its ticket was gone); the orders are the purchases the fans were told
 * of; nobody bought more than the show allows. Answers what is wrong (nothing when all holds).
 */
export async function soldOnceProblems(
  db: Db,
  listings: OfferedListing[],
  purchases: Purchase[],
): Promise<string[]> {
  const problems: string[] = [];
  const ids = listings.map((listing) => listing.id);
  const rows = await rowsOf<{
    id: number;
    listing: number;
    quantity: number;
    seats: string;
    sold: boolean;
    buyer: number | null;
  }>(
    db,
    sql`select id, coalesce(split_from_ticket_id, id) as listing, quantity, seats, sold, buyer_id as buyer
        from tickets where coalesce(split_from_ticket_id, id) in ${ids}`,
  );
  const orders = await rowsOf<{ ticket: number; buyer: number; quantity: number }>(
    db,
    sql`select o.ticket_id as ticket, o.buyer_id as buyer, o.quantity from orders o
        join tickets t on t.id = o.ticket_id where coalesce(t.split_from_ticket_id, t.id) in ${ids}`,
  );
  const ordersOf = new Map<number, typeof orders>();
  for (const order of orders) ordersOf.set(order.ticket, [...(ordersOf.get(order.ticket) ?? []), order]);
  for (const listing of listings) {
    const own = rows.filter((row) => row.listing === listing.id);
    const quantity = own.reduce((sum, row) => sum + row.quantity, 0);
    if (quantity !== listing.quantity)
      problems.push(
        `listing ${listing.id}: its rows hold ${quantity} tickets, it offered ${listing.quantity}`,
      );
    const seats = own.flatMap((row) => seatNumbers(row.seats)).sort((a, b) => a - b);
    const offered = seatNumbers(listing.seats).sort((a, b) => a - b);
    if (seats.join(',') !== offered.join(','))
      problems.push(
        `listing ${listing.id}: seats ${seats.join(',')} in its rows, ${offered.join(',')} offered`,
      );
  }
  for (const row of rows.filter((candidate) => candidate.sold)) {
    const sales = ordersOf.get(row.id) ?? [];
    if (sales.length !== 1) problems.push(`ticket ${row.id}: sold with ${sales.length} orders`);
    else if (sales[0]?.buyer !== row.buyer || sales[0]?.quantity !== row.quantity)
      problems.push(`ticket ${row.id}: its order is not its buyer's, or not for its quantity`);
  }
  for (const [ticket, sales] of ordersOf)
    if (!rows.find((row) => row.id === ticket)?.sold)
      problems.push(`ticket ${ticket}: ${sales.length} orders, but not sold`);
  const told = purchases.map((purchase) => `${purchase.ticketId}:${purchase.buyerId}:${purchase.quantity}`);
  const recorded = orders.map((order) => `${order.ticket}:${order.buyer}:${order.quantity}`);
  if (told.sort().join(' ') !== recorded.sort().join(' '))
    problems.push(`${recorded.length} orders in the database, ${told.length} purchases reported to fans`);
  const byBuyer = new Map<number, number>();
  for (const order of orders) byBuyer.set(order.buyer, (byBuyer.get(order.buyer) ?? 0) + order.quantity);
  for (const [buyer, bought] of byBuyer)
    if (bought > MAX_TICKETS_BOUGHT_PER_SHOW) problems.push(`member ${buyer} bought ${bought} tickets`);
  const outcomes = await rowsOf<{ status: string; outcome: string | null; count: number }>(
    db,
    sql`select status, outcome, count(*)::int as count from checkout_sessions group by status, outcome`,
  );
  for (const row of outcomes)
    if (row.status === 'paid' && row.outcome !== 'fulfilled')
      problems.push(`${row.count} paid checkouts ${row.outcome ?? 'not yet decided'}`);
  return problems;
}

/**
 * The ledger check the app runs every day (decision 0068): every internal invariant, and the sandbox
 * provider's record of the money moved since `from` against the journals.
 */
export async function ledgerProblems(db: Db, from: Date): Promise<string[]> {
  const to = new Date(Date.now() + 60_000);
  const movements = await sandboxSessionStore(db, systemClock).balanceMovements(from, to);
  const mismatches = [
    ...(await ledgerMismatches(db)),
    ...(await providerMismatches(db, movements, from, to)),
  ];
  return mismatches.map((mismatch) => `ledger ${mismatch.kind}: ${mismatch.detail}`);
}
