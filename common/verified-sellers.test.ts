import { describe, expect, it } from 'vitest';
import { allInPerTicketCents } from './pricing.js';
import {
  isProfessionalSeller,
  listingNeedsVerification,
  VERIFICATION_THRESHOLD_CENTS,
} from './verified-sellers.js';

describe('verified sellers’ rules (decision 0086)', () => {
  it('holds a listing whose all-in price per ticket is above $500, not one at it', () => {
    expect(VERIFICATION_THRESHOLD_CENTS).toBe(50_000);
    expect(listingNeedsVerification(50_000)).toBe(false);
    expect(listingNeedsVerification(50_001)).toBe(true);
    // $490 listed is $499.56 all-in; $491 is $500.57.
    expect(listingNeedsVerification(allInPerTicketCents(49_000))).toBe(false);
    expect(listingNeedsVerification(allInPerTicketCents(49_100))).toBe(true);
  });

  it('labels 30 sales or $2,000 of proceeds in a year professional, not less', () => {
    expect(isProfessionalSeller({ sales: 29, proceedsCents: 199_999 })).toBe(false);
    expect(isProfessionalSeller({ sales: 30, proceedsCents: 0 })).toBe(true);
    expect(isProfessionalSeller({ sales: 1, proceedsCents: 200_000 })).toBe(true);
  });
});
