import { formatCents } from '../money.js';
import { VERIFICATION_THRESHOLD_CENTS } from '../verified-sellers.js';

/**
 * Verified sellers (issue 44 item 4, decision 0086): the badge buyers see on cards, the event page and the
 * ticket dialog, the filter, and the seller's verification step. Kept in a module of its own, as the event
 * page reads the badge before its first paint.
 */
export const SELLER_TRUST_TEXT = {
  verified: 'Verified seller',
  completedSales: (count: number) => (count === 1 ? '1 completed sale' : `${count} completed sales`),
  professional: 'Professional seller',
  professionalHint:
    'Sells often on Encore: as a trader, they owe you the rights a business owes its customers.',
  verifiedOnly: 'Verified sellers only',
} as const;

const threshold = formatCents(VERIFICATION_THRESHOLD_CENTS);

export const IDENTITY_TEXT = {
  pageTitle: 'Verify your identity',
  verifyButton: 'Verify your identity',
  notNow: 'Not now',
  why: 'Buyers see a “Verified seller” badge on your listings, and you will need it before your first payout anyway.',
  firstListing:
    'Your ticket is listed. Verifying your identity now takes a minute and earns your listings a badge.',
  waitingListing: `Your listing is saved. Listings above ${threshold} per ticket go live once you have verified your identity.`,
  awaiting: 'Waiting for your verification',
  awaitingCount: (count: number) =>
    count === 1
      ? '1 listing is waiting for your verification.'
      : `${count} listings are waiting for your verification.`,
  statusUnverified: 'You have not verified your identity yet.',
  statusPending:
    'Your details are being checked. Your listings waiting for verification go live as soon as you are verified.',
  statusVerified: 'You are a verified seller.',
  statusDeclined: 'Your identity could not be verified. You can try again.',
  tryAgain: 'Try again',
  backToMyTickets: 'Go to My Tickets',
  thresholdNote: `Listings above ${threshold} per ticket (all-in) go live once their seller is verified.`,
  startFailed: 'We could not start the verification. Please try again.',
  notYourAccount: 'This verification is not yours.',
  sandboxOnly: 'Not found',
  // The sandbox's onboarding page, standing in for Stripe's.
  sandboxTitle: 'Sandbox identity check',
  sandboxIntro:
    'This page stands in for Stripe’s onboarding while Encore runs without Stripe. Nothing you enter is stored.',
  legalName: 'Legal name',
  dateOfBirth: 'Date of birth',
  addressLine: 'Street address',
  city: 'City',
  postalCode: 'Postal code',
  country: 'Country',
  confirm: 'Confirm and verify',
  decline: 'Decline',
  legalNameMissing: 'Enter your legal name.',
  dateOfBirthInvalid: 'Enter your date of birth as YYYY-MM-DD; you must be 18 or older.',
  addressMissing: 'Enter your street address, city, postal code and country.',
  verified: 'You are verified.',
  declined: 'You declined the identity check.',
} as const;
