import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { VERIFICATION_THRESHOLD_CENTS } from '../../../common/verified-sellers.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets, users } from '../../db/schema/index.js';

/**
 * Listings above the verification threshold wait for their seller's verification (issue 44 item 4,
 * decision 0086). A waiting listing is 'pending', which every list, page, search index, hold and checkout
 * already leaves out (as a suspended seller's are), and marked awaiting_verification, so it and only it goes
 * live when the seller is verified.
 */

/** The listing's price per ticket, all-in, is above the threshold and its seller is not verified. */
const mustWait = sql`(${tickets.buyerPaysPerTicketCents} > ${VERIFICATION_THRESHOLD_CENTS} and not ${tickets.sellerVerified})`;

/**
 * After a listing is created or edited: one above the threshold whose seller is not verified waits; one
 * that was waiting and no longer must (a lower price, or its seller verified meanwhile) goes live. A sold
 * listing, or one taken off sale for another reason (a suspension), is left alone. Whether it waits now.
 */
export async function gateOnVerification(tx: DbOrTx, ticketId: number): Promise<boolean> {
  const [row] = await tx
    .update(tickets)
    .set({
      status: sql`case when ${mustWait} then 'pending' else 'available' end`,
      awaitingVerification: mustWait,
    })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.sold, false),
        sql`(${tickets.status} = 'available' or ${tickets.awaitingVerification})`,
        sql`(${tickets.awaitingVerification} or ${mustWait})`,
      ),
    )
    .returning({ awaiting: tickets.awaitingVerification });
  return row?.awaiting ?? false;
}

/**
 * The seller was verified: their waiting listings go live, unless the seller is suspended (a suspension
 * keeps everything of theirs off sale). Returns the listings now on sale, for bids and price alerts.
 */
export async function releaseListingsAwaitingVerification(tx: DbOrTx, sellerId: number): Promise<number[]> {
  const rows = await tx
    .update(tickets)
    .set({ status: 'available', awaitingVerification: false })
    .where(
      and(
        eq(tickets.sellerId, sellerId),
        eq(tickets.awaitingVerification, true),
        eq(tickets.status, 'pending'),
        eq(tickets.sold, false),
        sql`exists (select 1 from ${users} where ${users.id} = ${sellerId} and ${isNull(users.suspendedAt)})`,
      ),
    )
    .returning({ id: tickets.id });
  return rows.map((row) => row.id);
}

/** How many of the seller's listings wait for their verification. */
export async function listingsAwaitingVerification(db: DbOrTx, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    .where(
      and(eq(tickets.sellerId, sellerId), eq(tickets.awaitingVerification, true), eq(tickets.sold, false)),
    );
  return row?.total ?? 0;
}

/** Whether `ticketId` is the seller's first listing (parts carved for buyers are not listings of their own). */
export async function isFirstListing(db: DbOrTx, sellerId: number, ticketId: number): Promise<boolean> {
  const [row] = await db
    .select({ total: count() })
    .from(tickets)
    .where(
      and(
        eq(tickets.sellerId, sellerId),
        isNull(tickets.splitFromTicketId),
        sql`${tickets.id} <> ${ticketId}`,
      ),
    );
  return (row?.total ?? 0) === 0;
}
