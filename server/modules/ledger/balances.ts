import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { ledgerEntries, orders, tickets } from '../../db/schema/index.js';
import type { LedgerAccount } from './journal.js';

/** Balances are sums of ledger rows; nothing keeps a running number (architecture: Money). */

/** What one sale still holds in escrow: zero once it is paid out or refunded. */
export async function escrowBalanceOfOrder(db: DbOrTx, orderId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.account, 'escrow')));
  return row?.balance ?? 0;
}

/** What the sales of one event still hold in escrow (zero for a cancelled event once its refunds are done). */
export async function escrowBalanceOfEvent(db: DbOrTx, eventId: number): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .innerJoin(tickets, eq(tickets.id, orders.ticketId))
    .where(and(eq(tickets.eventId, eventId), eq(ledgerEntries.account, 'escrow')));
  return row?.balance ?? 0;
}

/** Every account's balance over the whole ledger. */
export async function accountBalances(db: DbOrTx): Promise<Partial<Record<LedgerAccount, number>>> {
  const rows = await db
    .select({ account: ledgerEntries.account, balance: sql<number>`sum(${ledgerEntries.amountCents})::int` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.account);
  return Object.fromEntries(rows.map((row) => [row.account, row.balance]));
}

/** Whether every journal of every checkout session sums to zero (so the whole ledger does too). */
export async function ledgerIsBalanced(db: DbOrTx): Promise<boolean> {
  const unbalanced = await db
    .select({ session: ledgerEntries.checkoutSessionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.checkoutSessionId, ledgerEntries.journal)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`)
    .limit(1);
  return unbalanced.length === 0;
}
