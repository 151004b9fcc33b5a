/**
 * One stretch of dates of the upcoming events' search documents in memory, for concert search (decisions
 * 0049, 0069; concert-index.ts holds the stretches). A document's
 * texts are held once per distinct text: an event's name, each artist's name (a lineup is its artists'
 * names joined by line breaks) and a venue with its city, each with trigram posting lists over those
 * distinct texts and the documents that hold each. A search is a list of tiers (search-tiers.ts), each a
 * test on one of those texts; every tier's first events by date are found either by checking the few
 * candidate texts and sorting their events, or, when the candidates are many, by walking the documents
 * in date order past the ones whose text is not a candidate. An event keeps its best tier, and the page
 * is the same as the SQL's (service.ts): by tier, date and id.
 */

import { firstWhere, TextGroups } from './text-groups.js';

export interface ConcertDocument {
  eventId: number;
  /** YYYY-MM-DD. */
  date: string;
  /** event_search's folded texts: the name, the lineup (names joined by line breaks), venue and city. */
  name: string;
  artists: string;
  venue: string;
  city: string;
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
/** Up to this many documents of matching texts are sorted by date; more, and the walk finds the first. */
export const SORT_DOCUMENTS_UP_TO = 2_000;

/** A lineup's text and its artists' groups, shared by the documents with that very lineup. */
interface Lineup {
  id: number;
  text: string;
  artists: number[];
}

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

const listed = (field: TierField, groups: number[] | 'all'): Candidates => ({
  field,
  count: groups === 'all' ? Number.POSITIVE_INFINITY : groups.length,
  list: () => groups,
});

export interface ConcertIndexLimits {
  checkTextsUpTo: number;
  sortDocumentsUpTo: number;
}

export class ConcertPartition {
  private readonly groups: Record<TierField, TextGroups> = {
    name: new TextGroups(),
    artist: new TextGroups(),
    place: new TextGroups(),
  };
  private readonly lineups = new Map<string, Lineup>();
  /** Per artist group, the ids of the lineups it is in; per lineup, the query that last marked it. */
  private readonly lineupsOfArtist: number[][] = [];
  private lineupMarks = new Uint32Array(1_024);
  /** Per slot, its lineup's id: the walk reads marks through it without reaching into the lineup. */
  private readonly lineupIdOf: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly eventIds: number[] = [];
  private readonly dates: string[] = [];
  private readonly nameOf: number[] = [];
  private readonly placeOf: number[] = [];
  private readonly lineupOf: Lineup[] = [];
  private readonly live: boolean[] = [];
  /** Slots below this were added in (date, event id) order by the load; the walk reads them in order. */
  private ordered = 0;
  private sealed = false;
  /** Slots added since the load, checked one by one: a sync adds few, and a reload folds them in. */
  private readonly added: number[] = [];
  private query = 0;
  private slotSeen = new Uint32Array(1_024);
  private liveCount = 0;

  /** Tests lower the limits so that small catalogs take every path. */
  constructor(
    private readonly limits: ConcertIndexLimits = {
      checkTextsUpTo: CHECK_TEXTS_UP_TO,
      sortDocumentsUpTo: SORT_DOCUMENTS_UP_TO,
    },
  ) {}

  get size(): number {
    return this.liveCount;
  }

  /** Slots whose document left or was replaced: room a rebuild of the partition gives back. */
  get deadSlots(): number {
    return this.eventIds.length - this.liveCount;
  }

  /** Documents added after the load, out of date order: each search checks them one by one. */
  get addedSlots(): number {
    return this.added.length;
  }

  /** The last date the load added, '' before the first. */
  get lastOrderedDate(): string {
    return this.ordered === 0 ? '' : (this.dates[this.ordered - 1] as string);
  }

  /** The event's document as it was added, if the partition holds it. */
  documentOf(eventId: number): ConcertDocument | null {
    const slot = this.slotOf.get(eventId);
    if (slot === undefined || !this.live[slot]) return null;
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
    };
  }

  /** The events held, by date and event id. */
  eventsInOrder(): number[] {
    const slots: number[] = [];
    for (let slot = 0; slot < this.ordered; slot += 1) if (this.live[slot]) slots.push(slot);
    const later = this.added.filter((slot) => this.live[slot]);
    return [...slots, ...later]
      .sort((a, b) => this.compareSlots(a, b))
      .map((slot) => this.eventIds[slot] as number);
  }

  /** Removes every document dated before `today`, returning their events. */
  removeBefore(today: string): number[] {
    const removed: number[] = [];
    const before = (slot: number) => this.live[slot] === true && (this.dates[slot] as string) < today;
    const end = firstWhere(this.ordered, (slot) => (this.dates[slot] as string) < today);
    for (let slot = 0; slot < end; slot += 1) if (before(slot)) removed.push(this.eventIds[slot] as number);
    for (const slot of this.added) if (before(slot)) removed.push(this.eventIds[slot] as number);
    for (const eventId of removed) this.remove(eventId);
    return removed;
  }

  /**
   * Adds or replaces a document. Until `seal`, documents must come in (date, event id) order (the load);
   * later ones may come in any.
   */
  upsert(document: ConcertDocument): void {
    const existing = this.slotOf.get(document.eventId);
    if (existing !== undefined) {
      if (this.live[existing] && this.sameAs(existing, document)) return;
      this.remove(document.eventId);
    }
    const slot = this.eventIds.length;
    this.slotOf.set(document.eventId, slot);
    this.eventIds.push(document.eventId);
    this.dates.push(document.date);
    this.nameOf.push(this.join('name', document.name, slot));
    this.placeOf.push(this.join('place', `${document.venue}\n${document.city}`, slot));
    const lineup = this.lineupFor(document.artists, slot);
    this.lineupOf.push(lineup);
    this.lineupIdOf.push(lineup.id);
    this.live.push(true);
    this.liveCount += 1;
    if (this.sealed) this.added.push(slot);
    else this.ordered = slot + 1;
    if (slot >= this.slotSeen.length) {
      const grown = new Uint32Array(this.slotSeen.length * 2);
      grown.set(this.slotSeen);
      this.slotSeen = grown;
    }
  }

  /** The load is over: documents added from now on are not in date order. */
  seal(): void {
    this.sealed = true;
    for (const groups of Object.values(this.groups)) groups.sortTexts();
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

  remove(eventId: number): void {
    const slot = this.slotOf.get(eventId);
    if (slot === undefined || !this.live[slot]) return;
    this.live[slot] = false;
    this.liveCount -= 1;
  }

  /** The tier's first `limit` documents from `fromDate` on, by date and event id: their events and dates. */
  tierEvents(tier: IndexTier, fromDate: string, limit: number): { eventId: number; date: string }[] {
    return this.tierSlots(tier, fromDate, limit).map((slot) => ({
      eventId: this.eventIds[slot] as number,
      date: this.dates[slot] as string,
    }));
  }

  private sameAs(slot: number, document: ConcertDocument): boolean {
    return (
      this.dates[slot] === document.date &&
      this.groups.name.texts[this.nameOf[slot] as number] === document.name &&
      this.groups.place.texts[this.placeOf[slot] as number] === `${document.venue}\n${document.city}` &&
      this.lineupOf[slot]?.text === document.artists
    );
  }

  private lineupFor(text: string, slot: number): Lineup {
    let lineup = this.lineups.get(text);
    if (!lineup) {
      // Each name once: a name listed twice in one lineup holds the document once.
      const names = [...new Set(text.split('\n').filter((name) => name !== ''))];
      lineup = {
        id: this.lineups.size,
        text,
        artists: names.map((name) => this.groups.artist.groupOf(name)),
      };
      this.lineups.set(text, lineup);
      for (const artist of lineup.artists) {
        while (this.lineupsOfArtist.length <= artist) this.lineupsOfArtist.push([]);
        (this.lineupsOfArtist[artist] as number[]).push(lineup.id);
      }
      if (lineup.id >= this.lineupMarks.length) {
        const grown = new Uint32Array(this.lineupMarks.length * 2);
        grown.set(this.lineupMarks);
        this.lineupMarks = grown;
      }
    }
    for (const artist of lineup.artists) (this.groups.artist.documents[artist] as number[]).push(slot);
    return lineup;
  }

  /** The slot joins the group of its text in `field`. */
  private join(field: TierField, text: string, slot: number): number {
    const group = this.groups[field].groupOf(text);
    (this.groups[field].documents[group] as number[]).push(slot);
    return group;
  }

  private compareSlots(a: number, b: number): number {
    // The load added its documents in this very order.
    if (a < this.ordered && b < this.ordered) return a - b;
    const dateA = this.dates[a] as string;
    const dateB = this.dates[b] as string;
    if (dateA !== dateB) return dateA < dateB ? -1 : 1;
    return (this.eventIds[a] as number) - (this.eventIds[b] as number);
  }

  /**
   * The fewest texts that hold every document of the tier: those with the rarest trigrams of the text the
   * field contains, or the names that are the tier's name, start with its prefix or hold its whole words.
   */
  private candidatesOf(tier: IndexTier): Candidates {
    const containing = this.groups[tier.field].containing(tier.contains, this.limits.checkTextsUpTo);
    const options: Candidates[] = [listed(tier.field, containing)];
    const names = this.groups.name;
    if (tier.nameIs !== undefined) options.push(listed('name', names.exactly(tier.nameIs)));
    if (tier.namePrefix !== undefined)
      options.push({ field: 'name', ...names.startingWith(tier.namePrefix) });
    for (const word of tier.nameWords ?? []) options.push(listed('name', names.withWord(word)));
    return options.reduce((fewest, option) => (option.count < fewest.count ? option : fewest));
  }

  /**
   * The tier's first `limit` documents from `fromDate` on, by date and event id: the candidates' documents
   * sorted when they are few, else the first along the date order whose text is a candidate.
   */
  private tierSlots(tier: IndexTier, fromDate: string, limit: number): number[] {
    const query = this.nextQuery();
    const candidates = this.candidatesOf(tier);
    if (candidates.count === 0) return [];
    const { field } = candidates;
    const groups = candidates.list();
    const tested = this.groups[tier.field];
    const passes = (group: number) => tested.passes(group, query, tier.test);
    const inTier = (slot: number) => this.live[slot] === true && this.holds(tier, slot, passes);
    if (groups === 'all') return this.walk(tier, passes, null, query, fromDate, limit);
    let marked = groups;
    if (groups.length <= this.limits.checkTextsUpTo) {
      marked = field === tier.field ? groups.filter(passes) : groups;
      let documents = 0;
      for (const group of marked) documents += (this.groups[field].documents[group] as number[]).length;
      if (documents <= this.limits.sortDocumentsUpTo)
        return this.sorted(this.groups[field], marked, query, inTier, fromDate, limit);
    }
    return this.walk(tier, passes, this.marked(field, marked, query), query, fromDate, limit);
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

  /** The documents of the groups that are in the tier, from `fromDate` on, sorted. */
  private sorted(
    groups: TextGroups,
    matching: number[],
    query: number,
    inTier: (slot: number) => boolean,
    fromDate: string,
    limit: number,
  ): number[] {
    const slots: number[] = [];
    for (const group of matching) {
      for (const slot of groups.documents[group] as number[]) {
        if (this.slotSeen[slot] === query) continue;
        this.slotSeen[slot] = query;
        if ((this.dates[slot] as string) >= fromDate && inTier(slot)) slots.push(slot);
      }
    }
    return slots.sort((a, b) => this.compareSlots(a, b)).slice(0, limit);
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
    for (const artist of groups)
      for (const lineup of this.lineupsOfArtist[artist] ?? []) this.lineupMarks[lineup] = query;
    return { of: this.lineupIdOf, marks: this.lineupMarks };
  }

  /**
   * The first `limit` documents in the tier along the load's date order, merged with those added since.
   * With candidates marked, documents whose text is not marked by `query` are passed over first.
   */
  private walk(
    tier: IndexTier,
    passes: (group: number) => boolean,
    candidates: Marked | null,
    query: number,
    fromDate: string,
    limit: number,
  ): number[] {
    const inTier = (slot: number) =>
      this.live[slot] === true &&
      (candidates === null || candidates.marks[candidates.of[slot] as number] === query) &&
      this.holds(tier, slot, passes);
    const start = firstWhere(this.ordered, (slot) => (this.dates[slot] as string) < fromDate);
    const slots: number[] = [];
    for (let slot = start; slot < this.ordered && slots.length < limit; slot += 1)
      if (inTier(slot)) slots.push(slot);
    const later = this.added.filter((slot) => (this.dates[slot] as string) >= fromDate && inTier(slot));
    if (later.length === 0) return slots;
    return [...slots, ...later].sort((a, b) => this.compareSlots(a, b)).slice(0, limit);
  }

  private nextQuery(): number {
    this.query = this.query === 0xffffffff ? 1 : this.query + 1;
    if (this.query === 1) {
      this.slotSeen.fill(0);
      for (const groups of Object.values(this.groups)) groups.clearMarks();
      this.lineupMarks.fill(0);
    }
    return this.query;
  }
}
