import { expect } from 'vitest';
import type { Clock } from '../../lib/clock.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { buyListing, testJobRunner } from '../payouts/testing.js';
import { completeTransfer, initiateTransfer } from '../transfers/service.js';

/** Helpers for tests of the ledger's self-check (decision 0068). */

/** A period wide enough for any test: rows carry the database's time, sessions the test clock's. */
export const ALL_TIME = { start: new Date('2000-01-01T00:00:00Z'), end: new Date('2100-01-01T00:00:00Z') };

const PAYOUT_DUE = new Date('2030-05-04T04:00:00Z');
const HOUR = 3_600_000;

/**
 * Sales in every state through the real paths: one paid out (released), one refunded by an admin with the
 * provider's refund made, and one in escrow. The clock ends past the first two's payout date.
 */
export async function salesInEveryState(harness: TestApp, clock: Clock & { set(at: Date): void }) {
  const db = harness.database.db;
  const seller = await createTestUser(db);
  const buyerAccount = await createTestUser(db);
  const buyer: TestClient = await signedInClient(harness, buyerAccount.id);
  const admin = await signedInClient(harness, (await createTestUser(db, { role: 'admin' })).id);
  const paidOut = await buyListing(harness, buyer, seller.id);
  const refunded = await buyListing(harness, buyer, seller.id);
  await initiateTransfer(db, paidOut.ticket.id, seller.id, clock.now());
  await completeTransfer(db, paidOut.ticket.id, { kind: 'buyer', userId: buyerAccount.id }, clock.now());
  const refund = await admin.post(`/api/admin/transactions/${refunded.order.id}/refund`, {
    reason: 'The seller cannot deliver',
  });
  expect(refund.status, refund.text).toBe(200);
  clock.set(new Date(PAYOUT_DUE.getTime() + HOUR));
  const runner = testJobRunner(harness, clock);
  await runner.runOnce();
  await runner.runOnce();
  // Bought last, for a later show, so the jobs above leave it in escrow.
  const inEscrow = await buyListing(harness, buyer, seller.id, { eventDate: '2030-09-01' });
  return { inEscrow: inEscrow.order, paidOut: paidOut.order, refunded: refunded.order, admin };
}
