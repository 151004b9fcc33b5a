import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { onSaleAt } from '../../../common/on-sale.js';
import { type PriceBreakdown, saleBreakdown } from '../../../common/pricing.js';
import { BID_QUANTITY_MAX } from '../../../common/schemas/bids.js';
import { allowedQuantities } from '../../../common/splits.js';
import type { DbOrTx } from '../../db/client.js';
import { bids, checkoutSessions, tickets } from '../../db/schema/index.js';
import { type JobOutcome, jobDone } from '../../jobs/queue.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { ratingJoinedOn, userRating } from '../reviews/ratings.js';
import type { MoneyDeps } from '../sales/deps.js';
import { splitAllowsSql } from '../tickets/splits.js';
import { type Candidate, chargeBidPurchase, resolveBidPurchase, startBidPurchase } from './purchase.js';
import { BID_MATCH_LISTING_JOB } from './schedule.js';

/**
 * Matching (issue 24 §3; decision 0045): which active bids may buy a listing, best first, and the runs that
 * buy it. Everything here is safe to run in several instances at once: the purchase itself is decided by
 * the hold's conditional update and the bid row's lock.
 */

/** Candidate bids tried per run; a listing rarely has more bids than this that all decline. */
const CANDIDATES_PER_RUN = 20;
/** Listings a new bid looks at (cheapest first). */
const LISTINGS_PER_BID = 20;

type TicketRow = typeof tickets.$inferSelect;

export interface ListingFacts {
  eventId: number | null;
  eventName: string;
  eventDate: string;
  section: string;
  sellerId: number;
}

/** A quantity a listing sells under its split rule (decision 0062), and what that many cost all-in. */
export interface BidOffer {
  quantity: number;
  allInCents: number;
}

/** What a listing offers bids: each quantity its split rule allows that a bid may ask for, priced. */
export function offersOf(ticket: TicketRow): { quantity: number; sale: PriceBreakdown }[] {
  return allowedQuantities(ticket.splitRule, ticket.quantity)
    .filter((quantity) => quantity <= BID_QUANTITY_MAX)
    .map((quantity) => ({
      quantity,
      sale: saleBreakdown({
        perTicketCents: ticket.listingPriceCents,
        markupPercent: ticket.markup,
        quantity,
      }),
    }));
}

/**
 * The candidate bids for one listing, best first: the bidder with the better rating (decision 0016's, from
 * submitted reviews; none comes after any), then the oldest bid (decision 0054). One statement: each branch
 * an index range scan (bids_match_event_idx for bids on a catalog event, bids_match_name_idx for bids by name
 * and date), then each candidate's rating through reviews_target_submitted_idx. A bid matches an offer of
 * its own quantity at or below its price (decision 0062). Every rule but the ticket's own state is here;
 * that state is the hold's business.
 */
export function candidateBidsQuery(
  db: DbOrTx,
  listing: ListingFacts,
  offers: BidOffer[],
  sellerRating: number | null,
  now: Date,
  limit = CANDIDATES_PER_RUN,
) {
  const offered = sql`(values ${sql.join(
    offers.map((offer) => sql`(${offer.quantity}::int, ${offer.allInCents}::int)`),
    sql`, `,
  )}) as offer(quantity, all_in)`;
  const rules = sql`b.quantity = offer.quantity and b.max_price_cents >= offer.all_in
      and (b.section is null or lower(b.section) = lower(${listing.section}))
      and (b.min_seller_rating is null or b.min_seller_rating <= ${sellerRating}::float8)
      and b.user_id <> ${listing.sellerId}
      and b.expires_at > ${now.toISOString()}::timestamptz
      and not b.matched`;
  const byEvent =
    listing.eventId === null
      ? sql``
      : sql`select b.id, b.user_id, b.stripe_payment_method_id, b.quantity, b.created_at from ${bids} b
          join ${offered} on true
          where b.is_active and b.event_id = ${listing.eventId} and ${rules}
          union all `;
  // The candidates take the table's name, so the shared rating subquery can name their bidder as bids.user_id.
  const rating = ratingJoinedOn(db, bids.userId);
  return sql`select ${bids.id}, ${bids.userId}, ${bids.stripePaymentMethodId}, ${bids.quantity} from (${byEvent}
      select b.id, b.user_id, b.stripe_payment_method_id, b.quantity, b.created_at from ${bids} b
      join ${offered} on true
      where b.is_active and b.event_id is null and lower(b.event_name) = lower(${listing.eventName})
        and b.event_date = ${listing.eventDate} and ${rules}
    ) ${bids}
    left join lateral ${rating} on true
    order by ${rating.averageRating} desc nulls last, ${bids.createdAt}, ${bids.id}
    limit ${limit}`;
}

export async function candidateBids(
  db: DbOrTx,
  listing: ListingFacts,
  offers: BidOffer[],
  sellerRating: number | null,
  now: Date,
): Promise<Candidate[]> {
  if (offers.length === 0) return [];
  const result = (await db.execute(
    candidateBidsQuery(db, listing, offers, sellerRating, now),
  )) as unknown as {
    rows: { id: number; user_id: number; stripe_payment_method_id: string; quantity: number }[];
  };
  return result.rows.map((row) => ({
    id: Number(row.id),
    userId: Number(row.user_id),
    paymentMethodId: row.stripe_payment_method_id,
    quantity: Number(row.quantity),
  }));
}

/** When a live hold or an open editor on the ticket ends, or null when it is free now. */
function busyUntil(ticket: TicketRow, now: Date): Date | null {
  const until = [ticket.lockExpiresAt, ticket.editingBy !== null ? ticket.editExpiresAt : null]
    .filter((at): at is Date => at !== null && at > now)
    .sort((a, b) => b.getTime() - a.getTime());
  return until[0] ?? null;
}

/** Bid purchases of this ticket whose confirmation time is over are settled first, releasing the ticket. */
async function settleLapsedPurchases(deps: MoneyDeps, ticketId: number, now: Date): Promise<void> {
  const lapsed = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.ticketId, ticketId),
        eq(checkoutSessions.kind, 'off_session'),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.outcome),
        lte(checkoutSessions.expiresAt, now),
      ),
    );
  for (const { id } of lapsed) await resolveBidPurchase(deps, id);
}

/**
 * The job of a listing that became buyable: the best matching bid buys it; when that card is declined the
 * next one tries. A held or edited listing is looked at again when the hold or the editor lapses.
 */
export async function matchListing(deps: MoneyDeps, ticketId: number): Promise<JobOutcome> {
  for (let round = 0; round < 3; round++) {
    const now = deps.clock.now();
    await settleLapsedPurchases(deps, ticketId, now);
    const [ticket] = await deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket || ticket.sold || ticket.status !== 'available' || !onSaleAt(ticket, now)) return jobDone;
    const busy = busyUntil(ticket, now);
    if (busy) return { retryAt: busy, note: 'held or being edited; matched once free' };
    const offers = offersOf(ticket);
    const rating = (await userRating(deps.db, ticket.sellerId)).averageRating;
    const priced = offers.map(({ quantity, sale }) => ({ quantity, allInCents: sale.buyerPaysCents }));
    const candidates = await candidateBids(deps.db, ticket, priced, rating, now);
    // The listing changed under us (held by someone, edited, sold, or partly sold to a bid): look again.
    let lookAgain = false;
    for (const candidate of candidates) {
      const sale = offers.find((offer) => offer.quantity === candidate.quantity)?.sale;
      if (!sale) continue;
      const started = await startBidPurchase(deps, candidate, ticket, sale);
      if (started === 'next') continue;
      if (started === 'unavailable') {
        lookAgain = true;
        break;
      }
      const step = await chargeBidPurchase(deps, started.sessionId);
      // A bid that bought part of the listing leaves the rest on sale: the next round offers it again.
      if (step === 'sold' && started.ticketId === ticketId) return jobDone;
      if (step === 'sold') {
        lookAgain = true;
        break;
      }
      if (step === 'waiting') {
        const [session] = await deps.db
          .select({ expiresAt: checkoutSessions.expiresAt })
          .from(checkoutSessions)
          .where(eq(checkoutSessions.id, started.sessionId));
        return { retryAt: session?.expiresAt ?? now, note: 'waiting for the bidder to confirm the payment' };
      }
      if (step === 'lost') {
        lookAgain = true;
        break;
      }
    }
    if (!lookAgain) return jobDone;
  }
  return jobDone;
}

/** Buyable listings a bid may buy, cheapest first (the per-listing run checks every rule exactly). */
async function listingsForBid(db: DbOrTx, bid: typeof bids.$inferSelect, now: Date): Promise<number[]> {
  const event =
    bid.eventId !== null
      ? eq(tickets.eventId, bid.eventId)
      : and(sql`lower(${tickets.eventName}) = lower(${bid.eventName})`, eq(tickets.eventDate, bid.eventDate));
  const rows = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        event,
        splitAllowsSql(sql`${tickets.quantity}`, sql`${tickets.splitRule}`, sql`${bid.quantity}::int`),
        eq(tickets.sold, false),
        eq(tickets.status, 'available'),
        sql`${tickets.sellerId} <> ${bid.userId}`,
        listingOnSaleSql(now),
        bid.section === null ? undefined : sql`lower(${tickets.section}) = lower(${bid.section})`,
        // The all-in price of a ticket is the same at every quantity (decision 0073): × the bid's quantity
        // it is exactly what the bid would be charged (the run checks it again with saleBreakdown).
        sql`${tickets.buyerPaysPerTicketCents}::bigint * ${bid.quantity}::int <= ${bid.maxPriceCents}::bigint`,
      ),
    )
    .orderBy(tickets.buyerPaysPerTicketCents, tickets.id)
    .limit(LISTINGS_PER_BID);
  return rows.map((row) => row.id);
}

/** The job of a new bid: listings already on sale are matched as if they had just been listed. */
export async function matchBid(deps: MoneyDeps, bidId: number): Promise<JobOutcome> {
  const now = deps.clock.now();
  const [bid] = await deps.db
    .select()
    .from(bids)
    .where(and(eq(bids.id, bidId), eq(bids.isActive, true), gt(bids.expiresAt, now)));
  if (!bid) return jobDone;
  for (const ticketId of await listingsForBid(deps.db, bid, now)) {
    await matchListing(deps, ticketId);
    const [still] = await deps.db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.id, bidId), eq(bids.isActive, true)));
    if (!still) break;
  }
  return jobDone;
}

/** Active bids one sweep looks at; the next sweep goes on after the last of them, then from the start. */
export const SWEEP_BIDS_PER_RUN = 500;
/** Listings the sweep hands on per bid: the listing's own job then decides which bid buys it. */
const SWEEP_LISTINGS_PER_BID = 5;

export interface UnmatchedListings {
  ticketIds: number[];
  /** The last bid looked at, for the next sweep's `afterBidId`; null when the walk reached the end. */
  lastBidId: number | null;
}

/**
 * Sweep: listings some active bid may buy but no matching job is pending for (a crash between a listing's
 * change and its job, say). Bounded by design: it walks SWEEP_BIDS_PER_RUN active bids after `afterBidId`,
 * and each bid reads its event's listings through an index (tickets_event_idx for a catalog event,
 * tickets_event_date_idx for a name and date), a few at most. A join of every bid with every listing took
 * longer than the statement timeout at 10,000 bids and 100,000 listings.
 */
export async function unmatchedListings(
  db: DbOrTx,
  now: Date,
  afterBidId = 0,
  batch = SWEEP_BIDS_PER_RUN,
): Promise<UnmatchedListings> {
  const walked = await db
    .select({ id: bids.id })
    .from(bids)
    .where(and(eq(bids.isActive, true), gt(bids.expiresAt, now), gt(bids.id, afterBidId)))
    .orderBy(bids.id)
    .limit(batch);
  if (walked.length === 0) return { ticketIds: [], lastBidId: null };
  const ids = sql.join(
    walked.map((bid) => sql`${bid.id}`),
    sql`, `,
  );
  const at = sql`${now.toISOString()}::timestamptz`;
  const buyable = sql`${splitAllowsSql(sql`t.quantity`, sql`t.split_rule`, sql`b.quantity`)}
      and not t.sold and t.status = 'available'
      and t.seller_id <> b.user_id and ${listingOnSaleSql(now, 't')}
      and (b.section is null or lower(b.section) = lower(t.section))
      and t.buyer_pays_per_ticket_cents * b.quantity <= b.max_price_cents + b.quantity + 1
      and (t.lock_expires_at is null or t.lock_expires_at <= ${at})
      and not exists (select 1 from jobs j where j.kind = ${BID_MATCH_LISTING_JOB} and j.key = 'ticket:' || t.id and j.done_at is null)`;
  const result = (await db.execute(sql`
    select l.id from ${bids} b cross join lateral (
      select t.id from ${tickets} t where t.event_id = b.event_id and ${buyable} limit ${SWEEP_LISTINGS_PER_BID}
    ) l where b.id in (${ids}) and b.event_id is not null
    union
    select l.id from ${bids} b cross join lateral (
      select t.id from ${tickets} t
      where t.event_date = b.event_date and lower(t.event_name) = lower(b.event_name) and ${buyable}
      limit ${SWEEP_LISTINGS_PER_BID}
    ) l where b.id in (${ids}) and b.event_id is null`)) as unknown as { rows: { id: number }[] };
  const lastBidId = walked.length < batch ? null : (walked.at(-1)?.id ?? null);
  return { ticketIds: result.rows.map((row) => Number(row.id)), lastBidId };
}
