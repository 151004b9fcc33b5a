import { type SQL, sql } from 'drizzle-orm';
import { fanQueueEntries, fanQueueOffers, tickets } from '../../db/schema/index.js';

/**
 * The Fan Queue's hand-off (decision 0100): a row an open offer holds stays the queue's until the offer's
 * expiry job hands it on, even once its hold lapsed, so that no other buyer, bid or sweep takes it in the
 * gap. True in SQL when no open offer holds the `tickets` row of the statement for anyone but `memberId`
 * (for anyone at all without it). Kept apart from offers.ts so that holds can read it without a cycle.
 */
export function noOpenOfferSql(memberId?: number): SQL {
  const ofOthers =
    memberId === undefined
      ? sql``
      : sql` and exists (select 1 from ${fanQueueEntries} e where e.id = o.entry_id and e.user_id <> ${memberId})`;
  return sql`not exists (select 1 from ${fanQueueOffers} o where o.ticket_id = ${tickets.id} and o.status = 'open'${ofOthers})`;
}
