import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type Suggestion,
  suggestionQuerySchema,
  suggestionResponseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from '../../../common/schemas/marketplace.js';
import type { Db } from '../../db/client.js';
import { type Clock, utcDate } from '../../lib/clock.js';
import { SharedAnswers } from '../../lib/shared-answers.js';
import { listMarketplaceTickets, listPublicTickets } from './service.js';
import { searchSuggestions } from './suggestions.js';

export interface MarketplaceRoutesOptions {
  db: Db;
  clock: Clock;
}

const messageSchema = z.object({ message: z.string() });

/**
 * Suggestions are shared for this long, as concert search answers are (decision 0021): the filter bar
 * asks as people type, so the same few letters arrive again and again; a new listing's name shows
 * within seconds.
 */
export const SUGGESTIONS_SHARED_MS = 5_000;
const SUGGESTIONS_SHARED_QUERIES = 1_000;

/** The marketplace list and the filter bar's suggestions (spec 000 §2, §7; decision 0010). */
export async function marketplaceRoutes(
  instance: FastifyInstance,
  options: MarketplaceRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = options;
  const suggestions = new SharedAnswers<Suggestion[]>({
    ttlMs: SUGGESTIONS_SHARED_MS,
    maxEntries: SUGGESTIONS_SHARED_QUERIES,
    clock,
  });

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
    async (request) => {
      const now = clock.now();
      const key = `${utcDate(now)}\n${request.query.q.trim().toLowerCase()}`;
      return suggestions.get(key, () => searchSuggestions(db, request.query.q, now));
    },
  );
}
