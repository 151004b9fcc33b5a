import { z } from 'zod';
import { MARKETPLACE_TEXT, REVIEW_TEXT } from '../messages.js';
import { boundedText, positiveInt32 } from './text.js';

export const REVIEW_TYPES = ['buyer_to_seller', 'seller_to_buyer'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** Longest review comment: a few honest sentences, not an essay. */
export const REVIEW_COMMENT_MAX = 1_000;
/** GET /api/users/{id}/reviews pages: 20 by default, at most 50. */
export const REVIEWS_PAGE_DEFAULT = 20;
export const REVIEWS_PAGE_MAX = 50;
/** GET /api/reviews/pending answers at most this many, oldest sale first. */
export const PENDING_REVIEWS_MAX = 100;

/** Spec 001 §3 'Pending review'. transactionId is the sale's order id. */
export const pendingReviewSchema = z.object({
  id: z.number().int(),
  eventName: z.string(),
  eventDate: z.string(),
  reviewType: z.enum(REVIEW_TYPES),
  targetUserId: z.number().int(),
  targetUserName: z.string(),
  ticketId: z.number().int(),
  transactionId: z.number().int(),
});
export type PendingReview = z.infer<typeof pendingReviewSchema>;
export const pendingReviewsResponseSchema = z.array(pendingReviewSchema).max(PENDING_REVIEWS_MAX);

/** POST /api/reviews (spec 000 §3 'Review (submitted)', §5 'Review'). */
export const submitReviewRequestSchema = z
  .object({
    ticketId: positiveInt32(),
    targetUserId: positiveInt32(),
    rating: z
      .number({ error: REVIEW_TEXT.ratingRange })
      .int({ error: REVIEW_TEXT.ratingRange })
      .min(1, { error: REVIEW_TEXT.ratingRange })
      .max(5, { error: REVIEW_TEXT.ratingRange }),
    comment: boundedText(REVIEW_COMMENT_MAX, {
      multiline: true,
      tooLong: REVIEW_TEXT.commentTooLong(REVIEW_COMMENT_MAX),
      notText: REVIEW_TEXT.commentRequired,
    }).refine((value) => value.length > 0, { error: REVIEW_TEXT.commentRequired }),
    reviewType: z.enum(REVIEW_TYPES),
    transactionId: positiveInt32(),
    /** The spec's client sends false; a submitted review is never pending. */
    isPending: z.literal(false).optional(),
  })
  .strict();
export type SubmitReviewRequest = z.infer<typeof submitReviewRequestSchema>;

/** Spec 000 §3 'Listed review'. */
export const listedReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  reviewerName: z.string(),
  ticketDate: z.string(),
  ticketEvent: z.string(),
  reviewType: z.enum(REVIEW_TYPES),
  comment: z.string(),
});
export type ListedReview = z.infer<typeof listedReviewSchema>;

export const submitReviewResponseSchema = z.object({
  message: z.string(),
  review: listedReviewSchema,
});

/** DELETE /api/reviews/{transactionId}/pending */
export const transactionIdParamsSchema = z.object({ transactionId: positiveInt32() });
export const dismissPendingResponseSchema = z.object({
  message: z.string(),
  status: z.enum(['submitted', 'dismissed']),
});

/** GET /api/users/{id}/reviews: the id must be a whole number (spec 000 §5 'User reviews'). */
export const userIdParamsSchema = z.object({
  id: positiveInt32(MARKETPLACE_TEXT.invalidUserId),
});
/** Newest first, `limit` at a time from `offset`; a page shorter than `limit` is the last. */
export const userReviewsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(REVIEWS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type UserReviewsQuery = z.infer<typeof userReviewsQuerySchema>;
export const userReviewsResponseSchema = z.array(listedReviewSchema).max(REVIEWS_PAGE_MAX);

/** A user's rating from submitted reviews only: null (never a made-up number) while they have none. */
export const ratingSchema = z.object({
  averageRating: z.number().min(1).max(5).nullable(),
  totalReviews: z.number().int().min(0),
});
export type Rating = z.infer<typeof ratingSchema>;
