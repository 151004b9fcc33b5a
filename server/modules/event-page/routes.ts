import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  eventPageParamsSchema,
  eventPageQuerySchema,
  eventPageSchema,
} from '../../../common/schemas/event-page.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { eventPageLoader, seenBy } from './service.js';

export interface EventPageRoutesOptions {
  db: Db;
  clock: Clock;
}

/** The data of a show's page (decision 0058). Public: it names only what the marketplace shows anyone. */
export async function eventPageRoutes(instance: FastifyInstance, options: EventPageRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const loadEventPage = eventPageLoader(db);

  app.get(
    '/api/events/:id',
    {
      schema: {
        tags: ['events'],
        summary:
          "A show's page: the event, what is on sale for it, and a page of its listings, cheapest first",
        params: eventPageParamsSchema,
        querystring: eventPageQuerySchema,
        response: { 200: eventPageSchema },
      },
    },
    async (request) => {
      const now = clock.now();
      const page = await loadEventPage(request.params.id, request.query, now);
      return request.user ? await seenBy(db, page, request.user.id, now) : page;
    },
  );
}
