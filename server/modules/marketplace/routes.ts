import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  suggestionQuerySchema,
  suggestionResponseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from '../../../common/schemas/marketplace.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { listMarketplaceTickets, listPublicTickets } from './service.js';
import { searchSuggestions } from './suggestions.js';

export interface MarketplaceRoutesOptions {
  db: Db;
  clock: Clock;
}

const messageSchema = z.object({ message: z.string() });

/** The marketplace list and the filter bar's suggestions (spec 000 §2, §7; decision 0010). */
export async function marketplaceRoutes(
  instance: FastifyInstance,
  options: MarketplaceRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;

  app.get(
    '/api/tickets',
    {
      schema: {
        querystring: ticketListQuerySchema,
        tags: ['marketplace'],
        summary:
          'Listings, filtered, sorted and paged by cursor; visitors get the public card, signed-in users the full card',
        response: { 200: ticketListResponseSchema, 400: messageSchema },
      },
    },
    async (request) => {
      const now = clock.now();
      if (!request.user)
        return { audience: 'visitor' as const, ...(await listPublicTickets(db, request.query, now)) };
      return { audience: 'member' as const, ...(await listMarketplaceTickets(db, request.query, now)) };
    },
  );

  app.get(
    '/api/search/suggestions',
    {
      schema: {
        querystring: suggestionQuerySchema,
        tags: ['marketplace'],
        summary: 'Up to 5 search suggestions (artists, events, venues) from 2 characters',
        response: { 200: suggestionResponseSchema, 400: messageSchema },
      },
    },
    async (request) => searchSuggestions(db, request.query.q, clock.now()),
  );
}
