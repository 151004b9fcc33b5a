import { type SQL, sql } from 'drizzle-orm';
import type { LedgerMismatch } from '../../../common/schemas/admin-system.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * The ledger's invariants, each a query over the whole ledger that answers only what breaks it (decision
 * 0068). A clean ledger answers nothing; each mismatch names its orders.
 */

/** Mismatches of one kind kept per run at most: enough to act on, bounded for the row and the e-mail. */
export const MISMATCHES_PER_KIND = 100;

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const cents = (value: number | string) => Number(value);

/** Every journal (a session's rows of one journal name) sums to zero. */
export async function unbalancedJournals(db: DbOrTx): Promise<LedgerMismatch[]> {
  const rows = await rowsOf<{ session: string; journal: string; sum: string; orderId: number | null }>(
    db,
    sql`select checkout_session_id as session, journal, sum(amount_cents) as sum, max(order_id) as "orderId"
        from ledger_entries group by checkout_session_id, journal having sum(amount_cents) <> 0
        order by checkout_session_id, journal limit ${MISMATCHES_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'unbalanced_journal',
    orderIds: row.orderId === null ? [] : [row.orderId],
    sessionId: row.session,
    detail: `The ${row.journal} journal sums to ${cents(row.sum)} cents instead of zero.`,
  }));
}

/**
 * Each order's escrow matches its state: a sale in escrow holds what escrowShares (journal.ts) keeps after
 * the refunds made at the provider (the seller's proceeds, the platform fee and both processing fees, less
 * what was refunded there); a sale released or refunded holds nothing.
 */
export async function escrowMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  const rows = await rowsOf<{ id: number; status: string; held: string; expected: string; session: string }>(
    db,
    sql`with escrow as (
          select order_id, sum(amount_cents) as held from ledger_entries
          where account = 'escrow' and order_id is not null group by order_id),
        expected as (
          select o.id, o.status, o.checkout_session_id as session, coalesce(e.held, 0) as held,
            case when o.status = 'in_escrow'
              then greatest(0, o.seller_proceeds_cents + o.platform_fee_cents + 2 * o.processing_fee_cents
                - cs.provider_refunded_cents)
              else 0 end as expected
          from orders o
          join checkout_sessions cs on cs.id = o.checkout_session_id
          left join escrow e on e.order_id = o.id)
        select id, status, held, expected, session from expected where held <> expected
        order by id limit ${MISMATCHES_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'escrow',
    orderIds: [row.id],
    sessionId: row.session,
    detail: `Escrow holds ${cents(row.held)} cents for a sale ${row.status.replace('_', ' ')}; it should hold ${cents(row.expected)}.`,
  }));
}

/**
 * Every refunded order has exactly one reversal (an 'escrow_refund' or 'chargeback' journal), except one
 * refunded at the provider after its payout, which was written off instead (decision 0035); no other order
 * has any.
 */
export async function reversalMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  const rows = await rowsOf<{
    id: number;
    status: string;
    reversals: number;
    expected: number;
    session: string;
  }>(
    db,
    sql`with reversals as (
          select order_id, count(*)::int as reversals from ledger_entries
          where journal in ('escrow_refund', 'chargeback') and account = 'escrow' and order_id is not null
          group by order_id),
        expected as (
          select o.id, o.status, o.checkout_session_id as session, coalesce(r.reversals, 0) as reversals,
            case when o.status = 'refunded' and not exists (
              select 1 from payouts p where p.order_id = o.id and p.status = 'paid') then 1 else 0 end as expected
          from orders o left join reversals r on r.order_id = o.id)
        select id, status, reversals, expected, session from expected where reversals <> expected
        order by id limit ${MISMATCHES_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'reversal',
    orderIds: [row.id],
    sessionId: row.session,
    detail: `A sale ${row.status.replace('_', ' ')} has ${row.reversals} refund reversals; it should have ${row.expected}.`,
  }));
}

/**
 * No payout exceeds what the seller was owed: the seller's proceeds as the ledger owes them before the payout
 * (the sale's credit, less what reversals and refunds at the provider took back).
 */
export async function payoutMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  const rows = await rowsOf<{ orderId: number; amount: number; owed: string; session: string }>(
    db,
    sql`with owed as (
          select order_id, -sum(amount_cents) as owed from ledger_entries
          where account = 'seller_payable' and journal <> 'payout' and order_id is not null group by order_id)
        select p.order_id as "orderId", p.amount_cents as amount, coalesce(owed.owed, 0) as owed,
          o.checkout_session_id as session
        from payouts p
        join orders o on o.id = p.order_id
        left join owed on owed.order_id = p.order_id
        where p.status in ('pending', 'paid') and p.amount_cents > coalesce(owed.owed, 0)
        order by p.order_id limit ${MISMATCHES_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'payout',
    orderIds: [row.orderId],
    sessionId: row.session,
    detail: `A payout of ${row.amount} cents exceeds the ${cents(row.owed)} cents the seller was owed.`,
  }));
}

/**
 * Disputes at the card issuer (decision 0079): a dispute lost at the provider has its chargeback booked (a
 * reversal from escrow, or a write-off after the payout), a chargeback is booked only for a dispute lost at
 * the provider, and dispute fees only on a sale the provider has a dispute for.
 */
export async function disputeMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  const rows = await rowsOf<{
    id: number;
    session: string;
    dispute: string | null;
    lost: boolean;
    chargebacks: number;
    fees: string | null;
  }>(
    db,
    sql`with chargebacks as (
          select order_id, count(*)::int as chargebacks from ledger_entries
          where journal = 'chargeback' and order_id is not null group by order_id),
        fees as (
          select order_id, sum(amount_cents) as fees from ledger_entries
          where journal = 'dispute_fee' and account = 'dispute_fees' and order_id is not null group by order_id),
        found as (
          select o.id, o.checkout_session_id as session, o.provider_dispute_id as dispute,
            coalesce(o.dispute_source = 'provider' and o.dispute_status = 'lost', false) as lost,
            coalesce(c.chargebacks, 0) as chargebacks, f.fees
          from orders o
          left join chargebacks c on c.order_id = o.id
          left join fees f on f.order_id = o.id
          where o.provider_dispute_id is not null or c.order_id is not null or f.order_id is not null)
        select id, session, dispute, lost, chargebacks, fees from found
        where lost <> (chargebacks > 0) or (dispute is null and fees is not null)
        order by id limit ${MISMATCHES_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'dispute',
    orderIds: [row.id],
    sessionId: row.session,
    detail:
      row.lost && row.chargebacks === 0
        ? `The card issuer's dispute ${row.dispute} was lost, but no chargeback is booked.`
        : !row.lost && row.chargebacks > 0
          ? 'A chargeback is booked, but no dispute at the provider was lost.'
          : `Dispute fees of ${cents(row.fees ?? 0)} cents are booked on a sale the provider has no dispute for.`,
  }));
}

/** Every internal check, in order. */
export async function ledgerMismatches(db: DbOrTx): Promise<LedgerMismatch[]> {
  return [
    ...(await unbalancedJournals(db)),
    ...(await escrowMismatches(db)),
    ...(await reversalMismatches(db)),
    ...(await payoutMismatches(db)),
    ...(await disputeMismatches(db)),
  ];
}
