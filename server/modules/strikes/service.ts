import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { StrikeReview, StrikeReviewsPage } from '../../../common/schemas/strikes.js';
import { STRIKE_WINDOW_DAYS, STRIKES_TO_PAUSE } from '../../../common/strikes.js';
import { STRIKE_TEXT } from '../../../common/texts/strikes.js';
import { paragraphMail } from '../../adapters/mail/paragraph-mail.js';
import type { Db, Tx } from '../../db/client.js';
import { events, sellerStrikes, strikeReviews, tickets, users } from '../../db/schema/index.js';
import { Conflict, NotFound } from '../../errors.js';
import { enqueueJob, type JobHandler, type JobOutcome, jobDone } from '../../jobs/queue.js';
import { listingOnSaleSql } from '../../lib/on-sale-sql.js';
import { recordAdminAction } from '../audit/service.js';
import type { MoneyDeps } from '../sales/deps.js';
import { contactOf } from '../sales/sale.js';
import { offSaleNow } from '../tickets/off-sale.js';

/**
 * Strikes (issue 44 item 5, decision 0087). The transfer deadline job strikes the seller in the same
 * transaction that refunds the buyer; the third strike within twelve months pauses the seller's listings on
 * sale ('pending', which every list, page, hold and payment already leaves out, as a suspension does) and
 * opens a review that an admin lifts with a reason.
 */

const DAY_MS = 24 * 60 * 60_000;
export const STRIKE_MAIL_JOB = 'strike_mail';

/** Strikes the seller has had within the twelve months before `now`. */
async function strikesWithinWindow(tx: Tx, sellerId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - STRIKE_WINDOW_DAYS * DAY_MS);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(sellerStrikes)
    .where(and(eq(sellerStrikes.sellerId, sellerId), gt(sellerStrikes.struckAt, since)));
  return row?.count ?? 0;
}

/**
 * One strike for the lapsed sale `orderId` (a second call for the same sale does nothing). When it makes
 * STRIKES_TO_PAUSE within twelve months and no review is open, the seller's listings on sale are paused for
 * review, with their holds and edits ended, and the seller is e-mailed (a durable job in this transaction).
 * A buyer's checkout on a paused listing is refunded by fulfilment rather than sold (the version moved on).
 */
export async function strikeSeller(
  tx: Tx,
  strike: { orderId: number; sellerId: number; now: Date },
): Promise<void> {
  const { orderId, sellerId, now } = strike;
  const [struck] = await tx
    .insert(sellerStrikes)
    .values({ orderId, sellerId, struckAt: now })
    .onConflictDoNothing()
    .returning({ orderId: sellerStrikes.orderId });
  if (!struck) return;
  const strikes = await strikesWithinWindow(tx, sellerId, now);
  if (strikes < STRIKES_TO_PAUSE) return;
  const [open] = await tx
    .select({ id: strikeReviews.id })
    .from(strikeReviews)
    .where(and(eq(strikeReviews.sellerId, sellerId), isNull(strikeReviews.liftedAt)));
  if (open) return;
  const paused = await tx
    .update(tickets)
    .set(offSaleNow(now))
    .where(and(eq(tickets.sellerId, sellerId), eq(tickets.sold, false), eq(tickets.status, 'available')))
    .returning({ id: tickets.id });
  const [review] = await tx
    .insert(strikeReviews)
    .values({ sellerId, pausedAt: now, strikes, listingsPaused: paused.map((row) => row.id) })
    .returning({ id: strikeReviews.id });
  if (!review) throw new Error('strike review insert returned no row');
  await enqueueJob(tx, {
    kind: STRIKE_MAIL_JOB,
    key: `${review.id}:paused`,
    runAt: now,
    payload: { reviewId: review.id, lifted: false },
  });
}

/** Whether the seller's listings are paused for a review still open. */
export async function pausedForReview(tx: Tx, sellerId: number): Promise<boolean> {
  const [open] = await tx
    .select({ id: strikeReviews.id })
    .from(strikeReviews)
    .where(and(eq(strikeReviews.sellerId, sellerId), isNull(strikeReviews.liftedAt)));
  return open !== undefined;
}

/** A seller paused for review lists nothing new until the pause is lifted (409). */
export async function assertNotPausedForReview(tx: Tx, sellerId: number): Promise<void> {
  if (await pausedForReview(tx, sellerId)) throw new Conflict(STRIKE_TEXT.pausedForReview);
}

/**
 * POST /api/admin/strike-reviews/{id}/lift: in one transaction with its audit entry, the review is closed
 * with the admin's reason and the listings it paused come back on sale while each is still valid (still
 * paused, unsold, for a show on sale and not cancelled); the seller is e-mailed. A suspended seller's pause
 * is not lifted: reinstating comes first (409). Returns the listings back on sale, for the caller to match
 * against bids and alerts.
 */
export async function liftStrikePause(
  db: Db,
  adminId: number,
  reviewId: number,
  reason: string,
  now: Date,
): Promise<{ username: string; restoredListings: number[] }> {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        sellerId: strikeReviews.sellerId,
        liftedAt: strikeReviews.liftedAt,
        listingsPaused: strikeReviews.listingsPaused,
        strikes: strikeReviews.strikes,
        username: users.username,
        suspendedAt: users.suspendedAt,
      })
      .from(strikeReviews)
      .innerJoin(users, eq(users.id, strikeReviews.sellerId))
      .where(eq(strikeReviews.id, reviewId))
      .for('update', { of: strikeReviews });
    if (!review) throw new NotFound(STRIKE_TEXT.reviewNotFound);
    if (review.liftedAt) throw new Conflict(STRIKE_TEXT.alreadyLifted);
    if (review.suspendedAt) throw new Conflict(STRIKE_TEXT.sellerSuspended);
    const restored =
      review.listingsPaused.length === 0
        ? []
        : await tx
            .update(tickets)
            .set({ status: 'available', version: sql`${tickets.version} + 1`, updatedAt: now })
            .where(
              and(
                inArray(tickets.id, review.listingsPaused),
                eq(tickets.sellerId, review.sellerId),
                eq(tickets.status, 'pending'),
                eq(tickets.sold, false),
                listingOnSaleSql(now),
                sql`not exists (select 1 from ${events} where ${events.id} = ${tickets.eventId} and ${events.status} = 'cancelled')`,
              ),
            )
            .returning({ id: tickets.id });
    await tx
      .update(strikeReviews)
      .set({ liftedAt: now, liftedBy: adminId, liftReason: reason })
      .where(eq(strikeReviews.id, reviewId));
    await recordAdminAction(tx, {
      adminId,
      action: 'strike.lift',
      targetType: 'user',
      targetId: review.sellerId,
      before: { pausedForReview: true, strikes: review.strikes },
      after: { pausedForReview: false, reason, listingsRestored: restored.map((row) => row.id) },
    });
    await enqueueJob(tx, {
      kind: STRIKE_MAIL_JOB,
      key: `${reviewId}:lifted`,
      runAt: now,
      payload: { reviewId, lifted: true },
    });
    return { username: review.username, restoredListings: restored.map((row) => row.id) };
  });
}

/** GET /api/admin/strike-reviews: the open reviews (or the lifted ones), newest first, a page at a time. */
export async function listStrikeReviews(
  db: Db,
  query: { open: boolean; page: number; pageSize: number },
): Promise<StrikeReviewsPage> {
  const where = query.open ? isNull(strikeReviews.liftedAt) : sql`${strikeReviews.liftedAt} is not null`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: strikeReviews.id,
        sellerId: strikeReviews.sellerId,
        username: users.username,
        strikes: strikeReviews.strikes,
        pausedAt: strikeReviews.pausedAt,
        listingsPaused: sql<number>`cardinality(${strikeReviews.listingsPaused})::int`,
        liftedAt: strikeReviews.liftedAt,
        liftReason: strikeReviews.liftReason,
      })
      .from(strikeReviews)
      .innerJoin(users, eq(users.id, strikeReviews.sellerId))
      .where(where)
      .orderBy(desc(strikeReviews.pausedAt), desc(strikeReviews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(strikeReviews).where(where),
  ]);
  return {
    rows: rows.map(
      (row): StrikeReview => ({
        ...row,
        pausedAt: row.pausedAt.toISOString(),
        liftedAt: row.liftedAt?.toISOString() ?? null,
      }),
    ),
    total: total?.count ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function reviewMailOf(payload: Record<string, unknown>): { reviewId: number; lifted: boolean } {
  const { reviewId, lifted } = payload;
  if (!Number.isInteger(reviewId) || typeof lifted !== 'boolean')
    throw new Error('job payload has no reviewId and lifted');
  return { reviewId: reviewId as number, lifted };
}

/** The e-mail of a pause or of its lifting; a mailer failure throws and the runner retries. */
async function runStrikeMail(
  deps: MoneyDeps,
  mail: { reviewId: number; lifted: boolean },
): Promise<JobOutcome> {
  const [review] = await deps.db
    .select({
      sellerId: strikeReviews.sellerId,
      strikes: strikeReviews.strikes,
      reason: strikeReviews.liftReason,
    })
    .from(strikeReviews)
    .where(eq(strikeReviews.id, mail.reviewId));
  if (!review) return jobDone;
  const seller = await contactOf(deps.db, review.sellerId);
  await deps.mailer.send(
    mail.lifted
      ? paragraphMail(
          seller.email,
          STRIKE_TEXT.liftedSubject,
          STRIKE_TEXT.liftedMail(seller.firstName, review.reason ?? '', deps.appUrl),
        )
      : paragraphMail(
          seller.email,
          STRIKE_TEXT.pausedSubject,
          STRIKE_TEXT.pausedMail(seller.firstName, review.strikes, deps.appUrl),
        ),
  );
  return jobDone;
}

export function strikeJobHandlers(deps: MoneyDeps): Record<string, JobHandler> {
  return { [STRIKE_MAIL_JOB]: (job) => runStrikeMail(deps, reviewMailOf(job.payload)) };
}
