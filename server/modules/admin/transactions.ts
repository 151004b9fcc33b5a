import { type SQL, sql } from 'drizzle-orm';
import { ADMIN_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import {
  ADMIN_TRANSACTION_TYPES,
  type AdminPage,
  type AdminTransaction,
  type AdminTransactionDetail,
  type AdminTransactionsQuery,
  type AdminTransactionType,
} from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import {
  type AdminSearch,
  adminSearchOf,
  type BoundedTotal,
  contains,
  countUpTo,
  direction,
  offsetOf,
  rowsOf,
  somePartOver,
  totalBoundOf,
  totalOf,
  usersNamed,
} from './search.js';

/**
 * Transactions are the money movements of sales (decision 0036): the buyer's payment (an order), its refund
 * from escrow, and the seller's payout. Every row's id is its sale's order id. Each kind is one arm with the
 * same columns, over the orders (`o`) that `where` keeps; a page is the first rows of each arm merged, so no
 * arm is read past what the page needs.
 */
// The payment's paid-out test is a scalar subquery, not EXISTS: the planner may hash an EXISTS over every
// paid payout before the first row, and a page reads 25 rows (one payout per order: payouts_order_idx).
const arms: Record<AdminTransactionType, (where: SQL) => SQL> = {
  payment: (where) => sql`select 'payment'::text as type, o.id, o.created_at as at, o.amount_cents,
      case when o.status = 'refunded' then 'refunded'
           when o.status = 'in_escrow' and o.disputed_at is not null then 'disputed'
           when o.status = 'in_escrow' then 'escrow'
           when (select true from payouts p where p.order_id = o.id and p.status = 'paid') then 'paid_out'
           else 'completed' end as status,
      o.ticket_id, o.buyer_id, o.seller_id, o.checkout_session_id as session_id
    from orders o where ${where}`,
  refund: (where) => sql`select 'refund'::text as type, o.id,
      coalesce((select min(le.created_at) from ledger_entries le
                 where le.order_id = o.id and le.journal = 'escrow_refund'), o.created_at) as at,
      o.amount_cents,
      case when cs.refund_reference is null then 'refund_pending' else 'refunded' end as status,
      o.ticket_id, o.buyer_id, o.seller_id, o.checkout_session_id as session_id
    from orders o join checkout_sessions cs on cs.id = o.checkout_session_id
    where o.status = 'refunded' and ${where}`,
  // The time is the expression of payouts_at_idx (migration 0016), so the page walks that index.
  payout: (
    where,
  ) => sql`select 'payout'::text as type, o.id, coalesce(p.paid_at, p.due_at) as at, p.amount_cents,
      p.status, o.ticket_id, o.buyer_id, o.seller_id, o.checkout_session_id as session_id
    from payouts p join orders o on o.id = p.order_id where ${where}`,
};

const sortColumns = {
  id: sql`id`,
  amount: sql`amount_cents`,
  status: sql`status`,
  createdAt: sql`at`,
} as const;

/**
 * The parts of a search, each a condition on the order `o` that its own index answers: the event name
 * (tickets' trigram index), the buyer's and the seller's name (users' trigram index, then the order's
 * buyer or seller index), the id.
 */
function parts(search: AdminSearch): SQL[] {
  const named = usersNamed(search);
  const found: SQL[] = [
    sql`o.ticket_id in (select t.id from tickets t where ${contains(sql`t.event_name`, search)})`,
    sql`o.buyer_id in ${named}`,
    sql`o.seller_id in ${named}`,
  ];
  if (search.id !== null) found.push(sql`o.id = ${search.id}`);
  return found;
}

/** The search's test, row by row: for the few orders a page bound leaves. */
function matches(search: AdminSearch): SQL {
  const found: SQL[] = [
    sql`exists (select 1 from tickets t where t.id = o.ticket_id and ${contains(sql`t.event_name`, search)})`,
    sql`exists (select 1 from users u where u.id = o.buyer_id and ${contains(sql`u.username`, search)})`,
    sql`exists (select 1 from users u where u.id = o.seller_id and ${contains(sql`u.username`, search)})`,
  ];
  if (search.id !== null) found.push(sql`o.id = ${search.id}`);
  return sql`(${sql.join(found, sql` or `)})`;
}

/**
 * A refund's time (its escrow_refund journal, else the sale's) is not indexed, and is never before the
 * sale. When the page's payments already reach `edge` (the last of the first `reach` payments in the
 * page's order), only refunds on the near side of it can be on the page: those of orders on that side, or
 * with an escrow_refund journal there (ledger_entries_escrow_refund_idx, migration 0016).
 */
function refundsWithin(sort: 'createdAt' | 'id', order: 'asc' | 'desc', edge: Date | number): SQL {
  if (sort === 'id') return order === 'desc' ? sql`o.id >= ${edge}` : sql`o.id <= ${edge}`;
  // The edge arrives in milliseconds, the column holds microseconds: widen by the millisecond cut off.
  if (order === 'asc') return sql`o.created_at < ${new Date(new Date(edge).getTime() + 1).toISOString()}`;
  const at = new Date(edge).toISOString();
  return sql`o.id in (select r.id from orders r where r.status = 'refunded' and r.created_at >= ${at}
    union select le.order_id from ledger_entries le where le.journal = 'escrow_refund' and le.created_at >= ${at})`;
}

interface MovementRow {
  type: AdminTransactionType;
  id: number;
  at: string | Date;
  amount_cents: number;
  status: string;
  event_name: string;
  buyer_id: number;
  buyer_name: string;
  seller_id: number;
  seller_name: string;
  session_id: string;
}

function shaped(row: MovementRow): AdminTransaction {
  return {
    id: row.id,
    type: row.type,
    eventName: row.event_name,
    amount: centsToDollars(Number(row.amount_cents)),
    status: row.status,
    buyerId: row.buyer_id,
    buyerName: row.buyer_name,
    sellerId: row.seller_id,
    sellerName: row.seller_name,
    createdAt: new Date(row.at).toISOString(),
    stripeSessionId: row.session_id,
  };
}

const named = (movements: SQL) => sql`select m.type, m.id, m.at, m.amount_cents, m.status, t.event_name,
    m.buyer_id, b.username as buyer_name, m.seller_id, s.username as seller_name, m.session_id
  from (${movements}) m
  join tickets t on t.id = m.ticket_id
  join users b on b.id = m.buyer_id
  join users s on s.id = m.seller_id`;

/** GET /api/admin/transactions: matches event, buyer, seller or id; `type` narrows to one kind. */
export async function listAdminTransactions(
  db: DbOrTx,
  query: AdminTransactionsQuery,
): Promise<AdminPage<AdminTransaction>> {
  const search = adminSearchOf(query.search);
  const kinds = query.type ? [query.type] : ADMIN_TRANSACTION_TYPES;
  const order = sql`${sortColumns[query.sort]} ${direction(query.order)}, id ${direction(query.order)}, type`;
  const reach = offsetOf(query) + query.pageSize;
  const bound = totalBoundOf(query);
  const everything = sql`true`;
  /** An arm's first rows (for a search, each part's first rows: an index walk for a common word, the part's
   * index for a rare one), among those `near` allows. */
  const firstRows = (kind: AdminTransactionType, near: SQL = everything) => {
    const wheres = search ? parts(search) : [everything];
    return sql.join(
      wheres.map(
        (where) =>
          sql`(select * from (${arms[kind](sql`${where} and ${near}`)}) a order by ${order} limit ${reach})`,
      ),
      sql` union `,
    );
  };
  const page = (movements: SQL[]) =>
    rowsOf<MovementRow>(
      db,
      sql`select * from (${named(sql.join(movements, sql` union all `))}) page
        order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`,
    );
  const answer = (rows: MovementRow[], total: BoundedTotal) => ({
    rows: rows.map(shaped),
    page: query.page,
    pageSize: query.pageSize,
    total: total.total,
    totalIsEstimate: total.totalIsEstimate,
  });
  // A search that matched few orders (all counted) reads the page from those orders alone.
  const searched = search ? await transactionsTotal(search, kinds, bound, db) : null;
  if (searched?.orderIds) {
    const few = searched.orderIds.length
      ? sql`o.id in (${sql.join(
          searched.orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
    return answer(await page(kinds.map((kind) => sql`(${arms[kind](few)})`)), searched);
  }
  const indexedSort = query.sort === 'createdAt' || query.sort === 'id' ? query.sort : null;
  const [payments, total] = await Promise.all([
    kinds.includes('payment')
      ? rowsOf<{ id: number; at: string | Date }>(
          db,
          sql`select id, at from (${firstRows('payment')}) a order by ${order} limit ${reach}`,
        )
      : [],
    searched ?? transactionsTotal(null, kinds, bound, db),
  ]);
  const edge = payments.length === reach ? payments[reach - 1] : undefined;
  // Refunds: those the page's payments leave in reach; for a search, each tested row by row.
  const refundsNear = (near: SQL) =>
    search
      ? sql`(select * from (${arms.refund(sql`${matches(search)} and ${near}`)}) a order by ${order} limit ${reach})`
      : firstRows('refund', near);
  // The page's payments are among those just found: read again by id, not searched again.
  const paymentsFound = payments.length
    ? sql`o.id in (${sql.join(
        payments.map((payment) => sql`${payment.id}`),
        sql`, `,
      )})`
    : sql`false`;
  const first = kinds.map((kind) =>
    kind === 'payment'
      ? sql`(${arms.payment(paymentsFound)})`
      : kind === 'payout'
        ? firstRows(kind)
        : edge && indexedSort
          ? refundsNear(
              refundsWithin(indexedSort, query.order, indexedSort === 'id' ? edge.id : new Date(edge.at)),
            )
          : refundsNear(everything),
  );
  return answer(await page(first), total);
}

/**
 * The movements counted up to the bound: unsearched, each kind up to bound + 1 rows; searched, the matching
 * orders up to bound + 1 per part, then the movements of those orders (exact when no part reached it), and
 * then the orders themselves (`orderIds`).
 */
async function transactionsTotal(
  search: AdminSearch | null,
  kinds: readonly AdminTransactionType[],
  bound: number,
  db: DbOrTx,
): Promise<BoundedTotal & { orderIds?: number[] }> {
  if (!search) {
    const counts = kinds.map((kind) => sql`(${countUpTo(arms[kind](sql`true`), bound)})`);
    return totalOf(db, sql`select (${sql.join(counts, sql` + `)}) as counted`, bound);
  }
  const ids = parts(search).map((part) => sql`select o.id from orders o where ${part}`);
  const limited = ids.map((part) => sql`(${part} limit ${bound + 1})`);
  const movements = kinds.map(
    (kind) => sql`(select count(*) from (${arms[kind](sql`o.id in (select id from matched)`)}) a)`,
  );
  // The movements are counted only when the matching orders are all known (a subquery in a CASE branch
  // not taken is never run).
  const [row] = await rowsOf<{
    matched: number | string;
    movements: number | string | null;
    ids: number[] | null;
  }>(
    db,
    sql`with matched as (select distinct id from (${sql.join(limited, sql` union all `)}) ids),
        found as materialized (select case when ${somePartOver(ids, bound)} then ${bound + 1}
          else (select count(*) from matched) end as orders)
      select found.orders as matched,
        case when found.orders > ${bound} then null else (${sql.join(movements, sql` + `)}) end as movements,
        case when found.orders > ${bound} then null else (select array_agg(id) from matched) end as ids
      from found`,
  );
  return Number(row?.matched ?? 0) > bound
    ? { total: bound, totalIsEstimate: true }
    : { total: Number(row?.movements ?? 0), totalIsEstimate: false, orderIds: (row?.ids ?? []).map(Number) };
}

/** GET /api/admin/transactions/{id}: the sale's payment and all its movements, oldest first. */
export async function adminTransaction(db: DbOrTx, orderId: number): Promise<AdminTransactionDetail> {
  const all = sql.join(
    Object.values(arms).map((arm) => sql`(${arm(sql`o.id = ${orderId}`)})`),
    sql` union all `,
  );
  const movements = (await rowsOf<MovementRow>(db, sql`${named(all)} order by m.at, m.type`)).map(shaped);
  const payment = movements.find((movement) => movement.type === 'payment');
  if (!payment) throw new NotFound(ADMIN_TEXT.transactionNotFound);
  return { ...payment, movements };
}
