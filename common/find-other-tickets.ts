import { eventPath } from './event-path.js';
import { onSaleAt, type SaleDays } from './on-sale.js';
import type { RefundCause } from './sale-vocabulary.js';

/**
 * "Find other tickets" (issue 44 item 5, decision 0087): a buyer whose sale was refunded through no choice
 * of theirs (the seller did not transfer, support refunded it, a report was upheld, a refund at the
 * provider) is offered the show's other listings at the same or a lower all-in price per ticket. Not after
 * a cancelled show (there is none to go to), a refund the buyer asked for (a postponed show) or a
 * chargeback (the buyer's bank took the money back).
 */
export const FIND_OTHER_TICKETS_CAUSES: readonly RefundCause[] = [
  'transfer_deadline',
  'admin',
  'dispute',
  'provider',
];

export interface RefundedSale extends SaleDays {
  eventId: number | null;
  eventName: string;
  /** What the buyer paid per ticket, all-in. */
  buyerPaysPerTicketCents: number;
  refundCause: RefundCause | null;
}

/**
 * The show's page with only the listings at most the refunded price per ticket (`?maxPrice=` in dollars),
 * or null: no cause to offer it, no show page (a listing outside the catalog), or the show no longer on sale.
 */
export function findOtherTicketsPath(sale: RefundedSale, now: Date): string | null {
  if (sale.refundCause === null || !FIND_OTHER_TICKETS_CAUSES.includes(sale.refundCause)) return null;
  if (sale.eventId === null || !onSaleAt(sale, now)) return null;
  const dollars = (sale.buyerPaysPerTicketCents / 100).toFixed(2);
  return `${eventPath(sale.eventId, sale.eventName)}?maxPrice=${dollars}`;
}
