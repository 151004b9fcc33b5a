import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { priceStoryParamsSchema, priceStorySchema } from '../../../common/schemas/price-story.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { priceStory } from './service.js';

export interface PriceStoryRoutesOptions {
  db: Db;
  clock: Clock;
}

/** The price story of a catalog event (decision 0061): public, like the catalog and the listings it reads. */
export async function priceStoryRoutes(
  instance: FastifyInstance,
  options: PriceStoryRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/events/:id/price-story',
    {
      schema: {
        tags: ['events'],
        summary: "A show's listings against face value, its sold prices by day, and one sentence about them",
        params: priceStoryParamsSchema,
        response: { 200: priceStorySchema },
      },
    },
    async (request) => priceStory(options.db, request.params.id, options.clock.now()),
  );
}
