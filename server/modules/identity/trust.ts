import { type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { SellerTrust } from '../../../common/schemas/identity.js';
import { isProfessionalSeller } from '../../../common/verified-sellers.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { batchedReader } from '../../lib/batched-reads.js';
import { preparedSql } from '../../lib/prepared-sql.js';

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
function sellerSalesJoinedOn(sellerId: SQL, since: SQL): SQL {
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

type TrustRow = SellerSalesRow & { id: number; verified: boolean };

/** The statement, with the year's start and the sellers' ids as `since` and `ids`. */
const trustStatement = (since: SQL, ids: SQL) =>
  sql`select u.id, u.identity_status = 'verified' as verified, seller_sales.*
    from users u cross join lateral ${sellerSalesJoinedOn(sql`u.id`, sql`${since}::timestamptz`)}
    where u.id = any(${ids}::integer[])`;

/** A seller's trust by `<year start> <seller id>`. */
type TrustReader = (key: string) => Promise<SellerTrust | undefined>;
const trustReaders = new WeakMap<Db, TrustReader>();

/**
 * The database's trust reader: read in batches, so the sellers of every page and listing asked in one turn
 * cost one statement (decision 0047), prepared once per connection (decision 0091).
 */
function trustReaderOf(db: Db): TrustReader {
  let reader = trustReaders.get(db);
  if (reader) return reader;
  const read = preparedSql<TrustRow>(
    db,
    'seller_trust',
    trustStatement(sql`${sql.placeholder('since')}`, sql`${sql.placeholder('ids')}`),
  );
  reader = batchedReader(async (keys: string[]) => {
    const idsBySince = new Map<string, number[]>();
    for (const key of keys) {
      const [since = '', id] = key.split(' ');
      idsBySince.set(since, [...(idsBySince.get(since) ?? []), Number(id)]);
    }
    const trust = new Map<string, SellerTrust>();
    for (const [since, ids] of idsBySince)
      for (const row of await read({ since, ids }))
        trust.set(`${since} ${row.id}`, trustOf(row.verified, row));
    return trust;
  });
  trustReaders.set(db, reader);
  return reader;
}

/**
 * The trust of each seller of `sellerIds`: in one statement inside a transaction (which sees its own
 * writes), else through the database's batched reader. The values are shared: callers must not change them.
 */
export async function sellerTrustOf(
  db: DbOrTx,
  sellerIds: number[],
  now: Date,
): Promise<Map<number, SellerTrust>> {
  const ids = [...new Set(sellerIds)];
  const result = new Map<number, SellerTrust>();
  if (ids.length === 0) return result;
  const since = yearStartOf(now);
  if (db instanceof PgTransaction) {
    const { rows } = (await db.execute(trustStatement(sql`${since}`, sql`${ids}`))) as unknown as {
      rows: TrustRow[];
    };
    for (const row of rows) result.set(row.id, trustOf(row.verified, row));
    return result;
  }
  const read = trustReaderOf(db);
  const trusts = await Promise.all(ids.map((id) => read(`${since} ${id}`)));
  ids.forEach((id, index) => {
    const trust = trusts[index];
    if (trust) result.set(id, trust);
  });
  return result;
}

/** A seller with no row (none of theirs read) is told as new and unverified. */
export const UNKNOWN_SELLER: SellerTrust = { verified: false, completedSales: 0, professional: false };
