import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';

export interface CompletedSale {
  orderId: number;
  ticketId: number;
  buyerId: number;
  sellerId: number;
  /** What the buyer paid for the tickets. */
  totalCents: number;
}

/**
 * A completed transfer asks both sides for a review; calling it again for the same sale adds nothing. A sale
 * at no price asks for none: trading free tickets back and forth must not build a reputation (decision 0039).
 */
export async function createPendingReviews(db: DbOrTx, sale: CompletedSale, now: Date): Promise<void> {
  if (sale.totalCents <= 0) return;
  const common = { orderId: sale.orderId, ticketId: sale.ticketId, createdAt: now };
  await db
    .insert(reviews)
    .values([
      { ...common, reviewerId: sale.buyerId, targetUserId: sale.sellerId, reviewType: 'buyer_to_seller' },
      { ...common, reviewerId: sale.sellerId, targetUserId: sale.buyerId, reviewType: 'seller_to_buyer' },
    ])
    .onConflictDoNothing({ target: [reviews.orderId, reviews.reviewType] });
}

/**
 * A refunded sale asks for no review: the ones still pending are withdrawn (kept for the record, never
 * shown or counted). Called in the refund's transaction, under the sale's locks.
 */
export async function withdrawPendingReviews(db: DbOrTx, orderId: number): Promise<void> {
  await db
    .update(reviews)
    .set({ status: 'withdrawn' })
    .where(and(eq(reviews.orderId, orderId), eq(reviews.status, 'pending')));
}

/** How many reviews the user still owes (the navigation badge and GET /api/notifications). */
export async function countPendingReviews(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(reviews)
    .where(and(eq(reviews.reviewerId, userId), eq(reviews.status, 'pending')));
  return row?.count ?? 0;
}
