import { sql } from 'drizzle-orm';
import { centsToDollars } from '../../../common/money.js';
import type { AdminStats } from '../../../common/schemas/admin.js';
import type { DbOrTx } from '../../db/client.js';

interface StatsRow {
  users_total: number;
  users_new: number;
  tickets_available: number;
  tickets_total: number;
  tickets_sold: number;
  amount_total: number;
  amount_month: number;
  sales_month: number;
  sales_completed: number;
  platform_fees: number;
  processing_fees: number;
  rating_avg: number | null;
  reviews_total: number;
}

/**
 * GET /api/admin/stats from the tables themselves (decision 0036). Sales are orders not refunded; their
 * amount is what buyers paid (the gross sales volume). Encore's income is the platform and processing fee
 * accounts of the ledger: credited by each sale, debited back by its refund. A sale is completed once its transfer is, as My Tickets' Sold tab counts it,
 * whether or not its payout has been made yet. A listing is available while it is unsold and listed. "This
 * month" is the calendar month in UTC of `now`.
 */
export async function adminStats(db: DbOrTx, now: Date): Promise<AdminStats> {
  const monthStart = sql`${new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString()}::timestamptz`;
  const result = (await db.execute(sql`select
      (select count(*) from users)::integer as users_total,
      (select count(*) from users where created_at >= ${monthStart})::integer as users_new,
      (select count(*) from tickets where not sold and status = 'available')::integer as tickets_available,
      (select count(*) from tickets)::integer as tickets_total,
      (select count(*) from tickets where sold and status = 'sold')::integer as tickets_sold,
      s.amount_total, s.amount_month, s.sales_month, s.sales_completed,
      l.platform_fees, l.processing_fees,
      r.rating_avg, r.reviews_total
    from (select coalesce(sum(o.amount_cents), 0)::bigint as amount_total,
                 coalesce(sum(o.amount_cents) filter (where o.created_at >= ${monthStart}), 0)::bigint as amount_month,
                 (count(*) filter (where o.created_at >= ${monthStart}))::integer as sales_month,
                 (count(*) filter (where t.transfer_complete))::integer as sales_completed
            from orders o join tickets t on t.id = o.ticket_id where o.status <> 'refunded') s,
         (select coalesce(-sum(amount_cents) filter (where account = 'platform_fees'), 0)::bigint as platform_fees,
                 coalesce(-sum(amount_cents) filter (where account = 'processing_fees'), 0)::bigint as processing_fees
            from ledger_entries where account in ('platform_fees', 'processing_fees')) l,
         (select round(avg(rating), 1)::float8 as rating_avg, count(*)::integer as reviews_total
            from reviews where status = 'submitted' and hidden_at is null) r`)) as unknown as {
    rows: StatsRow[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('the stats query returned no row');
  return {
    users: { total: row.users_total, newThisMonth: row.users_new },
    tickets: { available: row.tickets_available, total: row.tickets_total, sold: row.tickets_sold },
    transactions: {
      totalAmount: centsToDollars(Number(row.amount_total)),
      amountThisMonth: centsToDollars(Number(row.amount_month)),
      salesThisMonth: row.sales_month,
      completed: row.sales_completed,
    },
    income: {
      total: centsToDollars(Number(row.platform_fees) + Number(row.processing_fees)),
      platformFees: centsToDollars(Number(row.platform_fees)),
      processingFees: centsToDollars(Number(row.processing_fees)),
    },
    reviews: { avgRating: row.rating_avg === null ? null : Number(row.rating_avg), total: row.reviews_total },
  };
}
