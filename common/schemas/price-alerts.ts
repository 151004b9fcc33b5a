import { z } from 'zod';
import { PRICE_ALERT_QUANTITY_MAX } from '../constants.js';
import { PRICE_ALERT_TEXT } from '../texts/price-alerts.js';
import { isWholeCents, jsonNumber } from './numbers.js';
import { INT32_MAX, TEXT_LIMITS } from './text.js';

/** Price alerts (decision 0060): "tell me when N tickets for this show are listed at or below $X each". */

/** At most this many active alerts per member, counted in the database when one is created. */
export const MAX_ACTIVE_PRICE_ALERTS = 10;
// In common/constants.ts, so that the event page's form reads it without zod.
export { PRICE_ALERT_QUANTITY_MAX };
/** Dollars per ticket, all-in. */
export const PRICE_ALERT_MAX_PRICE_DOLLARS = 100_000;
export const PRICE_ALERTS_PAGE_SIZE_MAX = 50;
export const PRICE_ALERTS_PAGE_SIZE_DEFAULT = 20;
export const PRICE_ALERTS_PAGE_MAX = 1_000;

export const priceAlertStatuses = ['active', 'matched', 'ended', 'removed'] as const;
export type PriceAlertStatus = (typeof priceAlertStatuses)[number];
/**
 * 'account_suspended': paused while the member is suspended, and restored when they are reinstated.
 * 'account_closed': ended for good when the member closed their account (decision 0099).
 */
export const priceAlertEndedReasons = [
  'event_cancelled',
  'event_passed',
  'account_suspended',
  'account_closed',
] as const;

/** POST /api/price-alerts. `maxPrice` is dollars per ticket, all-in, with at most two decimals. */
export const createPriceAlertSchema = z.object({
  eventId: jsonNumber(PRICE_ALERT_TEXT.eventNotFound, PRICE_ALERT_TEXT.eventNotFound)
    .int({ error: PRICE_ALERT_TEXT.eventNotFound })
    .min(1, { error: PRICE_ALERT_TEXT.eventNotFound })
    .max(INT32_MAX, { error: PRICE_ALERT_TEXT.eventNotFound }),
  quantity: jsonNumber(PRICE_ALERT_TEXT.quantityInvalid, PRICE_ALERT_TEXT.quantityInvalid)
    .int({ error: PRICE_ALERT_TEXT.quantityInvalid })
    .min(1, { error: PRICE_ALERT_TEXT.quantityInvalid })
    .max(PRICE_ALERT_QUANTITY_MAX, { error: PRICE_ALERT_TEXT.quantityInvalid }),
  maxPrice: jsonNumber(PRICE_ALERT_TEXT.maxPriceRequired, PRICE_ALERT_TEXT.maxPriceInvalid)
    .gt(0, { error: PRICE_ALERT_TEXT.maxPricePositive })
    .max(PRICE_ALERT_MAX_PRICE_DOLLARS, { error: PRICE_ALERT_TEXT.maxPriceTooHigh })
    .refine(isWholeCents, {
      error: PRICE_ALERT_TEXT.maxPriceInvalid,
    }),
});
export type CreatePriceAlert = z.infer<typeof createPriceAlertSchema>;

export const priceAlertSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  venue: z.string(),
  quantity: z.number().int(),
  /** Dollars per ticket, all-in. */
  maxPrice: z.number(),
  status: z.enum(priceAlertStatuses),
  endedReason: z.enum(priceAlertEndedReasons).nullable(),
  /** The listing that matched, for a matched alert: its shared link is `/?ticket=ID`. */
  matchedTicketId: z.number().int().nullable(),
  matchedAt: z.string().nullable(),
  /** A match the member has not seen in the app yet (the in-app notice counts these). */
  unseen: z.boolean(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;

/**
 * The answer to a create: the alert, and whether it was the member's active alert for the same show and
 * number of tickets, given the new price, rather than a new one (one alert per show and quantity: two would
 * only send the same e-mail twice).
 */
export const createdPriceAlertSchema = z.object({
  alert: priceAlertSchema,
  merged: z.boolean(),
});
export type CreatedPriceAlert = z.infer<typeof createdPriceAlertSchema>;

export const priceAlertListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PRICE_ALERTS_PAGE_MAX).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PRICE_ALERTS_PAGE_SIZE_MAX)
    .default(PRICE_ALERTS_PAGE_SIZE_DEFAULT),
  /** Only the alerts for this show (its page shows the member's own). */
  eventId: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
  /** Only the alerts in this state. */
  status: z.enum(priceAlertStatuses).optional(),
});
export type PriceAlertListQuery = z.infer<typeof priceAlertListQuerySchema>;

export const priceAlertListSchema = z.object({
  alerts: z.array(priceAlertSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  activeCount: z.number().int(),
});
export type PriceAlertList = z.infer<typeof priceAlertListSchema>;

export const priceAlertIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(INT32_MAX),
});

/** The one-click unsubscribe's signed token: `<member id>.<HMAC-SHA256, base64url>`. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().max(TEXT_LIMITS.token),
});

export const unsubscribeResultSchema = z.object({ removed: z.number().int() });
