import { type SQL, sql } from 'drizzle-orm';

/**
 * common/splits.ts splitAllows in SQL (decision 0062): a listing with `quantity` tickets left under `rule`
 * sells `wanted` of them. Takes fragments, so that it reads drizzle's columns and a statement's aliases alike.
 */
export function splitAllowsSql(quantity: SQL, rule: SQL, wanted: SQL): SQL {
  return sql`(${wanted} between 1 and ${quantity} and (${wanted} = ${quantity} or ${rule} = 'any'
    or (${rule} = 'no_single' and ${quantity} - ${wanted} <> 1)))`;
}
