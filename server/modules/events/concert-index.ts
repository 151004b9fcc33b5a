/**
 * The upcoming events' search documents in memory, for concert search (decisions 0049, 0069), held as
 * consecutive stretches of dates (partitions, concert-partition.ts) of about `partitionDocuments`
 * documents each. Changes are applied in place; what they leave behind — documents added out of date order,
 * slots of documents that left — is given back by rebuilding one partition at a time from its own
 * documents, in slices, so an instance never holds a second whole index. A stretch wholly in the past is
 * dropped when the date changes. A tier's first events are its first in the earliest partitions, so a
 * search is the same as over one index.
 */

import {
  CHECK_TEXTS_UP_TO,
  type ConcertDocument,
  type ConcertHit,
  type ConcertIndexLimits,
  ConcertPartition,
  type IndexTier,
  SORT_DOCUMENTS_UP_TO,
} from './concert-partition.js';
import { firstWhere } from './text-groups.js';

export type {
  ConcertDocument,
  ConcertHit,
  DocumentTexts,
  IndexTier,
  TierField,
} from './concert-partition.js';
export { CHECK_TEXTS_UP_TO, SORT_DOCUMENTS_UP_TO } from './concert-partition.js';

/**
 * Documents per partition: a rebuild holds one partition's worth beside the index. One partition for now:
 * each partition holds its own texts, and the names and artists repeated across partitions cost more
 * memory than a rebuild saves (at 1M events, partitions of 50,000 settled at 1,147 MiB of RSS, decision
 * 0069), until the texts are shared between partitions.
 */
export const PARTITION_DOCUMENTS = Number.POSITIVE_INFINITY;
/** Documents a rebuild copies between two turns of the event loop. */
const REBUILD_SLICE = 1_000;

export interface ConcertIndexOptions extends ConcertIndexLimits {
  partitionDocuments: number;
}

/** A partition and the first date it holds ('' for the first partition: every date before the next one's). */
interface Stretch {
  from: string;
  partition: ConcertPartition;
}

/** A partition being rebuilt, and the events changed meanwhile: they are copied again at the end. */
interface Rebuild {
  stretch: Stretch;
  changed: Set<number>;
}

export class ConcertIndex {
  private readonly options: ConcertIndexOptions;
  private stretches: Stretch[] = [];
  private sealed = false;
  private rebuild: Rebuild | null = null;

  /** Tests lower the limits so that small catalogs take every path. */
  constructor(options: Partial<ConcertIndexOptions> = {}) {
    this.options = {
      checkTextsUpTo: CHECK_TEXTS_UP_TO,
      sortDocumentsUpTo: SORT_DOCUMENTS_UP_TO,
      partitionDocuments: PARTITION_DOCUMENTS,
      ...options,
    };
  }

  get size(): number {
    return this.stretches.reduce((total, { partition }) => total + partition.size, 0);
  }

  /** How many partitions hold the documents. */
  get partitions(): number {
    return this.stretches.length;
  }

  /**
   * Adds or replaces a document. Until `seal`, documents must come in (date, event id) order (the load);
   * later ones may come in any.
   */
  upsert(document: ConcertDocument): void {
    if (!this.sealed) {
      this.append(document);
      return;
    }
    const target = this.stretchOf(document.date);
    for (const stretch of this.stretches) if (stretch !== target) stretch.partition.remove(document.eventId);
    target.partition.upsert(document);
    this.rebuild?.changed.add(document.eventId);
  }

  remove(eventId: number): void {
    for (const { partition } of this.stretches) partition.remove(eventId);
    this.rebuild?.changed.add(eventId);
  }

  /** The load is over: documents added from now on are not in date order. */
  seal(): void {
    if (this.stretches.length === 0) this.stretches.push({ from: '', partition: this.partition() });
    this.stretches.at(-1)?.partition.seal();
    this.sealed = true;
  }

  /** Every document dated before `today` leaves; a partition with nothing from `today` on goes whole. */
  removeBefore(today: string): void {
    const kept = this.stretches.filter(
      (stretch, position) =>
        stretch === this.rebuild?.stretch ||
        position === this.stretches.length - 1 ||
        (this.stretches[position + 1] as Stretch).from > today,
    );
    if (kept[0]) kept[0].from = '';
    this.stretches = kept;
    for (const { partition } of this.stretches)
      for (const eventId of partition.removeBefore(today)) this.rebuild?.changed.add(eventId);
  }

  /** Whether some partition has enough documents out of order or gone to be worth rebuilding. */
  get untidy(): boolean {
    return this.stretches.some((stretch) => this.needsRebuild(stretch.partition));
  }

  /**
   * Rebuilds every partition that needs it, one at a time: its documents copied in date order into new
   * partitions (more than one when it has grown), `REBUILD_SLICE` between two turns of the event loop. The
   * old partition answers meanwhile and takes the changes; the events changed meanwhile are copied again
   * at the end. At most one partition's worth is ever held twice.
   */
  async tidy(pause: () => Promise<void>, closed: () => boolean): Promise<void> {
    // Each partition at most once: changes that keep coming wait for the next tidying.
    const rebuilt = new Set<ConcertPartition>();
    for (;;) {
      const stretch = this.stretches.find(
        ({ partition }) => !rebuilt.has(partition) && this.needsRebuild(partition),
      );
      if (!stretch || closed()) return;
      const rebuild: Rebuild = { stretch, changed: new Set() };
      this.rebuild = rebuild;
      try {
        const fresh = await this.copied(stretch, pause, closed);
        if (!fresh) return;
        this.replace(rebuild, fresh);
        for (const { partition } of fresh) rebuilt.add(partition);
      } finally {
        this.rebuild = null;
      }
    }
  }

  /**
   * Whether some name or artist may contain `text`: false only when none does (a trigram of it is in
   * none), so a search that needs it in a name or lineup can stop at once.
   */
  someNameOrLineupMayContain(text: string): boolean {
    return this.stretches.some(({ partition }) => partition.someNameOrLineupMayContain(text));
  }

  /**
   * Whether a word of the catalog's search words (decision 0040: 4 to 40 characters, of any document's
   * texts) starts with `prefix`. Every document here added its words to that list, so a word found here is
   * one the database knows too.
   */
  startsACatalogWord(prefix: string): boolean {
    return this.stretches.some(({ partition }) => partition.startsACatalogWord(prefix));
  }

  /**
   * The page: every tier's first `limit` events from `fromDate` on, each event at its best tier, by tier,
   * date and event id. An event of the page is among the first `limit` of its best tier; a tier's first
   * are the earliest partitions' first.
   */
  search(tiers: IndexTier[], fromDate: string, limit: number): ConcertHit[] {
    const best = new Map<number, { rank: number; date: string }>();
    const first = Math.max(0, this.positionOf(fromDate));
    for (const tier of tiers) {
      let found = 0;
      for (let position = first; position < this.stretches.length && found < limit; position += 1) {
        const { partition } = this.stretches[position] as Stretch;
        for (const { eventId, date } of partition.tierEvents(tier, fromDate, limit - found)) {
          found += 1;
          const known = best.get(eventId);
          if (!known || tier.rank < known.rank) best.set(eventId, { rank: tier.rank, date });
        }
      }
    }
    return [...best]
      .sort(
        ([eventA, a], [eventB, b]) =>
          a.rank - b.rank || (a.date === b.date ? eventA - eventB : a.date < b.date ? -1 : 1),
      )
      .slice(0, limit)
      .map(([eventId, { rank }]) => ({ eventId, rank }));
  }

  /** Every document held, by date and event id: what a fresh load of the same rows would hold. */
  documents(): ConcertDocument[] {
    return this.stretches.flatMap(({ partition }) =>
      partition.eventsInOrder().map((eventId) => partition.documentOf(eventId) as ConcertDocument),
    );
  }

  private partition(): ConcertPartition {
    return new ConcertPartition(this.options);
  }

  /** The load's next document: a new partition starts on a new date once the last is full. */
  private append(document: ConcertDocument): void {
    const last = this.stretches.at(-1);
    if (last && !this.startsPartition(last.partition, document.date)) {
      last.partition.upsert(document);
      return;
    }
    last?.partition.seal();
    const partition = this.partition();
    partition.upsert(document);
    this.stretches.push({ from: last ? document.date : '', partition });
  }

  private startsPartition(partition: ConcertPartition, date: string): boolean {
    return partition.size >= this.options.partitionDocuments && date > partition.lastOrderedDate;
  }

  /** The position of the partition whose stretch holds `date`; -1 when there is none. */
  private positionOf(date: string): number {
    return (
      firstWhere(this.stretches.length, (position) => (this.stretches[position] as Stretch).from <= date) - 1
    );
  }

  private stretchOf(date: string): Stretch {
    return this.stretches[Math.max(0, this.positionOf(date))] as Stretch;
  }

  /**
   * Documents added out of order slow every search of the partition (and are how it grows: a rebuild
   * splits it); dead slots cost memory.
   */
  private needsRebuild(partition: ConcertPartition): boolean {
    return (
      partition.addedSlots > Math.max(16, Math.min(this.options.partitionDocuments, partition.size) / 10) ||
      partition.deadSlots > Math.max(1, partition.size / 4)
    );
  }

  /** The stretch's documents copied in date order into new partitions; null when closed meanwhile. */
  private async copied(
    stretch: Stretch,
    pause: () => Promise<void>,
    closed: () => boolean,
  ): Promise<Stretch[] | null> {
    const fresh: Stretch[] = [];
    const events = stretch.partition.eventsInOrder();
    for (let start = 0; start < events.length; start += REBUILD_SLICE) {
      for (const eventId of events.slice(start, start + REBUILD_SLICE)) {
        const document = stretch.partition.documentOf(eventId);
        if (!document) continue;
        const last = fresh.at(-1);
        if (last && !this.startsPartition(last.partition, document.date)) last.partition.upsert(document);
        else {
          last?.partition.seal();
          const partition = this.partition();
          partition.upsert(document);
          fresh.push({ from: last ? document.date : stretch.from, partition });
        }
      }
      await pause();
      if (closed()) return null;
    }
    if (fresh.length === 0) fresh.push({ from: stretch.from, partition: this.partition() });
    fresh.at(-1)?.partition.seal();
    return fresh;
  }

  /** The rebuilt partitions take the old one's place, with the events changed while they were copied. */
  private replace(rebuild: Rebuild, fresh: Stretch[]): void {
    const { stretch, changed } = rebuild;
    const position = this.stretches.indexOf(stretch);
    if (position === -1) return;
    (fresh[0] as Stretch).from = stretch.from;
    for (const eventId of changed) {
      for (const { partition } of fresh) partition.remove(eventId);
      const document = stretch.partition.documentOf(eventId);
      if (!document) continue;
      const { partition } = fresh[
        Math.max(0, firstWhere(fresh.length, (at) => (fresh[at] as Stretch).from <= document.date) - 1)
      ] as Stretch;
      partition.upsert(document);
    }
    this.stretches.splice(position, 1, ...fresh);
  }
}
