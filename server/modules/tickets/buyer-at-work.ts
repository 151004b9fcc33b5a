import { and, isNull, or, type SQL, sql } from 'drizzle-orm';
import { checkoutSessions, tickets } from '../../db/schema/index.js';

/**
 * No buyer is at work on the ticket: no live hold, no checkout session that can still be paid, and no paid
 * one waiting for fulfilment, on the listing or on a part of it a buyer is taking (decision 0062). A
 * seller's change then would charge a buyer for a listing that is gone or different, and refund them
 * (issue 21; decision 0032).
 */
export function noBuyerAtWork(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const checkoutLive = (ticketId: SQL) =>
    sql`exists (select 1 from ${checkoutSessions} where ${checkoutSessions.ticketId} = ${ticketId} and ((${checkoutSessions.status} = 'open' and ${checkoutSessions.expiresAt} > ${at}) or (${checkoutSessions.status} = 'paid' and ${checkoutSessions.outcome} is null)))`;
  return and(
    or(
      isNull(tickets.currentViewerId),
      isNull(tickets.lockExpiresAt),
      sql`${tickets.lockExpiresAt} <= ${at}`,
    ),
    sql`not ${checkoutLive(sql`${tickets.id}`)}`,
    sql`not exists (select 1 from ${tickets} as part where part.split_from_ticket_id = ${tickets.id}
      and not part.sold and part.status = 'available'
      and (part.lock_expires_at > ${at} or ${checkoutLive(sql`part.id`)}))`,
  );
}
