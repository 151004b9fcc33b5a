import { type SQL, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';

/**
 * common/price-comparison.ts atOrBelowOriginal in SQL (decision 0073): the listing's all-in price per
 * ticket reads "at" or "below" its original price (face value plus the original fee). Each argument an
 * integer column or expression of cents.
 */
export function atOrBelowOriginalSql(allIn: SQL, faceValue: SQL, serviceFee: SQL): SQL {
  const original = sql`(${faceValue}::bigint + ${serviceFee})`;
  return sql`(${original} > 0 and 200 * (${allIn}::bigint - ${original}) < ${original})`;
}

/** The same, of the `tickets` table's row. */
export const ticketAtOrBelowOriginal: SQL = atOrBelowOriginalSql(
  sql`${tickets.buyerPaysPerTicketCents}`,
  sql`${tickets.faceValueCents}`,
  sql`${tickets.serviceFeeCents}`,
);
