import { z } from 'zod';
import { positiveInt32 } from './text.js';

/** GET /api/events/:id/price-story (decision 0061). */
export const priceStoryParamsSchema = z.object({ id: positiveInt32() });

/** At most this many listings are sent as points: the cheapest, which are the ones a fan weighs. */
export const PRICE_STORY_MAX_POINTS = 500;
/** Sold prices cover the venue's last this many calendar days, today included. */
export const PRICE_STORY_DAYS = 90;

/**
 * One listing on sale: what a buyer pays per ticket, all-in, and the ticket's original price, face value plus
 * the original fee (dollars; decision 0073).
 */
export const priceStoryPointSchema = z.object({
  listingId: z.number().int(),
  perTicketAllIn: z.number(),
  originalPricePerTicket: z.number(),
});
export type PriceStoryPoint = z.infer<typeof priceStoryPointSchema>;

/** One day of sales (the venue's calendar day): the median all-in price per ticket of its sales. */
export const priceStorySoldDaySchema = z.object({
  day: z.string(),
  medianPerTicketAllIn: z.number(),
  sales: z.number().int(),
});
export type PriceStorySoldDay = z.infer<typeof priceStorySoldDaySchema>;

export const priceStorySchema = z.object({
  eventId: z.number().int(),
  /** The venue's IANA zone, in which the sold days are counted. */
  timeZone: z.string(),
  /** Every listing on sale; `points` holds the PRICE_STORY_MAX_POINTS cheapest of them. */
  listingCount: z.number().int(),
  points: z.array(priceStoryPointSchema),
  /** Oldest first; empty until the show has sales in the last PRICE_STORY_DAYS days. */
  soldDays: z.array(priceStorySoldDaySchema),
  sentence: z.string(),
  /** Tickets bought through the show's Fan Queue, each at or below its original price (decision 0100). */
  throughFanQueueTickets: z.number().int(),
});
export type PriceStory = z.infer<typeof priceStorySchema>;
