import { eq, type SQL, sql } from 'drizzle-orm';
import {
  MAX_LISTINGS_PER_SHOW,
  MAX_TICKETS_BOUGHT_PER_SHOW,
  MAX_TICKETS_HELD_PER_SHOW,
} from '../../../common/show-limits.js';
import { SHOW_LIMIT_TEXT } from '../../../common/texts/show-limits.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { Conflict, TooManyRequests } from '../../errors.js';
import { instantSql } from '../../lib/on-sale-sql.js';

/**
 * Limits per show (issue 44 item 6, decision 0088). Every check runs in the caller's transaction after
 * lockMemberForLimits, so one member's simultaneous holds, checkouts, bids and listings are counted one
 * after another on any number of instances: two requests cannot both pass on the same count.
 */

/** A show as listings, bids and sales name it: its catalog event, else its name and first day. */
export interface Show {
  eventId: number | null;
  eventName: string;
  eventDate: string;
}

/**
 * Rows of table alias `t` (with event_id, event_name, event_date) that are of `show`: the same catalog
 * event, or the same name (in any case) on the same first day, which also covers a manual listing or a bid
 * that names a catalog show without picking it.
 */
function ofShow(t: string, show: Show): SQL {
  const sameName = sql`(lower(${sql.raw(t)}.event_name) = lower(${show.eventName}) and ${sql.raw(t)}.event_date = ${show.eventDate}::date)`;
  return show.eventId === null ? sameName : sql`(${sql.raw(t)}.event_id = ${show.eventId} or ${sameName})`;
}

/** Locks the member's row: their limit-checked requests then run one after another. */
export async function lockMemberForLimits(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

async function count(tx: Tx, statement: SQL): Promise<number> {
  const result = (await tx.execute(statement)) as unknown as { rows: { n: number | string | null }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Tickets the member holds for the show now (live holds on listings and on parts of listings), leaving out
 * the listing `exceptListingId` and its parts: the hold being made or resized replaces those.
 */
function ticketsHeldSql(userId: number, show: Show, exceptListingId: number, now: Date): SQL {
  return sql`(select coalesce(sum(t.quantity), 0) from tickets t
      where t.current_viewer_id = ${userId} and t.lock_expires_at > ${instantSql(now)}
        and not t.sold and coalesce(t.split_from_ticket_id, t.id) <> ${exceptListingId} and ${ofShow('t', show)})`;
}

/**
 * Tickets that count as bought by the member for the show: sales not refunded, checkouts that can still be
 * paid or are paid and not yet fulfilled (leaving out those of `exceptListingId` and its parts, which a new
 * checkout of it replaces), and the quantities of their active, unmatched bids. A bid's own checkout is
 * left out: its bid already counts.
 */
function ticketsBoughtSql(userId: number, show: Show, exceptListingId: number | null, now: Date): SQL {
  const except =
    exceptListingId === null ? sql`` : sql`and coalesce(t.split_from_ticket_id, t.id) <> ${exceptListingId}`;
  return sql`(
        coalesce((select sum(o.quantity) from orders o join tickets t on t.id = o.ticket_id
          where o.buyer_id = ${userId} and o.status <> 'refunded' and ${ofShow('t', show)}), 0)
      + coalesce((select sum(c.quantity) from checkout_sessions c join tickets t on t.id = c.ticket_id
          where c.buyer_id = ${userId} and c.bid_id is null
            and ((c.status = 'open' and c.expires_at > ${instantSql(now)}) or (c.status = 'paid' and c.outcome is null))
            ${except} and ${ofShow('t', show)}), 0)
      + coalesce((select sum(b.quantity) from bids b
          where b.user_id = ${userId} and b.is_active and not b.matched and ${ofShow('b', show)}), 0)
      )`;
}

/** The seller's listings of the show still to sell: on sale, or paused (a suspension, a strike). */
function listingsOnSale(tx: Tx, sellerId: number, show: Show): Promise<number> {
  return count(
    tx,
    sql`select count(*)::int as n from tickets t
      where t.seller_id = ${sellerId} and t.split_from_ticket_id is null and not t.sold
        and t.status in ('available', 'pending') and ${ofShow('t', show)}`,
  );
}

/**
 * A hold of `quantity` tickets of listing `listingId`: refused (429, the member's own limit, as the live
 * holds limit is) when the member would hold, or buy, more than the show allows.
 */
export async function assertMayHold(
  tx: Tx,
  userId: number,
  show: Show,
  listingId: number,
  quantity: number,
  now: Date,
): Promise<void> {
  // Both counts in one statement: a hold in an on-sale rush waits on every round trip (decision 0094).
  const result = (await tx.execute(
    sql`select ${ticketsHeldSql(userId, show, listingId, now)}::int as held,
      ${ticketsBoughtSql(userId, show, listingId, now)}::int as bought`,
  )) as unknown as { rows: { held: number | string | null; bought: number | string | null }[] };
  const held = Number(result.rows[0]?.held ?? 0);
  const bought = Number(result.rows[0]?.bought ?? 0);
  if (held + quantity > MAX_TICKETS_HELD_PER_SHOW)
    throw new TooManyRequests(SHOW_LIMIT_TEXT.tooManyHeld(held));
  if (bought + quantity > MAX_TICKETS_BOUGHT_PER_SHOW)
    throw new TooManyRequests(SHOW_LIMIT_TEXT.tooManyBought(bought));
}

/** A checkout (`listingId` null: a bid) of `quantity` tickets: 409 past the show's purchase limit. */
export async function assertMayBuy(
  tx: Tx,
  userId: number,
  show: Show,
  listingId: number | null,
  quantity: number,
  now: Date,
): Promise<void> {
  const bought = await count(tx, sql`select ${ticketsBoughtSql(userId, show, listingId, now)}::int as n`);
  if (bought + quantity > MAX_TICKETS_BOUGHT_PER_SHOW)
    throw new Conflict(SHOW_LIMIT_TEXT.tooManyBought(bought), { code: 'show_limit' });
}

/** One more listing of the show: 409 once the seller has the show's limit of listings still to sell. */
export async function assertMayList(tx: Tx, sellerId: number, show: Show): Promise<void> {
  if ((await listingsOnSale(tx, sellerId, show)) >= MAX_LISTINGS_PER_SHOW)
    throw new Conflict(SHOW_LIMIT_TEXT.tooManyListings, { code: 'show_limit' });
}
