import { type SQL, sql } from 'drizzle-orm';
import type { SellerTrust } from '../../../common/schemas/identity.js';
import { isProfessionalSeller } from '../../../common/verified-sellers.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * What buyers are told about a seller (decision 0086): verified, completed sales (transferred and not
 * refunded, decision 0065), and professional (common/verified-sellers.ts) from the completed sales of the
 * calendar year (UTC) of `now`.
 */

/** The first instant of `now`'s calendar year, UTC. */
function yearStartOf(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), 0, 1)).toISOString();
}

/**
 * A lateral subquery over the seller named by `sellerId`: completed_sales, year_sales and
 * year_proceeds_cents. Its own aliases (ss_o, ss_t) leave the outer query's names alone.
 */
export function sellerSalesJoinedOn(sellerId: SQL, now: Date): SQL {
  const since = sql`${yearStartOf(now)}::timestamptz`;
  return sql`(select count(*)::int as completed_sales,
      (count(*) filter (where ss_t.transfer_completed_at >= ${since}))::int as year_sales,
      coalesce(sum(ss_o.seller_proceeds_cents) filter (where ss_t.transfer_completed_at >= ${since}), 0)::int as year_proceeds_cents
    from orders ss_o join tickets ss_t on ss_t.id = ss_o.ticket_id
    where ss_o.seller_id = ${sellerId} and ss_o.status <> 'refunded' and ss_t.transfer_complete) seller_sales`;
}

export interface SellerSalesRow {
  completed_sales: number;
  year_sales: number;
  year_proceeds_cents: number;
}

export function trustOf(verified: boolean, sales: SellerSalesRow | undefined): SellerTrust {
  return {
    verified,
    completedSales: sales?.completed_sales ?? 0,
    professional: sales
      ? isProfessionalSeller({ sales: sales.year_sales, proceedsCents: sales.year_proceeds_cents })
      : false,
  };
}

/** The trust of each seller of `sellerIds`, in one statement. */
export async function sellerTrustOf(
  db: DbOrTx,
  sellerIds: number[],
  now: Date,
): Promise<Map<number, SellerTrust>> {
  const ids = [...new Set(sellerIds)];
  const result = new Map<number, SellerTrust>();
  if (ids.length === 0) return result;
  const { rows } =
    (await db.execute(sql`select u.id, u.identity_status = 'verified' as verified, seller_sales.*
    from users u cross join lateral ${sellerSalesJoinedOn(sql`u.id`, now)}
    where u.id = any(${sql`array[${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )}]`})`)) as unknown as { rows: (SellerSalesRow & { id: number; verified: boolean })[] };
  for (const row of rows) result.set(row.id, trustOf(row.verified, row));
  return result;
}

/** A seller with no row (none of theirs read) is told as new and unverified. */
export const UNKNOWN_SELLER: SellerTrust = { verified: false, completedSales: 0, professional: false };
