import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/db/client.js';
import { marketplaceCardsReader } from '../server/modules/marketplace/cards-reader.js';
import type { ListingQuery } from '../server/modules/marketplace/listing-index.js';
import { type IndexedSearch, listingsVersion } from '../server/modules/marketplace/service.js';

/**
 * Loads the app's in-memory listing search index (decision 0048) before any search is measured, and
 * returns what GET /api/tickets gives the marketplace service to search through it, for rows that call
 * the service.
 */
export async function loadedListingIndex(
  app: FastifyInstance,
  db: Db,
): Promise<{ indexed: IndexedSearch; loadSeconds: number }> {
  const started = performance.now();
  await app.listingSearch.ready();
  const loadSeconds = (performance.now() - started) / 1000;
  const find = async (query: ListingQuery) => app.listingSearch.find(query, await listingsVersion(db));
  return { indexed: { find, readCard: marketplaceCardsReader(db) }, loadSeconds };
}
