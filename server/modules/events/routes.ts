import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ARTIST_INFO_CACHE_SECONDS } from '../../../common/constants.js';
import {
  artistInfoQuerySchema,
  artistInfoResponseSchema,
  concertSearchQuerySchema,
  concertSearchResponseSchema,
} from '../../../common/schemas/events.js';
import type { Db } from '../../db/client.js';
import { findArtistInfo, searchConcerts } from './service.js';

export interface EventRoutesOptions {
  db: Db;
}

/**
 * The event catalog. Both routes are public: the catalog is the same for every visitor
 * and holds no personal data (listings themselves are served by the tickets module).
 */
export async function eventRoutes(instance: FastifyInstance, options: EventRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    '/api/concerts/search',
    {
      schema: {
        tags: ['events'],
        summary: 'Upcoming concerts matching a name, artist, venue or city',
        querystring: concertSearchQuerySchema,
        response: { 200: concertSearchResponseSchema },
      },
    },
    async (request) => searchConcerts(db, request.query.query),
  );

  app.get(
    '/api/artists/info',
    {
      schema: {
        tags: ['events'],
        summary: 'Artists matching an artist or event name (cut at " at " or " @ ")',
        querystring: artistInfoQuerySchema,
        response: { 200: artistInfoResponseSchema },
      },
      // The app-wide onSend hook marks every /api answer no-store; route-level hooks run after
      // it, so this one lets browsers keep artist info for an hour (spec 000 §9).
      onSend: async (_request, reply) => {
        if (reply.statusCode === 200) {
          reply.header('cache-control', `public, max-age=${ARTIST_INFO_CACHE_SECONDS}`);
        }
      },
    },
    async (request) => findArtistInfo(db, request.query.name),
  );
}
