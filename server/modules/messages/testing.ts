import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import type { TestApp, TestClient } from '../../test/harness.js';
import { buyListing } from '../payouts/testing.js';

/** Helpers for API tests of what happens after a sale: a ticket really bought through the sandbox checkout. */

/**
 * Lists a ticket of `sellerId` (digital, or paper with `paper: true`) and buys it as `buyer` through the
 * sandbox checkout (hold, payment, card 4242), as a person would; returns the sold ticket's id.
 */
export async function buySoldTicket(
  harness: TestApp,
  sellerId: number,
  buyer: TestClient,
  options: { paper?: boolean; eventDate?: string } = {},
): Promise<number> {
  const db = harness.database.db;
  const { ticket } = await buyListing(harness, buyer, sellerId, {
    ...(options.eventDate ? { eventDate: options.eventDate } : {}),
  });
  // The ticket type does not change the sale; only barcodes care about it.
  if (options.paper)
    await db.update(tickets).set({ ticketType: 'paper', platform: null }).where(eq(tickets.id, ticket.id));
  return ticket.id;
}
