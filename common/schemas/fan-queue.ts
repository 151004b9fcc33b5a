import { z } from 'zod';
import { MAX_TICKETS_BOUGHT_PER_SHOW } from '../show-limits.js';
import { FAN_QUEUE_TEXT } from '../texts/fan-queue.js';
import { ADMIN_REASON_MAX_LENGTH, ADMIN_REASON_MIN_LENGTH } from './admin-money.js';
import { isWholeCents, jsonNumber } from './numbers.js';
import { positiveInt32, singleLineText, TEXT_LIMITS, visibleText } from './text.js';

/** The Fan Queue (issue 46, decision 0100): one line per catalog show, first come, first served. */

/** How long an offer holds its tickets for the fan it went to. */
export const FAN_QUEUE_OFFER_MS = 10 * 60_000;
/** Offers let pass in a row that move an entry to the back of the line. */
export const FAN_QUEUE_LAPSES_TO_BACK = 3;
/** Dollars per ticket, all-in: a bound on input; the show's reference price is the real cap. */
export const FAN_QUEUE_MAX_PRICE_DOLLARS = 100_000;
export const FAN_QUEUE_PAGE_SIZE_MAX = 50;
export const FAN_QUEUE_PAGE_SIZE_DEFAULT = 20;
export const FAN_QUEUE_PAGE_MAX = 1_000;
/** Offers of each entry that My Bids lists, newest first. */
export const FAN_QUEUE_HISTORY_MAX = 10;
export { MAX_TICKETS_BOUGHT_PER_SHOW as FAN_QUEUE_QUANTITY_MAX };

export const fanQueueEntryStatuses = ['waiting', 'offered', 'filled', 'left', 'ended'] as const;
export type FanQueueEntryStatus = (typeof fanQueueEntryStatuses)[number];
export const fanQueueOfferStatuses = ['open', 'bought', 'lapsed', 'withdrawn'] as const;
export type FanQueueOfferStatus = (typeof fanQueueOfferStatuses)[number];
/** Why an entry ended: its show was cancelled, its member closed their account, or an admin removed it. */
export const fanQueueEndedReasons = ['event_cancelled', 'account_closed', 'removed'] as const;

/** The show of /api/events/{id}/fan-queue: its catalog event. */
export const fanQueueParamsSchema = z.object({ id: positiveInt32() });

/** PUT /api/events/{id}/fan-queue: joins the line, or changes the member's entry and keeps its place. */
export const joinFanQueueSchema = z.object({
  quantity: jsonNumber(FAN_QUEUE_TEXT.quantityInvalid, FAN_QUEUE_TEXT.quantityInvalid)
    .int({ error: FAN_QUEUE_TEXT.quantityInvalid })
    .min(1, { error: FAN_QUEUE_TEXT.quantityInvalid })
    .max(MAX_TICKETS_BOUGHT_PER_SHOW, { error: FAN_QUEUE_TEXT.quantityInvalid }),
  /** Dollars per ticket, all-in, with at most two decimals. */
  maxPrice: jsonNumber(FAN_QUEUE_TEXT.maxPriceRequired, FAN_QUEUE_TEXT.maxPriceInvalid)
    .gt(0, { error: FAN_QUEUE_TEXT.maxPricePositive })
    .max(FAN_QUEUE_MAX_PRICE_DOLLARS, { error: FAN_QUEUE_TEXT.maxPriceInvalid })
    .refine(isWholeCents, {
      error: FAN_QUEUE_TEXT.maxPriceInvalid,
    }),
  /**
   * "Buy for me": one of the member's saved cards, charged off-session when an offer reaches the entry.
   * Null or absent: each offer is held for the member to pay.
   */
  paymentMethodId: singleLineText(TEXT_LIMITS.token).min(1, { error: FAN_QUEUE_TEXT.cardRequired }).nullish(),
});
export type JoinFanQueue = z.infer<typeof joinFanQueueSchema>;

/** An offer: tickets held in the member's name for FAN_QUEUE_OFFER_MS. */
export const fanQueueOfferSchema = z.object({
  id: z.number().int(),
  /** The row held: the listing, or the part carved from it; paid for through the ordinary checkout. */
  ticketId: z.number().int(),
  quantity: z.number().int(),
  /** All-in per ticket, as the fan pays it. */
  priceCents: z.number().int(),
  status: z.enum(fanQueueOfferStatuses),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** "Buy for me": the off-session purchase under way (its page asks for the bank's confirmation); else null. */
  purchaseId: z.string().nullable(),
});
export type FanQueueOffer = z.infer<typeof fanQueueOfferSchema>;

export const fanQueueEntrySchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  venue: z.string(),
  quantity: z.number().int(),
  /** All-in per ticket. */
  maxPriceCents: z.number().int(),
  /** "Buy for me": the saved card that pays, as the card picker names it; null for offers to accept. */
  card: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
  status: z.enum(fanQueueEntryStatuses),
  /** 1 for the first in line; null unless waiting. */
  position: z.number().int().nullable(),
  joinedAt: z.string(),
  /** The open offer, when one holds tickets for this member. */
  offer: fanQueueOfferSchema.nullable(),
  /** The entry's offers, newest first, at most FAN_QUEUE_HISTORY_MAX. */
  history: z.array(fanQueueOfferSchema),
  endedReason: z.enum(fanQueueEndedReasons).nullable(),
});
export type FanQueueEntry = z.infer<typeof fanQueueEntrySchema>;

/** GET /api/events/{id}/fan-queue: the show's line for anyone; `mine` for a signed-in member in it. */
export const fanQueueShowSchema = z.object({
  eventId: z.number().int(),
  /** The show takes new entries (scheduled, not yet begun). */
  open: z.boolean(),
  waiting: z.number().int(),
  /** Tickets bought through the queue, all at or below face value. */
  throughQueueTickets: z.number().int(),
  /** The highest original price per ticket (face value plus original fee) of the show's listings; null while none. */
  referencePriceCents: z.number().int().nullable(),
  maxQuantity: z.number().int(),
  mine: fanQueueEntrySchema.nullable(),
});
export type FanQueueShow = z.infer<typeof fanQueueShowSchema>;

/** GET /api/fan-queue: the member's entries for My Bids, the ones still in line first. */
export const myFanQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(FAN_QUEUE_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(FAN_QUEUE_PAGE_SIZE_MAX).default(FAN_QUEUE_PAGE_SIZE_DEFAULT),
});
export const myFanQueueSchema = z.object({
  entries: z.array(fanQueueEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type MyFanQueue = z.infer<typeof myFanQueueSchema>;

// ── The admins' view of a show's line, and removing an entry (decision 0100, "Around it") ────────────

/** GET /api/admin/events/{id}/fan-queue: a page of the show's line. */
export const adminFanQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(FAN_QUEUE_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(FAN_QUEUE_PAGE_SIZE_MAX).default(FAN_QUEUE_PAGE_SIZE_DEFAULT),
});
export type AdminFanQueueQuery = z.infer<typeof adminFanQueueQuerySchema>;

/** One entry still in line, as admins see it. */
export const adminFanQueueEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  /** The member's username, or "Former member" for a closed account. */
  username: z.string(),
  quantity: z.number().int(),
  /** All-in per ticket. */
  maxPriceCents: z.number().int(),
  status: z.enum(['waiting', 'offered']),
  /** 1 for the first waiting entry; null for an entry holding an offer. */
  position: z.number().int().nullable(),
  joinedAt: z.string(),
  /** The open offer: the row held for the member, until when. */
  offer: z.object({ ticketId: z.number().int(), expiresAt: z.string() }).nullable(),
});
export type AdminFanQueueEntry = z.infer<typeof adminFanQueueEntrySchema>;

export const adminFanQueueSchema = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  waiting: z.number().int(),
  offered: z.number().int(),
  throughQueueTickets: z.number().int(),
  /** The entries still in line, in line order (position_key, id). */
  entries: z.array(adminFanQueueEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Entries still in line (waiting and offered). */
  total: z.number().int(),
});
export type AdminFanQueue = z.infer<typeof adminFanQueueSchema>;

export const fanQueueEntryParamsSchema = z.object({ entryId: positiveInt32() });

/** DELETE /api/admin/fan-queue/{entryId}: one line of 3 to 500 characters; the member is e-mailed it. */
export const removeFanQueueEntrySchema = z.object(
  {
    reason: visibleText(ADMIN_REASON_MAX_LENGTH, { blank: FAN_QUEUE_TEXT.removeReasonRequired }).min(
      ADMIN_REASON_MIN_LENGTH,
      { error: FAN_QUEUE_TEXT.removeReasonTooShort },
    ),
  },
  { error: FAN_QUEUE_TEXT.removeReasonRequired },
);
export type RemoveFanQueueEntry = z.infer<typeof removeFanQueueEntrySchema>;
export const removeFanQueueEntryResponseSchema = z.object({ message: z.string() });
