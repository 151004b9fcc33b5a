import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../../common/schemas/admin-money.js';
import {
  liftStrikePauseRequestSchema,
  liftStrikePauseResponseSchema,
  strikeReviewsPageSchema,
  strikeReviewsQuerySchema,
} from '../../../common/schemas/strikes.js';
import { STRIKE_TEXT } from '../../../common/texts/strikes.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { currentUser, requireRole } from '../../plugins/session.js';
import { liftStrikePause, listStrikeReviews } from './service.js';

export interface StrikeRoutesOptions {
  db: Db;
  clock: Clock;
  /** Told when a listing is back on sale (a part goes back into its listing; bids and alerts match it). */
  onBackOnSale(ticketId: number): Promise<void>;
}

const errorSchema = z.object({ message: z.string() }).loose();

/** The admin's strikes tab (decision 0087). Admins only: a visitor gets 401 and any other role 403. */
export async function strikeRoutes(instance: FastifyInstance, options: StrikeRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const onRequest = requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/api/admin/strike-reviews',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Sellers whose listings three strikes paused for review (open or lifted), newest first, paged',
        querystring: strikeReviewsQuerySchema,
        response: { 200: strikeReviewsPageSchema },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      return listStrikeReviews(db, { open: status === 'open', page, pageSize });
    },
  );

  app.post(
    '/api/admin/strike-reviews/:id/lift',
    {
      onRequest,
      schema: {
        tags,
        summary: "Lift a strike pause with a reason: the seller's still valid listings go back on sale",
        params: idParamsSchema,
        body: liftStrikePauseRequestSchema,
        response: { 200: liftStrikePauseResponseSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const lifted = await liftStrikePause(
        db,
        currentUser(request).id,
        request.params.id,
        request.body.reason,
        clock.now(),
      );
      for (const ticketId of lifted.restoredListings) await options.onBackOnSale(ticketId);
      return { message: STRIKE_TEXT.lifted(lifted.username, lifted.restoredListings.length) };
    },
  );
}
