import { z } from 'zod';
import { PAYOUT_TEXT } from '../messages.js';
import { boundedText, positiveInt32 } from './text.js';

/** Where a sale's proceeds stand for its seller (decision 0017). */
export const PAYOUT_STATUSES = [
  'awaiting_transfer',
  'awaiting_confirmation',
  'scheduled',
  'processing',
  'needs_account',
  'on_hold',
  'paid',
  'refunded',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_PAGE_SIZE_DEFAULT = 20;
export const PAYOUT_PAGE_SIZE_MAX = 100;
/** Bounds the offset: a seller with more sales than this pages with the ticket filter. */
export const PAYOUT_PAGE_MAX = 1_000;

export const payoutsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAYOUT_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAYOUT_PAGE_SIZE_MAX).default(PAYOUT_PAGE_SIZE_DEFAULT),
  /** Only the sale of this ticket (a card outside the first page). */
  ticketId: positiveInt32().optional(),
});
export type PayoutsQuery = z.infer<typeof payoutsQuerySchema>;

export const payoutItemSchema = z.object({
  orderId: z.number().int(),
  ticketId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  /** Dollars: the seller's proceeds. */
  amount: z.number(),
  status: z.enum(PAYOUT_STATUSES),
  /** When the proceeds are (or were) payable; null for a refunded sale. */
  dueAt: z.string().nullable(),
  /** The venue's IANA time zone: the payout day is its calendar day (decision 0056). */
  timeZone: z.string(),
  paidAt: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutsResponseSchema = z.object({
  account: z.object({
    /** The provider needs a connected account before it can pay (Stripe); the sandbox does not. */
    required: z.boolean(),
    connected: z.boolean(),
  }),
  summary: z.object({
    /** Dollars held in escrow for the seller's sales not yet paid (on hold included). */
    pendingAmount: z.number(),
    paidAmount: z.number(),
    nextPayoutAt: z.string().nullable(),
    /** The zone of the venue whose sale that is: the day is shown as its calendar day. */
    nextPayoutTimeZone: z.string().nullable(),
  }),
  payouts: z.array(payoutItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const onboardingResponseSchema = z.object({
  /** Where to send the seller: the provider's onboarding, or straight back to the profile (sandbox). */
  url: z.string(),
});

export const REPORT_REASON_MAX_LENGTH = 1_000;

export const reportProblemSchema = z.object({
  reason: boundedText(REPORT_REASON_MAX_LENGTH, { multiline: true, notText: PAYOUT_TEXT.reportRequired }).min(
    1,
    { error: PAYOUT_TEXT.reportRequired },
  ),
});
export type ReportProblemRequest = z.infer<typeof reportProblemSchema>;

export const reportProblemResponseSchema = z.object({ message: z.string() });
