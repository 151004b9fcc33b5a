import { Gauge, type Registry } from 'prom-client';
import type { SyncedIndex } from '../../lib/synced-index.js';

/** What the gauges read of an index, whatever it holds. */
type ObservedIndex = Pick<SyncedIndex<unknown, unknown>, 'stats' | 'changesBehind'>;

/**
 * This instance's in-memory search indexes (decisions 0048, 0049, 0069), labelled by index: how many
 * documents each holds, how far it is behind its table's change counter, and how long its last full load
 * took. Unlike the database gauges these differ per instance.
 */
export function registerSearchIndexGauges(registry: Registry, indexes: ObservedIndex[]): void {
  const perIndex = (name: string, help: string, value: (index: ObservedIndex) => Promise<number | null>) =>
    new Gauge({
      name,
      help,
      labelNames: ['index'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const index of indexes) {
          const figure = await value(index);
          if (figure !== null) this.set({ index: index.stats().label }, figure);
        }
      },
    });
  perIndex('encore_search_index_ready', '1 once the index has loaded and answers searches', async (index) =>
    index.stats().ready ? 1 : 0,
  );
  perIndex(
    'encore_search_index_documents',
    'Documents the index holds',
    async (index) => index.stats().documents,
  );
  perIndex('encore_search_index_lag', 'Moves of the change counter the index has not read yet', (index) =>
    index.changesBehind(),
  );
  perIndex(
    'encore_search_index_last_full_load_seconds',
    'How long the index’s last full load took',
    async (index) => index.stats().lastFullLoadSeconds,
  );
}
