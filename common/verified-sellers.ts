/**
 * Verified sellers (issue 44 item 4, decision 0086): the rules in one place, read by the server (listing
 * gate, professional label) and the client (the listing form's notice).
 */

/** A member's identity verification, as the payment provider last told it. */
export const IDENTITY_STATUSES = ['unverified', 'pending', 'verified', 'declined'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

/**
 * A listing whose all-in price per ticket (what a buyer pays, common/pricing.ts allInPerTicketCents) is
 * above this goes live only once its seller is verified: $500 per ticket. Above it sit the premium seats
 * and sold-out headline shows where fraud pays best and a buyer loses most; at or below it lists at once,
 * so a fan selling an ordinary ticket is never held up (decision 0086).
 */
export const VERIFICATION_THRESHOLD_CENTS = 50_000;

export function listingNeedsVerification(allInPerTicketCents: number): boolean {
  return allInPerTicketCents > VERIFICATION_THRESHOLD_CENTS;
}

/**
 * A seller is labelled a professional seller to buyers from this many completed sales, or this much in seller
 * proceeds from completed sales, in a calendar year (UTC): the EU's DAC7 line for the sellers a platform must
 * report (30 sales or €2,000 a year), which the DSA's trader indicators (frequency and volume of sales) point
 * to, and well below the US 1099-K line (200 payments and $20,000, restored in 2025), a tax-reporting
 * threshold rather than a test of who trades for a living (decision 0086).
 */
export const PROFESSIONAL_SALES_PER_YEAR = 30;
/** $2,000 of seller proceeds a calendar year. */
export const PROFESSIONAL_PROCEEDS_CENTS_PER_YEAR = 200_000;

export function isProfessionalSeller(year: { sales: number; proceedsCents: number }): boolean {
  return (
    year.sales >= PROFESSIONAL_SALES_PER_YEAR || year.proceedsCents >= PROFESSIONAL_PROCEEDS_CENTS_PER_YEAR
  );
}
