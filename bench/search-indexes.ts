import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/db/client.js';
import { concertCardsReader } from '../server/modules/events/concert-cards.js';
import { concertSearchVersionReader } from '../server/modules/events/concert-search.js';
import type { IndexedConcertSearch } from '../server/modules/events/service.js';
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

/**
 * Loads the app's in-memory concert search index (decision 0049) before any search is measured: the load's
 * time, the heap it took, and the index as the route takes it, for rows that call the service.
 */
export async function loadedConcertIndex(
  app: FastifyInstance,
  db: Db,
): Promise<{
  indexed: () => Promise<IndexedConcertSearch | null>;
  loadSeconds: number;
  heapMegabytes: number;
}> {
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  await app.concertSearch.ready();
  const loadSeconds = (performance.now() - started) / 1000;
  const heapMegabytes = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576;
  const readVersion = concertSearchVersionReader(db);
  const readCard = concertCardsReader(db);
  const indexed = async () => {
    const index = await app.concertSearch.current(await readVersion());
    return index && { index, readCard };
  };
  return { indexed, loadSeconds, heapMegabytes };
}
