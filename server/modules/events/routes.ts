import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ARTIST_INFO_CACHE_SECONDS } from '../../../common/constants.js';
import {
  artistImageParamsSchema,
  artistImageQuerySchema,
  artistInfoQuerySchema,
  artistInfoResponseSchema,
  type ConcertSearchResult,
  concertSearchQuerySchema,
  concertSearchResponseSchema,
} from '../../../common/schemas/events.js';
import type { Db } from '../../db/client.js';
import { type Clock, utcDate } from '../../lib/clock.js';
import { SharedAnswers } from '../../lib/shared-answers.js';
import { ARTIST_IMAGE_CACHE_CONTROL } from './artist-image.js';
import { concertCardsReader } from './concert-cards.js';
import { type ConcertSearch, concertSearchVersionReader } from './concert-search.js';
import { artistImage, findArtistInfo, searchConcerts } from './service.js';

export interface EventRoutesOptions {
  db: Db;
  clock: Clock;
  concertSearch: ConcertSearch;
}

/**
 * Search answers are shared for this long (decision 0021): a burst of the same query costs one
 * search, and a catalog or price change shows within seconds.
 */
export const CONCERT_SEARCH_SHARED_MS = 5_000;
const CONCERT_SEARCH_SHARED_QUERIES = 1_000;

/**
 * The event catalog. Both routes are public: the catalog is the same for every visitor
 * and holds no personal data (listings themselves are served by the tickets module).
 */
export async function eventRoutes(instance: FastifyInstance, options: EventRoutesOptions): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock, concertSearch } = options;
  const readSearchVersion = concertSearchVersionReader(db);
  const readCard = concertCardsReader(db);
  const searches = new SharedAnswers<ConcertSearchResult[]>({
    ttlMs: CONCERT_SEARCH_SHARED_MS,
    maxEntries: CONCERT_SEARCH_SHARED_QUERIES,
    clock,
  });

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
    async (request) => {
      const query = request.query.query.trim();
      const now = clock.now();
      return searches.get(`${utcDate(now)}\n${query}`, async () => {
        // The index once loaded and up to date (decision 0049); the SQL while it loads.
        const index = await concertSearch.current(await readSearchVersion());
        return searchConcerts(db, query, { now, indexed: index && { index, readCard } });
      });
    },
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

  app.get(
    '/api/artists/:id/image',
    {
      schema: {
        tags: ['events'],
        summary: "An artist's image stored by the catalog (the URL search and list answers give)",
        params: artistImageParamsSchema,
        querystring: artistImageQuerySchema,
      },
      // After the app-wide no-store hook (see above): the URL names the content, so it may be kept a year.
      onSend: async (request, reply) => {
        if (reply.statusCode !== 200 && reply.statusCode !== 304) return;
        const { v } = request.query as { v?: string };
        const etag = reply.getHeader('etag');
        reply.header(
          'cache-control',
          v !== undefined && etag === `"${v}"`
            ? ARTIST_IMAGE_CACHE_CONTROL
            : 'public, max-age=0, must-revalidate',
        );
      },
    },
    async (request, reply) => {
      const image = await artistImage(db, request.params.id);
      const etag = `"${image.version}"`;
      reply.header('etag', etag);
      // An SVG opened on its own runs nothing and loads nothing.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(image.contentType).send(image.body);
    },
  );
}
