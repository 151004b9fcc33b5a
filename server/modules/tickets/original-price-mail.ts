import { eq } from 'drizzle-orm';
import { perTicketAgainstFaceValue } from '../../../common/price-comparison.js';
import type { DbOrTx } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';

/** What a listing's original price is made of, per ticket, for an e-mail that states its price (decision 0083). */
export interface OriginalPriceFacts {
  faceValueCents: number;
  serviceFeeCents: number;
}

/** The listing's face value and original fee, or null when it is gone. */
export async function originalPriceFactsOf(db: DbOrTx, ticketId: number): Promise<OriginalPriceFacts | null> {
  const [row] = await db
    .select({ faceValueCents: tickets.faceValueCents, serviceFeeCents: tickets.serviceFeeCents })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}

/**
 * The paragraph an e-mail adds after an amount charged for `quantity` tickets: the price per ticket all-in
 * (the amount is per ticket × quantity, decision 0073) and how it compares with face value plus the original
 * fee. None without the facts.
 */
export function originalPriceParagraphs(
  amountCents: number,
  quantity: number,
  original: OriginalPriceFacts | null | undefined,
): string[] {
  if (!original || quantity < 1) return [];
  const perTicket = Math.round(amountCents / quantity);
  return [perTicketAgainstFaceValue(perTicket, original.faceValueCents, original.serviceFeeCents)];
}
