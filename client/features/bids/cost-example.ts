import { PROCESSING_FEE_PERCENT, processingFeeCents } from '@common/pricing';

/** The amount the cost example shows when no maximum is entered yet (spec 001 §2: $100.00). */
export const EXAMPLE_MAX_CENTS = 10_000;

export interface BidCostSplit {
  /** The most the tickets themselves may cost, all together. */
  ticketsCents: number;
  processingFeeCents: number;
  /** Tickets plus fee: never above the maximum (decision 0045: the maximum bounds the all-in amount). */
  chargedCents: number;
  feePercent: number;
}

/**
 * How a bid's maximum splits into tickets and the processing fee: the largest ticket total whose all-in
 * amount (total + 1.95%, as the fee module rounds it) stays within the maximum.
 */
export function bidCostSplit(maxCents: number): BidCostSplit {
  const allIn = (tickets: number) => tickets + processingFeeCents(tickets);
  let tickets = Math.floor((maxCents * 10_000) / (10_000 + PROCESSING_FEE_PERCENT * 100));
  while (tickets > 0 && allIn(tickets) > maxCents) tickets -= 1;
  while (allIn(tickets + 1) <= maxCents) tickets += 1;
  const fee = processingFeeCents(tickets);
  return {
    ticketsCents: tickets,
    processingFeeCents: fee,
    chargedCents: tickets + fee,
    feePercent: PROCESSING_FEE_PERCENT,
  };
}
