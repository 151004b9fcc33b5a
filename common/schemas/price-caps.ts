import { z } from 'zod';
import { INT32_MAX, TEXT_LIMITS } from './text.js';

/** Price caps by place (decision 0084): what the listing form reads for a show, and the one-click fix. */

export const priceCapParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(INT32_MAX) });

/** The rule in effect today for a show's place, and what the form says of it (null rule: no row covers it). */
export const priceCapSchema = z.object({
  eventId: z.number().int(),
  country: z.string(),
  region: z.string().nullable(),
  rule: z
    .object({
      id: z.string(),
      maxPricePercent: z.number().nullable(),
      maxFeePercent: z.number().nullable(),
      sourceUrl: z.string(),
      effectiveFrom: z.string(),
      note: z.string(),
    })
    .nullable(),
  statement: z.string(),
});
export type PriceCap = z.infer<typeof priceCapSchema>;

/** The e-mailed link's signed token: `<pause id>.<HMAC-SHA256, base64url>`. */
export const priceCapFixSchema = z.object({ token: z.string().min(1).max(TEXT_LIMITS.token) });

export const priceCapFixResultSchema = z.object({
  message: z.string(),
  ticketId: z.number().int(),
  markup: z.number().int(),
  /** Dollars: the listing's new price per ticket, before the buyer's processing fee. */
  listingPrice: z.number(),
});
export type PriceCapFixResult = z.infer<typeof priceCapFixResultSchema>;
