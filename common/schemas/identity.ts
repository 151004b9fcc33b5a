import { z } from 'zod';
import { IDENTITY_TEXT } from '../texts/verified-sellers.js';
import { IDENTITY_STATUSES } from '../verified-sellers.js';
import { boundedText, TEXT_LIMITS } from './text.js';

/** Verified sellers (issue 44 item 4, decision 0086): the seller's verification and the sandbox's onboarding page. */

/** GET /api/identity: where the signed-in member's verification stands. */
export const identityResponseSchema = z.object({
  status: z.enum(IDENTITY_STATUSES),
  verifiedAt: z.string().nullable(),
  /** Their listings above the threshold that go live once they are verified. */
  awaitingListings: z.number().int(),
});
export type IdentityResponse = z.infer<typeof identityResponseSchema>;

/** POST /api/identity/verification: the provider's onboarding page to send the seller to. */
export const identityLinkResponseSchema = z.object({ url: z.string() });

export const sandboxOnboardingParamsSchema = z.object({
  accountId: boundedText(TEXT_LIMITS.token),
});

/** GET /api/sandbox/onboarding/{accountId}: the names the page fills in for the seller to confirm. */
export const sandboxOnboardingResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const required = (max: number, message: string) =>
  boundedText(max, { notText: message }).refine((value) => value.length > 0, { error: message });

/**
 * POST /api/sandbox/onboarding/{accountId}: the seller confirms their name, date of birth and address
 * (checked, never stored: only the outcome is), or declines.
 */
export const sandboxOnboardingSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('verify'),
    legalName: required(TEXT_LIMITS.fullName, IDENTITY_TEXT.legalNameMissing),
    dateOfBirth: boundedText(10, { notText: IDENTITY_TEXT.dateOfBirthInvalid }).refine(
      (value) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      { error: IDENTITY_TEXT.dateOfBirthInvalid },
    ),
    addressLine: required(TEXT_LIMITS.shortText, IDENTITY_TEXT.addressMissing),
    city: required(TEXT_LIMITS.shortText, IDENTITY_TEXT.addressMissing),
    postalCode: required(20, IDENTITY_TEXT.addressMissing),
    country: required(TEXT_LIMITS.shortText, IDENTITY_TEXT.addressMissing),
  }),
  z.object({ decision: z.literal('decline') }),
]);
export type SandboxOnboardingInput = z.infer<typeof sandboxOnboardingSchema>;

export const sandboxOnboardingRedirectSchema = z.object({ redirectUrl: z.string(), message: z.string() });

/**
 * What buyers are told about a seller beside each listing (decision 0086): verified, their completed sales
 * (transferred and not refunded, as reward points count them, decision 0065), and whether they sell often
 * enough to be a professional seller (common/verified-sellers.ts).
 */
export const sellerTrustSchema = z.object({
  verified: z.boolean(),
  completedSales: z.number().int().min(0),
  professional: z.boolean(),
});
export type SellerTrust = z.infer<typeof sellerTrustSchema>;
