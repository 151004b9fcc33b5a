import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import {
  CLOSURE_BLOCKERS_SHOWN,
  type ClosureBlocker,
  type ClosureBlockerKind,
  type ClosureState,
} from '../../../common/schemas/account-closure.js';
import { ACCOUNT_CLOSURE_TEXT } from '../../../common/texts/account-closure.js';
import type { DbOrTx } from '../../db/client.js';
import { orders, tickets, users } from '../../db/schema/index.js';

/**
 * What keeps an account from closing (decision 0099): money or tickets still in flight, each with what the
 * member must do or wait for. A sale or purchase in escrow, a payout not yet paid, a dispute, a hold of
 * theirs or a buyer's hold on their listing; and the admin role, which another admin must take away first.
 */

const text = ACCOUNT_CLOSURE_TEXT;

/** Each row also carries how many rows matched in all, so the page can say how many more there are. */
const matched = sql<number>`(count(*) over ())::int`;

const MESSAGES: Record<Exclude<ClosureBlockerKind, 'admin_role'>, (event: string) => string> = {
  sale_awaiting_transfer: text.saleAwaitingTransfer,
  sale_awaiting_confirmation: text.saleAwaitingConfirmation,
  payout_pending: text.payoutPending,
  purchase_in_escrow: text.purchaseInEscrow,
  listing_being_bought: text.listingBeingBought,
  hold: text.hold,
  dispute_open: text.disputeOpen,
};

/**
 * The member's orders still in escrow, as seller or buyer. An open dispute names itself; a seller waits for
 * the transfer, the buyer's confirmation or the payout (the order stays in escrow until its payout is paid);
 * a buyer is held only until the transfer is complete, since after it the money is the seller's to wait for.
 */
async function ordersInFlight(db: DbOrTx, userId: number) {
  const kind = sql<ClosureBlockerKind>`case
    when ${orders.disputeStatus} = 'open' then 'dispute_open'
    when ${orders.sellerId} = ${userId} and ${tickets.transferStatus} = 'not_started' then 'sale_awaiting_transfer'
    when ${orders.sellerId} = ${userId} and ${tickets.transferStatus} = 'initiated' then 'sale_awaiting_confirmation'
    when ${orders.sellerId} = ${userId} then 'payout_pending'
    when ${tickets.transferStatus} <> 'completed' then 'purchase_in_escrow'
  end`;
  const rows = await db
    .select({ kind, ticketId: orders.ticketId, eventName: tickets.eventName, matched })
    .from(orders)
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .where(
      and(
        or(eq(orders.sellerId, userId), eq(orders.buyerId, userId)),
        or(eq(orders.status, 'in_escrow'), eq(orders.disputeStatus, 'open')),
        // A buyer's purchase transferred and confirmed is the seller's to wait for.
        sql`(${kind}) is not null`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(CLOSURE_BLOCKERS_SHOWN);
  return rows;
}

/** Live holds: the member's own on another's listing, and a buyer's on one of the member's listings. */
async function holdsInFlight(db: DbOrTx, userId: number, now: Date) {
  const kind = sql<ClosureBlockerKind>`case when ${tickets.currentViewerId} = ${userId} then 'hold' else 'listing_being_bought' end`;
  return db
    .select({ kind, ticketId: tickets.id, eventName: tickets.eventName, matched })
    .from(tickets)
    .where(
      and(
        or(eq(tickets.currentViewerId, userId), eq(tickets.sellerId, userId)),
        sql`${tickets.currentViewerId} is not null`,
        gt(tickets.lockExpiresAt, now),
        eq(tickets.sold, false),
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(CLOSURE_BLOCKERS_SHOWN);
}

/** GET /api/user/closure, and the check the closing transaction makes again with the member's row locked. */
export async function closureBlockers(db: DbOrTx, userId: number, now: Date): Promise<ClosureState> {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const blockers: ClosureBlocker[] =
    user?.role === 'admin' ? [{ kind: 'admin_role', ticketId: null, message: text.adminRole }] : [];
  let total = blockers.length;
  for (const rows of [await ordersInFlight(db, userId), await holdsInFlight(db, userId, now)]) {
    total += rows[0]?.matched ?? 0;
    for (const row of rows) {
      const kind = row.kind as Exclude<ClosureBlockerKind, 'admin_role'>;
      blockers.push({ kind, ticketId: row.ticketId, message: MESSAGES[kind](row.eventName) });
    }
  }
  const shown = blockers.slice(0, CLOSURE_BLOCKERS_SHOWN);
  return { canClose: total === 0, blockers: shown, moreBlockers: total - shown.length };
}
