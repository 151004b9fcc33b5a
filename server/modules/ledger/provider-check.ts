import { type SQL, sql } from 'drizzle-orm';
import type { LedgerMismatch } from '../../../common/schemas/admin-system.js';
import type { BalanceMovement } from '../../adapters/payments/payment-provider.js';
import type { DbOrTx } from '../../db/client.js';
import { MISMATCHES_PER_KIND } from './checks.js';

/**
 * The ledger against the provider's balance for one period (decision 0068): payments received, refunds made,
 * transfers to sellers and dispute fees, summed per payment (or transfer, or dispute) on each side. The
 * disputed amounts are left out: the provider moves them when the dispute opens, the ledger when it is lost;
 * its fee is booked by both when the dispute is read (decision 0079).
 */

interface LedgerMovement extends BalanceMovement {
  orderId: number | null;
  sessionId: string | null;
}

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What the ledger's journals written in the period moved at the provider. */
export async function ledgerMovements(db: DbOrTx, from: Date, to: Date): Promise<LedgerMovement[]> {
  const start = from.toISOString();
  const end = to.toISOString();
  const inPeriod = sql`le.created_at >= ${start}::timestamptz and le.created_at < ${end}::timestamptz`;
  const rows = await rowsOf<LedgerMovement & { amountCents: string }>(
    db,
    sql`select 'payment' as type, cs.payment_reference as reference, le.order_id as "orderId",
          cs.id as "sessionId", sum(le.amount_cents) as "amountCents"
        from ledger_entries le join checkout_sessions cs on cs.id = le.checkout_session_id
        where le.account = 'escrow' and le.journal in ('sale', 'unmatched_payment') and ${inPeriod}
        group by cs.payment_reference, le.order_id, cs.id
        union all
        select 'refund', cs.payment_reference, le.order_id, cs.id,
          sum(case when le.account = 'escrow' then -le.amount_cents else le.amount_cents end)
        from ledger_entries le join checkout_sessions cs on cs.id = le.checkout_session_id
        where ((le.account = 'escrow' and le.journal in ('escrow_refund', 'refund', 'provider_refund'))
            or (le.account = 'written_off' and le.journal = 'provider_refund')) and ${inPeriod}
        group by cs.payment_reference, le.order_id, cs.id
        union all
        select 'transfer', p.provider_reference, le.order_id, le.checkout_session_id, sum(le.amount_cents)
        from ledger_entries le join payouts p on p.order_id = le.order_id
        where le.journal = 'payout' and le.account = 'seller_payable' and ${inPeriod}
        group by p.provider_reference, le.order_id, le.checkout_session_id
        union all
        select 'dispute_fee', o.provider_dispute_id, le.order_id, le.checkout_session_id, sum(le.amount_cents)
        from ledger_entries le join orders o on o.id = le.order_id
        where le.journal = 'dispute_fee' and le.account = 'dispute_fees' and ${inPeriod}
        group by o.provider_dispute_id, le.order_id, le.checkout_session_id`,
  );
  return rows.map((row) => ({ ...row, amountCents: Number(row.amountCents) }));
}

interface Total {
  type: BalanceMovement['type'];
  reference: string;
  cents: number;
  orderIds: Set<number>;
  sessionId: string | null;
}

function totalsOf(movements: readonly (BalanceMovement & Partial<LedgerMovement>)[]): Map<string, Total> {
  const totals = new Map<string, Total>();
  for (const movement of movements) {
    const key = `${movement.type} ${movement.reference ?? ''}`;
    const total = totals.get(key) ?? {
      type: movement.type,
      reference: movement.reference ?? '',
      cents: 0,
      orderIds: new Set<number>(),
      sessionId: movement.sessionId ?? null,
    };
    total.cents += movement.amountCents;
    if (movement.orderId) total.orderIds.add(movement.orderId);
    totals.set(key, total);
  }
  return totals;
}

/** What each kind of movement is called in a mismatch's words. */
const MOVEMENT_WORDS: Record<BalanceMovement['type'], string> = {
  payment: 'payments',
  refund: 'refunds',
  transfer: 'transfers',
  dispute_fee: 'dispute fees',
};

/** The orders and sessions behind payments, transfers and disputes only the provider knows of. */
async function ownersOf(db: DbOrTx, references: string[]) {
  if (references.length === 0) return [];
  const list = sql.join(
    references.map((reference) => sql`${reference}`),
    sql`, `,
  );
  return rowsOf<{ reference: string; orderId: number | null; sessionId: string }>(
    db,
    sql`select cs.payment_reference as reference, o.id as "orderId", cs.id as "sessionId"
        from checkout_sessions cs left join orders o on o.checkout_session_id = cs.id
        where cs.payment_reference in (${list})
        union all
        select p.provider_reference, p.order_id, o.checkout_session_id
        from payouts p join orders o on o.id = p.order_id
        where p.provider_reference in (${list})
        union all
        select o.provider_dispute_id, o.id, o.checkout_session_id from orders o
        where o.provider_dispute_id in (${list})`,
  );
}

/** Each payment, refund or transfer whose totals differ between the provider and the ledger. */
export async function providerMismatches(
  db: DbOrTx,
  provider: readonly BalanceMovement[],
  from: Date,
  to: Date,
): Promise<LedgerMismatch[]> {
  const atProvider = totalsOf(provider);
  const inLedger = totalsOf(await ledgerMovements(db, from, to));
  const differing: { at: Total | undefined; booked: Total | undefined }[] = [];
  for (const key of new Set([...atProvider.keys(), ...inLedger.keys()])) {
    const at = atProvider.get(key);
    const booked = inLedger.get(key);
    if ((at?.cents ?? 0) !== (booked?.cents ?? 0)) differing.push({ at, booked });
    if (differing.length === MISMATCHES_PER_KIND) break;
  }
  const unknown = differing.filter(({ booked }) => !booked).map(({ at }) => at?.reference ?? '');
  const owners = await ownersOf(db, unknown);
  return differing.map(({ at, booked }) => {
    const total = (booked ?? at) as Total;
    const found = owners.filter((owner) => owner.reference === total.reference);
    const orderIds = booked
      ? [...booked.orderIds]
      : found.flatMap((owner) => (owner.orderId === null ? [] : [owner.orderId]));
    return {
      kind: 'provider' as const,
      orderIds: [...new Set(orderIds)].sort((a, b) => a - b),
      sessionId: booked?.sessionId ?? found[0]?.sessionId ?? null,
      detail: `The provider's ${MOVEMENT_WORDS[total.type]} of ${total.reference} total ${at?.cents ?? 0} cents; the ledger's ${booked?.cents ?? 0} cents.`,
    };
  });
}
