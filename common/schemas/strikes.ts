import { z } from 'zod';
import { adminPageQuerySchema, adminReasonSchema } from './admin-money.js';

/** The admin's strikes tab (decision 0087): sellers paused for review, and lifting a pause with a reason. */

export const strikeReviewsQuerySchema = adminPageQuerySchema.extend({
  /** Open reviews (the default) or lifted ones. */
  status: z.enum(['open', 'lifted']).default('open'),
});

export const strikeReviewSchema = z.object({
  id: z.number().int(),
  sellerId: z.number().int(),
  username: z.string(),
  strikes: z.number().int(),
  pausedAt: z.string(),
  listingsPaused: z.number().int(),
  liftedAt: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type StrikeReview = z.infer<typeof strikeReviewSchema>;

export const strikeReviewsPageSchema = z.object({
  rows: z.array(strikeReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StrikeReviewsPage = z.infer<typeof strikeReviewsPageSchema>;

export const liftStrikePauseRequestSchema = z.object({ reason: adminReasonSchema });
export const liftStrikePauseResponseSchema = z.object({ message: z.string() });
