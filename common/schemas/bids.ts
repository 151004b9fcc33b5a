import { z } from 'zod';
import { BID_TEXT } from '../messages.js';
import { INT32_MAX, singleLineText, TEXT_LIMITS } from './text.js';
import { isCalendarDate } from './tickets.js';

/**
 * Automatic-purchase bids (spec 001 §3 'Bid', §4, §5, §7 'Bids', §9; issue 24; decision 0045). Amounts travel
 * as dollars, as the spec's payloads do; the server keeps cents.
 */

/**
 * Spec 001 §9: at most 2 active bids per user, quantity 1 to 8. The spec's `priority` (0 on creation) is the
 * server's, not the client's (decision 0054): a `priority` in the request is ignored like any unknown field.
 */
export const MAX_ACTIVE_BIDS = 2;
export const BID_QUANTITY_MAX = 8;
/** Above any all-in amount a listing can reach. */
export const BID_MAX_PRICE_DOLLARS = 1_000_000;

const requiredNumber = (required: string, notNumber: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notNumber) });

/** POST /api/bids (spec 001 §7), every §5 rule checked here as the form checks it. */
export const createBidSchema = z.object({
  /** The catalog event the search picked, when it picked one: matching then uses it (decision 0045). */
  eventId: z.number().int().min(1).max(INT32_MAX).nullish(),
  eventName: singleLineText(TEXT_LIMITS.shortText).refine((value) => value !== '', {
    error: BID_TEXT.eventNameRequired,
  }),
  venue: singleLineText(TEXT_LIMITS.shortText).nullish(),
  eventDate: singleLineText(10).refine((value) => value === '' || isCalendarDate(value), {
    error: BID_TEXT.eventDateRequired,
  }),
  /** The most the card may be charged for all the tickets, all-in (decision 0045). */
  maxPrice: requiredNumber(BID_TEXT.maxPriceRequired, BID_TEXT.maxPriceNumber)
    .gt(0, { error: BID_TEXT.maxPricePositive })
    .max(BID_MAX_PRICE_DOLLARS, { error: BID_TEXT.maxPriceNumber }),
  quantity: requiredNumber(BID_TEXT.quantityNumber, BID_TEXT.quantityNumber)
    .int({ error: BID_TEXT.quantityNumber })
    .gt(0, { error: BID_TEXT.quantityPositive })
    .max(BID_QUANTITY_MAX, { error: BID_TEXT.quantityTooMany }),
  section: singleLineText(TEXT_LIMITS.shortText).nullish(),
  minSellerRating: z.number().min(1).max(5).nullish(),
  stripePaymentMethodId: singleLineText(TEXT_LIMITS.token, BID_TEXT.paymentMethodRequired).refine(
    (value) => value !== '',
    { error: BID_TEXT.paymentMethodRequired },
  ),
});
export type CreateBid = z.infer<typeof createBidSchema>;

/** A bid as My Bids shows it (spec 001 §3 'Bid'). */
export const bidSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int().nullable(),
  eventName: z.string(),
  venue: z.string().nullable(),
  eventDate: z.string(),
  /** Dollars: the all-in total the buyer will pay at most, for all tickets. */
  maxPrice: z.number(),
  quantity: z.number().int(),
  section: z.string().nullable(),
  /**
   * The bidder's rating (decision 0016's, from submitted reviews) by which the matcher ranks bids on the same
   * listing, higher first (decision 0054); 0 while the bidder has no reviews, who then comes after every
   * rated bidder.
   */
  priority: z.number(),
  minSellerRating: z.number().nullable(),
  isActive: z.boolean(),
  matched: z.boolean(),
  matchedTicketId: z.number().int().nullable(),
  matchedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Why an unmatched bid ended ('cancelled', the card's decline reason, 'expired'); null while active. */
  endedReason: z.string().nullable(),
  /** The saved card the bid charges, as the picker shows it (null once that card is gone). */
  paymentMethod: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
});
export type Bid = z.infer<typeof bidSchema>;

export const bidResponseSchema = z.object({
  ok: z.boolean(),
  bid: bidSchema.optional(),
  message: z.string(),
});
export const bidsResponseSchema = z.object({
  ok: z.boolean(),
  bids: z.array(bidSchema),
  message: z.string(),
});
export const bidCancelResponseSchema = z.object({ ok: z.boolean(), message: z.string() });

/**
 * GET /api/tickets/average-price?eventName=&quantity= (spec 001 §3 'Average price lookup result'), plus the
 * event the bid form picked (decision 0054): `eventId` for a catalog event, else `eventDate` with the name.
 * With neither, every event of that name counts, as the spec's request asks.
 */
export const averagePriceQuerySchema = z.object({
  eventName: singleLineText(TEXT_LIMITS.shortText).refine((value) => value.length >= 3, {
    error: BID_TEXT.eventNameRequired,
  }),
  eventId: z.coerce.number({ error: BID_TEXT.eventNotFound }).int().min(1).max(INT32_MAX).optional(),
  eventDate: z.iso.date({ error: BID_TEXT.eventDateRequired }).optional(),
  quantity: z.coerce
    .number({ error: BID_TEXT.quantityNumber })
    .int({ error: BID_TEXT.quantityNumber })
    .min(1, {
      error: BID_TEXT.quantityPositive,
    })
    .max(BID_QUANTITY_MAX, { error: BID_TEXT.quantityTooMany }),
});
export type AveragePriceQuery = z.infer<typeof averagePriceQuerySchema>;
export const averagePriceResponseSchema = z.object({
  found: z.boolean(),
  source: z.enum(['historical', 'listings']).nullable(),
  /** Dollars per ticket, all-in. */
  averagePrice: z.number().nullable(),
  count: z.number().int(),
  message: z.string(),
});
export type AveragePrice = z.infer<typeof averagePriceResponseSchema>;

/**
 * A bid's purchase whose card asked for the cardholder's authentication (issue 24 §3): the e-mailed link opens
 * /bids/authenticate/{sessionId}, which reads this from GET /api/bids/payments/{sessionId} (the bidder only).
 */
export const bidPaymentSchema = z.object({
  sessionId: z.string(),
  /** What bought the tickets: a bid, or a Fan Queue place with "buy for me" (decision 0100). */
  purchase: z.enum(['bid', 'fan-queue']),
  /** The bid; null for a Fan Queue place's purchase. */
  bidId: z.number().int().nullable(),
  ticketId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  section: z.string(),
  quantity: z.number().int(),
  /** Dollars, all-in: what the card is charged. */
  amount: z.number(),
  /** requires_action: waiting for the cardholder; succeeded: the ticket is theirs; failed/expired: released. */
  status: z.enum(['requires_action', 'processing', 'succeeded', 'failed', 'expired']),
  /** Until when the ticket stays held for the bidder while authentication is awaited. */
  holdExpiresAt: z.string().nullable(),
  provider: z.enum(['stripe', 'sandbox']),
  /** Stripe: the PaymentIntent's client secret for stripe.confirmCardPayment; null in the sandbox and once settled. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
});
export type BidPayment = z.infer<typeof bidPaymentSchema>;

/**
 * GET /api/bids/payments/{sessionId}; POST /api/bids/payments/{sessionId}/complete (after confirmCardPayment,
 * the server asks the provider and fulfils); POST /api/sandbox/bid-payments/{sessionId}/authenticate (sandbox
 * only, never in production) with `{ approve }`. All answer the payment as it then stands.
 */
export const bidPaymentResponseSchema = z.object({
  ok: z.boolean(),
  payment: bidPaymentSchema.optional(),
  message: z.string(),
});
export type BidPaymentResponse = z.infer<typeof bidPaymentResponseSchema>;
export const sandboxBidAuthenticationSchema = z.object({ approve: z.boolean() });
