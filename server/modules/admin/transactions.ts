import { type SQL, sql } from 'drizzle-orm';
import { ADMIN_TEXT } from '../../../common/messages.js';
import { centsToDollars } from '../../../common/money.js';
import type {
  AdminPage,
  AdminTransaction,
  AdminTransactionDetail,
  AdminTransactionsQuery,
  AdminTransactionType,
} from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import { type AdminSearch, adminSearchOf, contains, direction, offsetOf, usersNamed } from './search.js';

/**
 * Transactions are the money movements of sales (decision 0036): the buyer's payment (an order), its refund
 * from escrow, and the seller's payout. Every row's id is its sale's order id. Each kind is one arm with the
 * same columns; a page is the first rows of each arm merged, so no arm is read past what the page needs.
 */
const arms: Record<AdminTransactionType, SQL> = {
  payment: sql`select 'payment'::text as type, o.id, o.created_at as at, o.amount_cents,
      case when o.status = 'refunded' then 'refunded'
           when o.status = 'in_escrow' and o.disputed_at is not null then 'disputed'
           when o.status = 'in_escrow' then 'escrow'
           when exists (select 1 from payouts p where p.order_id = o.id and p.status = 'paid') then 'paid_out'
           else 'completed' end as status,
      o.ticket_id, o.buyer_id, o.seller_id, o.checkout_session_id as session_id
    from orders o`,
  refund: sql`select 'refund'::text as type, o.id,
      coalesce((select min(le.created_at) from ledger_entries le
                 where le.order_id = o.id and le.journal = 'escrow_refund'), o.created_at) as at,
      o.amount_cents,
      case when cs.refund_reference is null then 'refund_pending' else 'refunded' end as status,
      o.ticket_id, o.buyer_id, o.seller_id, o.checkout_session_id as session_id
    from orders o join checkout_sessions cs on cs.id = o.checkout_session_id
    where o.status = 'refunded'`,
  payout: sql`select 'payout'::text as type, o.id, coalesce(p.paid_at, p.due_at) as at, p.amount_cents,
      p.status, o.ticket_id, o.buyer_id, o.seller_id, o.checkout_session_id as session_id
    from payouts p join orders o on o.id = p.order_id`,
};

const sortColumns = {
  id: sql`id`,
  amount: sql`amount_cents`,
  status: sql`status`,
  createdAt: sql`at`,
} as const;

/** Orders whose event, buyer or seller contains the text, or whose id it is. */
function matching(search: AdminSearch): SQL {
  const named = usersNamed(search);
  const parts: SQL[] = [
    sql`select o.id from orders o join tickets t on t.id = o.ticket_id where ${contains(sql`t.event_name`, search)}`,
    sql`select o.id from orders o where o.buyer_id in ${named}`,
    sql`select o.id from orders o where o.seller_id in ${named}`,
  ];
  if (search.id !== null) parts.push(sql`select ${search.id}::integer`);
  return sql`id in (${sql.join(parts, sql` union `)})`;
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

async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** GET /api/admin/transactions: matches event, buyer, seller or id; `type` narrows to one kind. */
export async function listAdminTransactions(
  db: DbOrTx,
  query: AdminTransactionsQuery,
): Promise<AdminPage<AdminTransaction>> {
  const search = adminSearchOf(query.search);
  const filter = search ? sql`where ${matching(search)}` : sql``;
  const kinds = query.type ? [query.type] : (['payment', 'refund', 'payout'] as const);
  const key = sortColumns[query.sort];
  const order = sql`${key} ${direction(query.order)}, id ${direction(query.order)}, type`;
  const reach = offsetOf(query) + query.pageSize;
  const firstOfEach = kinds.map(
    (kind) => sql`(select * from (${arms[kind]}) a ${filter} order by ${order} limit ${reach})`,
  );
  const counts = kinds.map((kind) => sql`(select count(*) from (${arms[kind]}) a ${filter})`);
  const [rows, [total]] = await Promise.all([
    rowsOf<MovementRow>(
      db,
      sql`select * from (${named(sql.join(firstOfEach, sql` union all `))}) page
        order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`,
    ),
    rowsOf<{ total: number | string }>(db, sql`select (${sql.join(counts, sql` + `)})::integer as total`),
  ]);
  return {
    rows: rows.map(shaped),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.total ?? 0),
  };
}

/** GET /api/admin/transactions/{id}: the sale's payment and all its movements, oldest first. */
export async function adminTransaction(db: DbOrTx, orderId: number): Promise<AdminTransactionDetail> {
  const all = sql.join(
    Object.values(arms).map((arm) => sql`(select * from (${arm}) a where id = ${orderId})`),
    sql` union all `,
  );
  const movements = (await rowsOf<MovementRow>(db, sql`${named(all)} order by m.at, m.type`)).map(shaped);
  const payment = movements.find((movement) => movement.type === 'payment');
  if (!payment) throw new NotFound(ADMIN_TEXT.transactionNotFound);
  return { ...payment, movements };
}
