/**
 * The upcoming events' search documents in memory, for concert search (decisions 0049, 0069). A
 * document's texts are held once per distinct text: an event's name, each artist's name (a lineup is its
 * artists' names joined by line breaks) and a venue with its city, each with trigram posting lists over
 * those distinct texts and the documents that hold each. A search is a list of tiers (search-tiers.ts),
 * each a test on one of those texts; every tier's first events by date are found either by checking the
 * few candidate texts and sorting their events, or, when the candidates are many, by walking the
 * documents in date order past the ones whose text is not a candidate. An event keeps its best tier, and
 * the page is the same as the SQL's (service.ts): by tier, date and id.
 *
 * Every change is applied in place and nothing is ever built twice: a document leaving gives its slot to
 * the next one added and leaves its texts' lists at once, a document added later takes its place in the
 * date order (date-order.ts), and the texts no document holds any more are tidied away in slices.
 */

import { earliestListingDateOnSale } from '../../../common/on-sale.js';
import { utcDate } from '../../lib/clock.js';
import { CHUNK_SLOTS, DateOrder } from './date-order.js';
import { type Lineup, Lineups } from './lineups.js';
import { TextGroups } from './text-groups.js';

export interface ConcertDocument {
  eventId: number;
  /** YYYY-MM-DD. */
  date: string;
  /** event_search's folded texts: the name, the lineup (names joined by line breaks), venue and city. */
  name: string;
  artists: string;
  venue: string;
  city: string;
  /** When the show stops being on sale (event_search.ends_at, decision 0071), in ms since the epoch. */
  endsAt: number;
}

/**
 * Which documents a search finds (decision 0071): those whose show has not ended at `now` (ms), from the
 * first day `fromDate` on, the bound the SQL's date index narrows with (`searchDocumentOnSaleSql`).
 */
export interface SaleWindow {
  fromDate: string;
  now: number;
}

export function saleWindowAt(now: Date): SaleWindow {
  return { fromDate: earliestListingDateOnSale(now), now: now.getTime() };
}

/** Whether a document's first day and end put it in the window. */
export function onSaleIn(window: SaleWindow, document: { date: string; endsAt: number }): boolean {
  return document.date >= window.fromDate && document.endsAt > window.now;
}

/** Which text of a document a tier tests. */
export type TierField = 'name' | 'artist' | 'place';

/** A document's name and whole lineup, for tests that look at both. */
export interface DocumentTexts {
  name: string;
  lineup: string;
}

export interface IndexTier {
  rank: number;
  field: TierField;
  /** Text the field holds whenever `test` passes: its trigrams find the candidates. */
  contains: string;
  /** The tier's test on the field: the name, one artist's name, or the venue and city joined by a line break. */
  test: (text: string) => boolean;
  /** A further test on the document's name and lineup, if the tier has one. */
  document?: (texts: DocumentTexts) => boolean;
  /** The name is this whenever the tier holds. */
  nameIs?: string;
  /** The name starts with this whenever the tier holds: a range of the names in order finds them. */
  namePrefix?: string;
  /** Each of these is a whole word of the name whenever the tier holds: the words' posting lists find them. */
  nameWords?: string[];
}

export interface ConcertHit {
  eventId: number;
  rank: number;
}

/** Up to this many candidate texts are each checked; more, and the walk checks them as it meets them. */
export const CHECK_TEXTS_UP_TO = 2_000;
/**
 * A field's trigram lists are intersected until this few texts remain (or the lists run out): found once for
 * all the tiers that test that field's text, where each of the texts left is checked by each tier.
 */
export const NARROW_TEXTS_TO = 50;
/** Up to this many documents of matching texts are sorted by date; more, and the walk finds the first. */
export const SORT_DOCUMENTS_UP_TO = 2_000;

/** Dead or unsorted texts of one kind that make a tidying worth it. */
export const TIDY_TEXTS_AFTER = 10_000;

/** Marked candidates for a walk: a document is one when `marks[of[slot]]` is the query's number. */
interface Marked {
  of: number[];
  marks: Uint32Array;
}

/** Texts of one field that hold every document of a tier (all of them: 'all'), counted before they are listed. */
interface Candidates {
  field: TierField;
  count: number;
  list: () => number[] | 'all';
}

/** Per field and text, the texts holding its trigrams: found once per search for every tier that asks. */
type FoundTexts = Map<string, number[] | 'all'>;

const listed = (field: TierField, groups: number[] | 'all'): Candidates => ({
  field,
  count: groups === 'all' ? Number.POSITIVE_INFINITY : groups.length,
  list: () => groups,
});

export interface ConcertIndexOptions {
  checkTextsUpTo: number;
  sortDocumentsUpTo: number;
  /** Slots per chunk of the date order. */
  chunkSlots: number;
  tidyTextsAfter: number;
}

export class ConcertIndex {
  private readonly options: ConcertIndexOptions;
  private readonly groups: Record<TierField, TextGroups> = {
    name: new TextGroups(),
    artist: new TextGroups(),
    place: new TextGroups(),
  };
  private readonly lineups = new Lineups(this.groups.artist);
  private readonly slotOf = new Map<number, number>();
  /** Per slot: its document's event, date, texts' groups and lineup (and the lineup's number, for walks). */
  private readonly eventIds: number[] = [];
  private readonly dates: string[] = [];
  /** Per slot: when its show stops being on sale (ms); 8 bytes a document. */
  private readonly endsAt: number[] = [];
  private readonly nameOf: number[] = [];
  private readonly placeOf: number[] = [];
  private readonly lineupOf: (Lineup | undefined)[] = [];
  private readonly lineupIdOf: number[] = [];
  /** Slots whose document left, taken by the next documents added: the slots never outnumber the busiest day. */
  private readonly vacant: number[] = [];
  private readonly order: DateOrder;
  /** One string per date, shared by its documents. */
  private readonly dateTexts = new Map<string, string>();
  private query = 0;
  private slotSeen = new Uint32Array(1_024);

  /** Tests lower the limits so that small catalogs take every path. */
  constructor(options: Partial<ConcertIndexOptions> = {}) {
    this.options = {
      checkTextsUpTo: CHECK_TEXTS_UP_TO,
      sortDocumentsUpTo: SORT_DOCUMENTS_UP_TO,
      chunkSlots: CHUNK_SLOTS,
      tidyTextsAfter: TIDY_TEXTS_AFTER,
      ...options,
    };
    this.order = new DateOrder(this.dates, this.eventIds, this.options.chunkSlots);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Slots held, taken or vacant. */
  get slots(): number {
    return this.eventIds.length;
  }

  /** Distinct texts held, dead ones included until tidied. */
  get texts(): number {
    return Object.values(this.groups).reduce((total, groups) => total + groups.size, 0);
  }

  /** Whether enough texts of a kind are dead or unsorted to be worth a `tidy`. */
  get untidy(): boolean {
    return Object.values(this.groups).some((groups) => groups.untidyGroups >= this.options.tidyTextsAfter);
  }

  /** The event's document as it was added, if the index holds it. */
  documentOf(eventId: number): ConcertDocument | null {
    const slot = this.slotOf.get(eventId);
    if (slot === undefined) return null;
    const place = this.groups.place.texts[this.placeOf[slot] as number] as string;
    // Split anywhere at a line break: joined again, venue and city give the same text.
    const split = place.indexOf('\n');
    return {
      eventId,
      date: this.dates[slot] as string,
      name: this.groups.name.texts[this.nameOf[slot] as number] as string,
      artists: (this.lineupOf[slot] as Lineup).text,
      venue: place.slice(0, split),
      city: place.slice(split + 1),
      endsAt: this.endsAt[slot] as number,
    };
  }

  /** Every document held, by date and event id: what a fresh load of the same rows would hold. */
  documents(): ConcertDocument[] {
    return this.order
      .slots()
      .map((slot) => this.documentOf(this.eventIds[slot] as number) as ConcertDocument);
  }

  /** Removes every document dated before `today`. */
  removeBefore(today: string): void {
    for (const slot of this.order.removeBefore(today)) this.vacate(slot);
    for (const date of this.dateTexts.keys()) if (date < today) this.dateTexts.delete(date);
  }

  /**
   * Removes every document no longer in the window: those dated before its first day, and those ended at
   * its instant among the ones dated up to that instant's UTC date (a later first day has not ended yet
   * in any zone; a search passes over any other all the same).
   */
  removeEnded(window: SaleWindow): void {
    this.removeBefore(window.fromDate);
    const today = utcDate(new Date(window.now));
    const ended: number[] = [];
    this.order.forEachFrom(window.fromDate, (slot) => {
      if ((this.dates[slot] as string) > today) return false;
      if ((this.endsAt[slot] as number) <= window.now) ended.push(slot);
      return true;
    });
    for (const slot of ended) {
      this.order.remove(slot);
      this.vacate(slot);
    }
  }

  /** Adds or replaces a document, in any order (a load adds in date order, which is fastest). */
  upsert(document: ConcertDocument): void {
    const existing = this.slotOf.get(document.eventId);
    if (existing !== undefined) {
      if (this.sameAs(existing, document)) return;
      this.remove(document.eventId);
    }
    const slot = this.vacant.pop() ?? this.eventIds.length;
    this.slotOf.set(document.eventId, slot);
    this.eventIds[slot] = document.eventId;
    this.dates[slot] = this.dateText(document.date);
    this.endsAt[slot] = document.endsAt;
    this.nameOf[slot] = this.join('name', document.name, slot);
    this.placeOf[slot] = this.join('place', `${document.venue}\n${document.city}`, slot);
    const lineup = this.lineups.take(document.artists);
    for (const artist of lineup.artists) this.groups.artist.join(artist, slot);
    this.lineupOf[slot] = lineup;
    this.lineupIdOf[slot] = lineup.id;
    this.order.insert(slot);
    if (slot >= this.slotSeen.length) {
      const grown = new Uint32Array(this.slotSeen.length * 2);
      grown.set(this.slotSeen);
      this.slotSeen = grown;
    }
  }

  remove(eventId: number): void {
    const slot = this.slotOf.get(eventId);
    if (slot === undefined) return;
    this.order.remove(slot);
    this.vacate(slot);
  }

  /** The load is over: its texts are sorted for the prefix lookups. */
  seal(): void {
    for (const groups of Object.values(this.groups)) groups.sortTexts();
  }

  /** Tidies away the texts no document holds any more, and sorts in those added since, in slices. */
  async tidy(pause: () => Promise<void>, closed: () => boolean): Promise<void> {
    for (const groups of Object.values(this.groups)) {
      if (closed()) return;
      await groups.tidy(pause, closed);
    }
  }

  /**
   * Whether some name or artist may contain `text`: false only when none does (a trigram of it is in
   * none), so a search that needs it in a name or lineup can stop at once.
   */
  someNameOrLineupMayContain(text: string): boolean {
    return (['name', 'artist'] as const).some((field) => {
      const groups = this.groups[field].containing(text, 0);
      return groups === 'all' || groups.length > 0;
    });
  }

  /**
   * Whether a word of the catalog's search words (decision 0040: 4 to 40 characters, of any document's
   * texts) starts with `prefix`. Every document here added its words to that list, so a word found here is
   * one the database knows too.
   */
  startsACatalogWord(prefix: string): boolean {
    const storable = (word: string) => {
      const length = [...word].length;
      return length >= 4 && length <= 40;
    };
    return Object.values(this.groups).some((groups) => groups.hasWordStartingWith(prefix, storable));
  }

  /**
   * The page: every tier's first `limit` events on sale in the window, each event at its best tier, by tier,
   * date and event id. An event of the page is among the first `limit` of its best tier. Tiers are taken
   * by rank, and once `limit` events are found at lower ranks the higher ones are not searched: every event
   * they could add would sort after those.
   */
  search(tiers: IndexTier[], window: SaleWindow, limit: number): ConcertHit[] {
    const best = new Map<number, { rank: number; date: string }>();
    // Most tiers of a query test the same text in the same field: its trigram lists are intersected once.
    const found: FoundTexts = new Map();
    let searchedRank = Number.NEGATIVE_INFINITY;
    for (const tier of [...tiers].sort((a, b) => a.rank - b.rank)) {
      if (tier.rank > searchedRank && best.size >= limit) break;
      searchedRank = tier.rank;
      for (const slot of this.tierSlots(tier, window, limit, found)) {
        const eventId = this.eventIds[slot] as number;
        const known = best.get(eventId);
        if (!known || tier.rank < known.rank)
          best.set(eventId, { rank: tier.rank, date: this.dates[slot] as string });
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

  /** The slot, already out of the date order, leaves its texts and lineup and waits for the next document. */
  private vacate(slot: number): void {
    this.slotOf.delete(this.eventIds[slot] as number);
    this.groups.name.leave(this.nameOf[slot] as number, slot);
    this.groups.place.leave(this.placeOf[slot] as number, slot);
    const lineup = this.lineupOf[slot] as Lineup;
    for (const artist of lineup.artists) this.groups.artist.leave(artist, slot);
    this.lineups.give(lineup);
    this.lineupOf[slot] = undefined;
    this.vacant.push(slot);
  }

  private dateText(date: string): string {
    const known = this.dateTexts.get(date);
    if (known !== undefined) return known;
    this.dateTexts.set(date, date);
    return date;
  }

  private sameAs(slot: number, document: ConcertDocument): boolean {
    return (
      this.dates[slot] === document.date &&
      this.endsAt[slot] === document.endsAt &&
      this.groups.name.texts[this.nameOf[slot] as number] === document.name &&
      this.groups.place.texts[this.placeOf[slot] as number] === `${document.venue}\n${document.city}` &&
      this.lineupOf[slot]?.text === document.artists
    );
  }

  /** The slot joins the group of its text in `field`. */
  private join(field: TierField, text: string, slot: number): number {
    const group = this.groups[field].groupOf(text);
    this.groups[field].join(group, slot);
    return group;
  }

  private compareSlots(a: number, b: number): number {
    const dateA = this.dates[a] as string;
    const dateB = this.dates[b] as string;
    if (dateA !== dateB) return dateA < dateB ? -1 : 1;
    return (this.eventIds[a] as number) - (this.eventIds[b] as number);
  }

  /**
   * The fewest texts that hold every document of the tier: those with the rarest trigrams of the text the
   * field contains, or the names that are the tier's name, start with its prefix or hold its whole words.
   * The texts with a field's trigrams are kept in `found` for the search's other tiers.
   */
  private candidatesOf(tier: IndexTier, found: FoundTexts): Candidates {
    const key = `${tier.field}\n${tier.contains}`;
    let containing = found.get(key);
    if (containing === undefined) {
      containing = this.groups[tier.field].containing(
        tier.contains,
        Math.min(NARROW_TEXTS_TO, this.options.checkTextsUpTo),
      );
      found.set(key, containing);
    }
    const options: Candidates[] = [listed(tier.field, containing)];
    const names = this.groups.name;
    if (tier.nameIs !== undefined) options.push(listed('name', names.exactly(tier.nameIs)));
    if (tier.namePrefix !== undefined)
      options.push({ field: 'name', ...names.startingWith(tier.namePrefix) });
    for (const word of tier.nameWords ?? []) options.push(listed('name', names.withWord(word)));
    return options.reduce((fewest, option) => (option.count < fewest.count ? option : fewest));
  }

  /**
   * The tier's first `limit` documents in the window, by date and event id: the candidates' documents
   * sorted when they are few, else the first along the date order whose text is a candidate.
   */
  private tierSlots(tier: IndexTier, window: SaleWindow, limit: number, found: FoundTexts): number[] {
    const query = this.nextQuery();
    const candidates = this.candidatesOf(tier, found);
    if (candidates.count === 0) return [];
    const { field } = candidates;
    const groups = candidates.list();
    const tested = this.groups[tier.field];
    const passes = (group: number) => tested.passes(group, query, tier.test);
    const inTier = (slot: number) => this.holds(tier, slot, passes);
    if (groups === 'all') return this.walk(tier, passes, null, query, window, limit);
    let marked = groups;
    if (groups.length <= this.options.checkTextsUpTo) {
      marked = field === tier.field ? groups.filter(passes) : groups;
      let documents = 0;
      for (const group of marked) documents += (this.groups[field].documents[group] as number[]).length;
      if (documents <= this.options.sortDocumentsUpTo)
        return this.sorted(this.groups[field], marked, query, inTier, window, limit);
    }
    return this.walk(tier, passes, this.marked(field, marked, query), query, window, limit);
  }

  /** Whether the document's field passes the tier (through `passes`, one test per text) and so does the document. */
  private holds(tier: IndexTier, slot: number, passes: (group: number) => boolean): boolean {
    const lineup = this.lineupOf[slot] as Lineup;
    const field =
      tier.field === 'name'
        ? passes(this.nameOf[slot] as number)
        : tier.field === 'place'
          ? passes(this.placeOf[slot] as number)
          : lineup.artists.some(passes);
    if (!field) return false;
    if (!tier.document) return true;
    return tier.document({
      name: this.groups.name.texts[this.nameOf[slot] as number] as string,
      lineup: lineup.text,
    });
  }

  /**
   * The first `limit` documents of the groups that are in the tier and the window, in order: kept sorted as
   * they are met, so that thousands of matches cost one comparison each once `limit` are kept, not a sort.
   */
  private sorted(
    groups: TextGroups,
    matching: number[],
    query: number,
    inTier: (slot: number) => boolean,
    window: SaleWindow,
    limit: number,
  ): number[] {
    const first: number[] = [];
    for (const group of matching) {
      for (const slot of groups.documents[group] as number[]) {
        if (this.slotSeen[slot] === query) continue;
        this.slotSeen[slot] = query;
        if (first.length === limit && this.compareSlots(slot, first[limit - 1] as number) >= 0) continue;
        if (!this.inWindow(slot, window) || !inTier(slot)) continue;
        first.splice(this.insertionPoint(first, slot), 0, slot);
        if (first.length > limit) first.pop();
      }
    }
    return first;
  }

  /** Where `slot` goes in `slots` (sorted by compareSlots): after every slot before it. */
  private insertionPoint(slots: number[], slot: number): number {
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compareSlots(slots[middle] as number, slot) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * Marks the candidate texts for a walk: per document, the number to look up (`of`) and the marks there.
   * Artists are marked through the lineups that hold them, so a walk reads one number per document.
   */
  private marked(field: TierField, groups: number[], query: number): Marked {
    if (field === 'name' || field === 'place') {
      this.groups[field].mark(groups, query);
      return { of: field === 'name' ? this.nameOf : this.placeOf, marks: this.groups[field].marks };
    }
    this.lineups.mark(groups, query);
    return { of: this.lineupIdOf, marks: this.lineups.marks };
  }

  /** The first `limit` documents in the tier along the date order; with candidates marked, the others are passed over first. */
  private walk(
    tier: IndexTier,
    passes: (group: number) => boolean,
    candidates: Marked | null,
    query: number,
    window: SaleWindow,
    limit: number,
  ): number[] {
    const slots: number[] = [];
    this.order.forEachFrom(window.fromDate, (slot) => {
      if (
        (this.endsAt[slot] as number) > window.now &&
        (candidates === null || candidates.marks[candidates.of[slot] as number] === query) &&
        this.holds(tier, slot, passes)
      )
        slots.push(slot);
      return slots.length < limit;
    });
    return slots;
  }

  private inWindow(slot: number, window: SaleWindow): boolean {
    return (this.dates[slot] as string) >= window.fromDate && (this.endsAt[slot] as number) > window.now;
  }

  private nextQuery(): number {
    this.query = this.query === 0xffffffff ? 1 : this.query + 1;
    if (this.query === 1) {
      this.slotSeen.fill(0);
      for (const groups of Object.values(this.groups)) groups.clearMarks();
      this.lineups.clearMarks();
    }
    return this.query;
  }
}
