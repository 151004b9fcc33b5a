import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type MemberTicketList,
  suggestionQuerySchema,
  suggestionResponseSchema,
  ticketListQuerySchema,
  ticketListResponseSchema,
} from '../../../common/schemas/marketplace.js';
import type { Db } from '../../db/client.js';
import { type Clock, utcDate } from '../../lib/clock.js';
import { type EncodedJson, jsonSerializer, sendEncodedJson } from '../../lib/encoded-json.js';
import { searchFold } from '../../lib/search-fold.js';
import { SharedAnswers } from '../../lib/shared-answers.js';
import { marketplaceCardsReader } from './cards-reader.js';
import type { ListingQuery } from './listing-index.js';
import type { ListingSearch } from './listing-search.js';
import {
  cardsSeenBy,
  concerns,
  type HiddenOnCard,
  listingsVersionReader,
  listMarketplaceTickets,
  listPublicTickets,
} from './service.js';
import { searchSuggestions } from './suggestions.js';

export interface MarketplaceRoutesOptions {
  db: Db;
  clock: Clock;
  listingSearch: ListingSearch;
}

const messageSchema = z.object({ message: z.string() });

/**
 * Suggestions are shared for this long, as concert search answers are (decision 0021): the filter bar
 * asks as people type, so the same few letters arrive again and again; a new listing's name shows
 * within seconds.
 */
export const SUGGESTIONS_SHARED_MS = 5_000;
const SUGGESTIONS_SHARED_QUERIES = 1_000;

/**
 * A marketplace page is shared by everyone asking the same thing while the listings stay unchanged
 * (decision 0023): the key holds the listings' change counter, so a listing, hold, sale or edit shows on
 * the next request. What changes without a listing write (a hold running out, a seller's rating) shows
 * within this long.
 */
export const LIST_SHARED_MS = 5_000;
const LIST_SHARED_QUERIES = 1_000;

/** A shared page and, for members, what its cards keep from members they do not concern (decision 0032). */
interface SharedPage {
  answer: EncodedJson;
  hidden: HiddenOnCard[];
}

/** The marketplace list and the filter bar's suggestions (spec 000 §2, §7; decision 0010). */
export async function marketplaceRoutes(
  instance: FastifyInstance,
  options: MarketplaceRoutesOptions,
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, clock, listingSearch } = options;
  const suggestions = new SharedAnswers<EncodedJson>({
    ttlMs: SUGGESTIONS_SHARED_MS,
    maxEntries: SUGGESTIONS_SHARED_QUERIES,
    clock,
  });
  const pages = new SharedAnswers<SharedPage>({
    ttlMs: LIST_SHARED_MS,
    maxEntries: LIST_SHARED_QUERIES,
    clock,
  });
  const readCard = marketplaceCardsReader(db);
  const readListingsVersion = listingsVersionReader(db);
  const encodePage = jsonSerializer(ticketListResponseSchema, { method: 'GET', url: '/api/tickets' });
  const encodeSuggestions = jsonSerializer(suggestionResponseSchema, {
    method: 'GET',
    url: '/api/search/suggestions',
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
    async (request, reply) => {
      const now = clock.now();
      const audience = request.user ? 'member' : 'visitor';
      const version = await readListingsVersion();
      const key = [audience, utcDate(now), version, JSON.stringify(request.query)].join('\n');
      const indexed = { find: (query: ListingQuery) => listingSearch.find(query, version), readCard };
      const page = await pages.get(key, async () => {
        if (audience === 'visitor')
          return {
            answer: encodePage({ audience, ...(await listPublicTickets(db, request.query, now, indexed)) }),
            hidden: [],
          };
        const { hidden, ...list } = await listMarketplaceTickets(db, request.query, now, indexed);
        return { answer: encodePage({ audience, ...list }), hidden };
      });
      // Most members get the shared answer as is; one who holds, edits or is party to a sale on the page
      // gets it with their own fields told (decision 0032).
      const viewer = request.user;
      if (!viewer || !page.hidden.some((entry) => concerns(entry, viewer)))
        return sendEncodedJson(request, reply, page.answer);
      const shared = JSON.parse(page.answer.body.toString('utf8')) as MemberTicketList;
      return sendEncodedJson(
        request,
        reply,
        encodePage({ ...shared, tickets: cardsSeenBy(shared.tickets, page.hidden, viewer) }),
      );
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
    async (request, reply) => {
      const now = clock.now();
      const key = `${utcDate(now)}\n${searchFold(request.query.q.trim())}`;
      const answer = await suggestions.get(key, async () =>
        encodeSuggestions(await searchSuggestions(db, request.query.q, now)),
      );
      return sendEncodedJson(request, reply, answer);
    },
  );
}
