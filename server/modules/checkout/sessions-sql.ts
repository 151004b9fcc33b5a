import { and, eq, type SQL } from 'drizzle-orm';
import { checkoutSessions } from '../../db/schema/index.js';

/** One buyer's checkout sessions of one ticket, in the states `conditions` name. */
export function buyerSessionsOf(ticketId: number, buyerId: number, ...conditions: SQL[]): SQL | undefined {
  return and(eq(checkoutSessions.ticketId, ticketId), eq(checkoutSessions.buyerId, buyerId), ...conditions);
}
