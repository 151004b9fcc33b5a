import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REVIEW_TEXT } from '../../../common/messages.js';
import {
  dismissPendingResponseSchema,
  pendingReviewsResponseSchema,
  submitReviewRequestSchema,
  submitReviewResponseSchema,
  transactionIdParamsSchema,
  userIdParamsSchema,
  userReviewsQuerySchema,
  userReviewsResponseSchema,
} from '../../../common/schemas/reviews.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { dismissPendingReview, listPendingReviews, listUserReviews, submitReview } from './service.js';

export interface ReviewRoutesOptions {
  db: Db;
  clock: Clock;
}

/**
 * Reviews between the buyer and the seller of a completed sale (spec 000 §7, 001 §7; decision 0016).
 * The session is checked on request, before the body is validated, so a visitor always gets 401.
 */
export async function reviewRoutes(instance: FastifyInstance, options: ReviewRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;

  app.get(
    '/api/reviews/pending',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'The reviews the signed-in user still owes, oldest sale first',
        response: { 200: pendingReviewsResponseSchema },
      },
    },
    async (request) => listPendingReviews(db, currentUser(request).id),
  );

  app.post(
    '/api/reviews',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: "Submit one's pending review of a sale (once per direction)",
        body: submitReviewRequestSchema,
        response: { 201: submitReviewResponseSchema },
      },
    },
    async (request, reply) => {
      const review = await submitReview(db, currentUser(request).id, request.body, clock.now());
      return reply.code(201).send({ message: REVIEW_TEXT.submitted, review });
    },
  );

  app.delete(
    '/api/reviews/:transactionId/pending',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: "Remove the signed-in user's pending review of a sale without writing one",
        params: transactionIdParamsSchema,
        response: { 200: dismissPendingResponseSchema },
      },
    },
    async (request) => ({
      message: REVIEW_TEXT.pendingRemoved,
      status: await dismissPendingReview(db, currentUser(request).id, request.params.transactionId),
    }),
  );

  app.get(
    '/api/users/:id/reviews',
    {
      onRequest: requireUser,
      schema: {
        tags: ['reviews'],
        summary: 'Reviews written about a user, newest first, paged by limit and offset',
        params: userIdParamsSchema,
        querystring: userReviewsQuerySchema,
        response: { 200: userReviewsResponseSchema },
      },
    },
    async (request) => listUserReviews(db, request.params.id, request.query),
  );
}
