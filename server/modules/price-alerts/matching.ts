import { eq, type SQL, sql } from 'drizzle-orm';
import { onSaleAt } from '../../../common/on-sale.js';
import type { SplitRule } from '../../../common/splits.js';
import type { DbOrTx } from '../../db/client.js';
import { events, jobs, priceAlerts, tickets } from '../../db/schema/index.js';
import { type JobOutcome, jobDone } from '../../jobs/queue.js';
import { splitAllowsSql } from '../tickets/splits.js';

/**
 * Matching (decision 0060): when a listing becomes buyable, the active alerts of its event that it fits
 * become `matched`, each with a durable e-mail job, in one statement per batch on price_alerts_match_idx.
 */

export const PRICE_ALERT_MATCH_LISTING_JOB = 'price_alert_match_listing';
export const PRICE_ALERT_MATCHED_MAIL_JOB = 'price_alert_matched_mail';
/** Alerts matched per statement; a run repeats until a batch comes back short. */
const MATCH_BATCH = 1_000;

/**
 * Whether an alert (`a`) for its quantity fits a listing of `listingQuantity` tickets: the listing's split
 * rule sells that many (decision 0062).
 */
export function alertQuantityFits(listingQuantity: number, splitRule: SplitRule): SQL {
  return splitAllowsSql(sql`${listingQuantity}::int`, sql`${splitRule}::text`, sql`a.quantity`);
}

/** When a live hold or an open editor on the ticket ends, or null when it is free now. */
function busyUntil(ticket: typeof tickets.$inferSelect, now: Date): Date | null {
  const until = [ticket.lockExpiresAt, ticket.editingBy !== null ? ticket.editExpiresAt : null]
    .filter((at): at is Date => at !== null && at > now)
    .sort((a, b) => b.getTime() - a.getTime());
  return until[0] ?? null;
}

/** One batch: answers how many alerts it matched. */
async function matchBatch(
  db: DbOrTx,
  ticket: {
    id: number;
    eventId: number;
    quantity: number;
    splitRule: SplitRule;
    priceCents: number;
    sellerId: number;
  },
  now: Date,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with candidates as (
      select a.id from ${priceAlerts} a
      where a.status = 'active' and a.event_id = ${ticket.eventId} and ${alertQuantityFits(ticket.quantity, ticket.splitRule)}
        and a.max_price_cents >= ${ticket.priceCents} and a.user_id <> ${ticket.sellerId}
      order by a.id
      limit ${MATCH_BATCH}
      for update skip locked
    ),
    matched as (
      update ${priceAlerts} a
      set status = 'matched', matched_ticket_id = ${ticket.id}, matched_at = ${at}, ended_at = ${at}
      from candidates c
      where a.id = c.id and a.status = 'active'
      returning a.id
    )
    insert into ${jobs} (kind, key, run_at, payload)
    select ${PRICE_ALERT_MATCHED_MAIL_JOB}, 'alert:' || id, ${at}, jsonb_build_object('alertId', id)
    from matched
    on conflict (kind, key) do nothing
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/**
 * The job of a listing that became buyable: every active alert of its event that it fits is matched. A
 * held or edited listing is looked at again when the hold or the editor lapses; a listing of a cancelled or
 * past event, a sold or withdrawn one, matches nothing.
 */
export async function matchListingAlerts(db: DbOrTx, ticketId: number, now: Date): Promise<JobOutcome> {
  const [row] = await db
    .select({ ticket: tickets, eventStatus: events.status })
    .from(tickets)
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, ticketId));
  if (!row) return jobDone;
  const { ticket } = row;
  const eventId = ticket.eventId;
  if (eventId === null) return jobDone;
  if (ticket.sold || ticket.status !== 'available' || row.eventStatus === 'cancelled') return jobDone;
  if (!onSaleAt(ticket, now)) return jobDone;
  const busy = busyUntil(ticket, now);
  if (busy) return { retryAt: busy, note: 'held or being edited; alerts matched once free' };
  const facts = {
    id: ticket.id,
    eventId,
    quantity: ticket.quantity,
    splitRule: ticket.splitRule,
    priceCents: ticket.buyerPaysPerTicketCents,
    sellerId: ticket.sellerId,
  };
  while ((await matchBatch(db, facts, now)) === MATCH_BATCH);
  return jobDone;
}
