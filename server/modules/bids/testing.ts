import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  bids,
  checkoutSessions,
  ledgerEntries,
  paymentCustomers,
  savedCards,
} from '../../db/schema/index.js';
import type { TestApp } from '../../test/harness.js';

/** Helpers for API tests of bids: sandbox saved cards inserted directly, the matcher run, the ledger audited. */

/**
 * A sandbox saved card of `userId` ending in `last4` (4242 pays, 0341 is declined, 3184 asks the cardholder);
 * `fingerprint` names the card number (the same card saved by two members has the same one).
 */
export async function insertSavedCard(
  db: DbOrTx,
  userId: number,
  last4 = '4242',
  fingerprint: string | null = null,
): Promise<string> {
  const customerId = `sbx_cus_${userId}`;
  await db.insert(paymentCustomers).values({ userId, provider: 'sandbox', customerId }).onConflictDoNothing();
  const id = `sbx_pm_${last4}_${randomBytes(6).toString('hex')}`;
  await db.insert(savedCards).values({
    id,
    userId,
    provider: 'sandbox',
    customerId,
    brand: 'visa',
    last4,
    expMonth: 12,
    expYear: 2040,
    fingerprint,
  });
  return id;
}

/** A valid POST /api/bids body. */
export function bidBody(cardId: string, overrides: Record<string, unknown> = {}) {
  return {
    eventName: 'Luna Ray Live',
    venue: 'Riverside Arena',
    eventDate: '2030-05-01',
    maxPrice: 500,
    quantity: 2,
    section: null,
    priority: 0,
    stripePaymentMethodId: cardId,
    ...overrides,
  };
}

/** Runs the matcher's due jobs in this instance and waits for them (and any run already under way). */
export async function runMatching(harness: TestApp): Promise<void> {
  await harness.app.bidMatching.runner.runOnce();
}

export async function bidRow(db: DbOrTx, bidId: number) {
  const [row] = await db.select().from(bids).where(eq(bids.id, bidId));
  if (!row) throw new Error(`no bid ${bidId}`);
  return row;
}

export async function sessionsOfBid(db: DbOrTx, bidId: number) {
  return db.select().from(checkoutSessions).where(eq(checkoutSessions.bidId, bidId));
}

/** Checkout sessions whose journals do not sum to zero (must be none). */
export async function unbalancedSessions(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ session: ledgerEntries.checkoutSessionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.checkoutSessionId, ledgerEntries.journal)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
  return rows.map((row) => row.session);
}
