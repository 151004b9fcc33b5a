import { type SplitRule, splitAllows } from '../../../common/splits.js';
/**
 * The live listings in memory, for the marketplace search (decision 0048): each listing's folded search
 * text with the values the search filters and sorts by, a trigram posting list per three characters of
 * text, and the listings in each sort order. A query is the same substring match and the same order as
 * the SQL of decision 0040 (`search_text like '%term%'`, then the sort and the id), answered without the
 * database; the caller reads the page's rows from the database and checks them.
 */

import { TRIGRAM_LENGTH, trigramsOf, trigramText } from '../../lib/trigrams.js';

export interface IndexedListing {
  id: number;
  /** `tickets.search_text`: folded by the database. */
  text: string;
  priceCents: number;
  markup: number;
  /** The event's date, YYYY-MM-DD. */
  eventDate: string;
  /** When its show stops being on sale (decision 0071), in epoch milliseconds. */
  endsAt: number;
  quantity: number;
  splitRule: SplitRule;
  /** The catalog venue's city, folded; '' for a listing without a catalog event (decision 0059). */
  city: string;
  /** The all-in price per ticket reads at or below the original price (common/price-comparison.ts, decision 0073). */
  atOrBelowFace: boolean;
  /** Its place in the "Lowest vs. original price" sort (common/price-comparison.ts vsOriginalSortKey, decision 0083). */
  vsOriginalKey: number;
  /** Its seller is verified (`tickets.seller_verified`, decision 0086). */
  sellerVerified: boolean;
}

/** 'vsOriginal' orders by vsOriginalKey, then the all-in price in the same direction (decision 0083). */
export type IndexedSortField = 'price' | 'markup' | 'eventDate' | 'vsOriginal';

export interface ListingQuery {
  /** The folded search term. */
  term: string;
  sort: { field: IndexedSortField; direction: 'asc' | 'desc' };
  /** The previous page's last sort value (and tie value: its price, for 'vsOriginal') and id: only listings after it. */
  after?: { value: number | string; tie?: number; id: number };
  /** The first event date shown, and the optional filters, as the SQL applies them. */
  fromDate: string;
  /** Only shows still on sale at this instant (epoch milliseconds; decision 0071). */
  onSaleAt?: number;
  toDate?: string;
  minPrice?: number;
  maxPrice?: number;
  quantity?: number;
  /** The folded city the event is in. */
  city?: string;
  atOrBelowFace?: boolean;
  verifiedOnly?: boolean;
  limit: number;
}

/**
 * A term whose rarest trigram is in more listings than this is common: the page is found sooner by
 * walking the sort order (as the SQL does beyond 2,000 candidates), looking only at the candidates on the
 * way, than by checking and ranking every candidate.
 */
export const WALK_ABOVE_CANDIDATES = 400;
/**
 * How many places of the sort order a walk may pass per candidate before it stops and ranks the candidates
 * instead: passing a place costs a look at one mark, checking a candidate reads the listing, and when most
 * candidates only share a trigram with the term the walk would otherwise reach the end of the order.
 */
const WALK_PLACES_PER_CANDIDATE = 4;
/** Candidates this few are checked as they are, without reading another trigram's list. */
const FEW_CANDIDATES = 40;
/** A trigram's list is read to narrow the candidates while it is at most this many times longer. */
const NARROW_UP_TO = 16;
/** A sort order out of date is rebuilt at most this often; in between, candidates are ranked instead. */
export const ORDER_REBUILD_MIN_MS = 1_000;

function keyOf(listing: IndexedListing, field: IndexedSortField): number | string {
  if (field === 'price') return listing.priceCents;
  if (field === 'markup') return listing.markup;
  if (field === 'vsOriginal') return listing.vsOriginalKey;
  return listing.eventDate;
}

/** What breaks ties of the sort key before the id: the all-in price for 'vsOriginal', nothing otherwise. */
function tieOf(listing: IndexedListing, field: IndexedSortField): number {
  return field === 'vsOriginal' ? listing.priceCents : 0;
}

/** A listing's place in a sort order: its key, its tie-breaker and its id. */
interface SortPlace {
  key: number | string;
  tie: number;
  id: number;
}

const placeOf = (listing: IndexedListing, field: IndexedSortField): SortPlace => ({
  key: keyOf(listing, field),
  tie: tieOf(listing, field),
  id: listing.id,
});

/** Negative when `a` comes first: the sort key, then the tie-breaker, in its direction, then the id ascending. */
function compareKeys(a: SortPlace, b: SortPlace, direction: 'asc' | 'desc'): number {
  const sign = direction === 'asc' ? 1 : -1;
  if (a.key !== b.key) return (a.key < b.key ? -1 : 1) * sign;
  if (a.tie !== b.tie) return (a.tie - b.tie) * sign;
  return a.id - b.id;
}

/** Whether a listing comes after the query's cursor in the query's order (always, without a cursor). */
function afterCursor(listing: IndexedListing, query: ListingQuery): boolean {
  if (!query.after) return true;
  const { field, direction } = query.sort;
  const { value, tie = 0, id } = query.after;
  return compareKeys(placeOf(listing, field), { key: value, tie, id }, direction) > 0;
}

/**
 * Whether a live listing is on the query's pages: the marketplace's filters (decision 0010), the search
 * term in its folded text, and after the cursor. The server checks the rows it reads for a page with it.
 */
export function matchesQuery(listing: IndexedListing, query: ListingQuery): boolean {
  if (query.onSaleAt !== undefined && listing.endsAt <= query.onSaleAt) return false;
  if (listing.eventDate < query.fromDate) return false;
  if (query.toDate !== undefined && listing.eventDate > query.toDate) return false;
  if (query.minPrice !== undefined && listing.priceCents < query.minPrice) return false;
  if (query.maxPrice !== undefined && listing.priceCents > query.maxPrice) return false;
  if (query.quantity !== undefined && !splitAllows(listing.splitRule, listing.quantity, query.quantity))
    return false;
  if (query.city !== undefined && listing.city !== query.city) return false;
  if (query.atOrBelowFace && !listing.atOrBelowFace) return false;
  if (query.verifiedOnly && !listing.sellerVerified) return false;
  return listing.text.includes(query.term) && afterCursor(listing, query);
}

/** Posting keys cleaned between two turns of the event loop while tidying. */
const TIDY_SLICE = 2_000;
/** Fewer stale posting entries than this are not worth a tidying. */
const TIDY_AT_LEAST = 10_000;

/** What a slot holds once its listing has left and before another takes it: nothing matches it. */
const VACANT: IndexedListing = {
  id: 0,
  text: '',
  priceCents: 0,
  markup: 0,
  eventDate: '',
  endsAt: 0,
  quantity: 0,
  splitRule: 'all',
  city: '',
  atOrBelowFace: false,
  vsOriginalKey: 0,
  sellerVerified: false,
};

interface SortOrder {
  slots: Int32Array;
  /** The index's change count the order was built at. */
  builtAt: number;
  builtMs: number;
}

export class ListingIndex {
  private readonly slotOf = new Map<number, number>();
  private readonly listings: IndexedListing[] = [];
  private readonly live: boolean[] = [];
  /** Slots whose listing left, taken again by the next listings added: the index never outgrows its busiest day. */
  private readonly vacant: number[] = [];
  private readonly postings = new Map<number, number[]>();
  /** Posting entries, and those no longer true (their slot left or its text changed): `tidy` drops them. */
  private postedEntries = 0;
  private staleEntries = 0;
  private readonly orders = new Map<string, SortOrder>();
  /** Each query marks the slots it has looked at with its own number, so a slot listed twice counts once. */
  private seen = new Uint32Array(0);
  private queryNumber = 0;
  private changes = 0;
  private liveCount = 0;

  constructor(private readonly monotonicMs: () => number = () => performance.now()) {}

  get size(): number {
    return this.liveCount;
  }

  /** Slots whose listing left and that no listing has taken since. */
  get deadSlots(): number {
    return this.vacant.length;
  }

  /** Entries of the trigram posting lists: a fresh load holds one per trigram of each listing's text. */
  get postingEntries(): number {
    return this.postedEntries;
  }

  /** Whether enough posting entries are stale to be worth a `tidy`. */
  get untidy(): boolean {
    return this.staleEntries >= Math.max(TIDY_AT_LEAST, this.postedEntries / 4);
  }

  upsert(listing: IndexedListing): void {
    const slot = this.slotOf.get(listing.id);
    this.changes += 1;
    if (slot === undefined) {
      const added = this.vacant.pop() ?? this.listings.length;
      this.slotOf.set(listing.id, added);
      this.listings[added] = listing;
      this.live[added] = true;
      this.liveCount += 1;
      this.post(trigramsOf(listing.text), added);
      return;
    }
    const before = this.listings[slot] as IndexedListing;
    if (before.text !== listing.text) {
      const old = trigramsOf(before.text);
      const keys = trigramsOf(listing.text);
      for (const key of old) if (!keys.has(key)) this.staleEntries += 1;
      this.post(new Set([...keys].filter((key) => !old.has(key))), slot);
    }
    this.listings[slot] = listing;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.staleEntries += trigramsOf((this.listings[slot] as IndexedListing).text).size;
    this.slotOf.delete(id);
    this.listings[slot] = VACANT;
    this.live[slot] = false;
    this.vacant.push(slot);
    this.liveCount -= 1;
    this.changes += 1;
  }

  /** Every listing whose show is no longer on sale at `now` (epoch milliseconds) leaves. */
  removeEnded(now: number): void {
    for (const listing of [...this.listings])
      if (listing !== VACANT && listing.endsAt <= now) this.remove(listing.id);
  }

  /**
   * Drops the stale posting entries, a slice of trigrams between two turns of the event loop: an entry
   * stays only while its slot's listing holds that trigram, once. Searches read the postings throughout;
   * they only ever lose candidates that could not match.
   */
  async tidy(pause: () => Promise<void>, closed: () => boolean): Promise<void> {
    const stale = this.staleEntries;
    const keys = [...this.postings.keys()];
    for (let start = 0; start < keys.length; start += TIDY_SLICE) {
      if (closed()) return;
      for (const key of keys.slice(start, start + TIDY_SLICE)) this.tidyPosting(key);
      await pause();
    }
    this.staleEntries = Math.max(0, this.staleEntries - stale);
  }

  private tidyPosting(key: number): void {
    const posting = this.postings.get(key);
    if (!posting) return;
    const trigram = trigramText(key);
    const number = this.nextQueryNumber();
    const kept = posting.filter((slot) => {
      if (this.seen[slot] === number) return false;
      this.seen[slot] = number;
      return this.live[slot] === true && (this.listings[slot] as IndexedListing).text.includes(trigram);
    });
    this.postedEntries -= posting.length - kept.length;
    if (kept.length === 0) this.postings.delete(key);
    else this.postings.set(key, kept);
  }

  /** The ids of the page (at most `limit`), in the query's order. */
  search(query: ListingQuery): number[] {
    const candidates = this.candidatesOf(query.term);
    if (candidates === null) return [];
    const order =
      candidates === 'all' || candidates.length > WALK_ABOVE_CANDIDATES
        ? this.currentOrder(query.sort)
        : null;
    const slots = candidates === 'all' ? null : candidates;
    const walked = order && this.walk(order, query, slots);
    return walked ?? this.rank(slots, query);
  }

  /**
   * Slots that may hold the term, 'all' for a term too short to have a trigram, null when no listing can
   * match: the rarest trigram's slots, narrowed to those in the next rarest lists while reading such a list
   * costs less than checking the candidates it would drop (decision 0101).
   */
  private candidatesOf(term: string): number[] | 'all' | null {
    if (term.length < TRIGRAM_LENGTH) return 'all';
    const lists: number[][] = [];
    for (const key of trigramsOf(term)) {
      const posting = this.postings.get(key);
      if (!posting) return null;
      lists.push(posting);
    }
    lists.sort((a, b) => a.length - b.length);
    let candidates = lists[0] ?? [];
    for (const list of lists.slice(1)) {
      if (candidates.length <= FEW_CANDIDATES || list.length > candidates.length * NARROW_UP_TO) break;
      candidates = this.alsoIn(candidates, list);
    }
    return candidates;
  }

  /** The candidates that are also in `list`: marked, then found by reading the list once. */
  private alsoIn(candidates: number[], list: number[]): number[] {
    const number = this.nextQueryNumber();
    for (const slot of candidates) this.seen[slot] = number;
    return list.filter((slot) => this.seen[slot] === number);
  }

  private post(keys: Set<number>, slot: number): void {
    this.postedEntries += keys.size;
    for (const key of keys) {
      const posting = this.postings.get(key);
      if (posting) posting.push(slot);
      else this.postings.set(key, [slot]);
    }
  }

  private matches(slot: number, query: ListingQuery): boolean {
    return this.live[slot] === true && matchesQuery(this.listings[slot] as IndexedListing, query);
  }

  /** Negative when slot `a` comes first in the query's order. */
  private compareSlots(a: number, b: number, sort: ListingQuery['sort']): number {
    return compareKeys(
      placeOf(this.listings[a] as IndexedListing, sort.field),
      placeOf(this.listings[b] as IndexedListing, sort.field),
      sort.direction,
    );
  }

  /** The sort order, rebuilt when the index changed since and the last rebuild is not too recent. */
  private currentOrder(sort: ListingQuery['sort']): Int32Array | null {
    const name = `${sort.field}:${sort.direction}`;
    const order = this.orders.get(name);
    if (order && order.builtAt === this.changes) return order.slots;
    const now = this.monotonicMs();
    if (order && now - order.builtMs < ORDER_REBUILD_MIN_MS) return null;
    const slots = new Int32Array(this.liveCount);
    let filled = 0;
    for (let slot = 0; slot < this.listings.length; slot += 1) if (this.live[slot]) slots[filled++] = slot;
    // The places side by side in an array: the sort compares them without reaching into each listing.
    const places = this.listings.map((listing) => placeOf(listing, sort.field));
    slots.sort((a, b) => compareKeys(places[a] as SortPlace, places[b] as SortPlace, sort.direction));
    this.orders.set(name, { slots, builtAt: this.changes, builtMs: now });
    return slots;
  }

  /**
   * The first matches along the sort order, from just after the cursor. With candidates, they are marked
   * first and every other listing on the way is passed over without reading its text; null when the page is
   * not complete within WALK_PLACES_PER_CANDIDATE places per candidate (then ranking them costs less).
   */
  private walk(order: Int32Array, query: ListingQuery, candidates: number[] | null): number[] | null {
    const number = this.nextQueryNumber();
    if (candidates) for (const slot of candidates) this.seen[slot] = number;
    let start = 0;
    if (query.after) {
      let end = order.length;
      while (start < end) {
        const middle = (start + end) >>> 1;
        if (afterCursor(this.listings[order[middle] as number] as IndexedListing, query)) end = middle;
        else start = middle + 1;
      }
    }
    const ids: number[] = [];
    const end = candidates
      ? Math.min(order.length, start + candidates.length * WALK_PLACES_PER_CANDIDATE)
      : order.length;
    for (let position = start; position < end && ids.length < query.limit; position += 1) {
      const slot = order[position] as number;
      if (candidates && this.seen[slot] !== number) continue;
      if (this.matches(slot, query)) ids.push((this.listings[slot] as IndexedListing).id);
    }
    return ids.length < query.limit && end < order.length ? null : ids;
  }

  /** Every candidate checked, the best `limit` kept in a heap whose root is the worst kept. */
  private rank(candidates: number[] | null, query: ListingQuery): number[] {
    const worstFirst = (a: number, b: number) => this.compareSlots(b, a, query.sort);
    const heap: number[] = [];
    const number = this.nextQueryNumber();
    const consider = (slot: number) => {
      if (this.seen[slot] === number) return;
      this.seen[slot] = number;
      if (!this.matches(slot, query)) return;
      if (heap.length < query.limit) {
        heap.push(slot);
        siftUp(heap, heap.length - 1, worstFirst);
      } else if (query.limit > 0 && worstFirst(slot, heap[0] as number) > 0) {
        heap[0] = slot;
        siftDown(heap, 0, worstFirst);
      }
    };
    if (candidates) for (const slot of candidates) consider(slot);
    else for (let slot = 0; slot < this.listings.length; slot += 1) consider(slot);
    return heap.sort((a, b) => worstFirst(b, a)).map((slot) => (this.listings[slot] as IndexedListing).id);
  }

  private nextQueryNumber(): number {
    if (this.seen.length < this.listings.length) {
      const grown = new Uint32Array(Math.max(1_024, this.listings.length * 2));
      grown.set(this.seen);
      this.seen = grown;
    }
    this.queryNumber = this.queryNumber === 0xffffffff ? 1 : this.queryNumber + 1;
    if (this.queryNumber === 1) this.seen.fill(0);
    return this.queryNumber;
  }
}

/** `before(a, b) < 0` keeps `a` nearer the root. */
function siftUp(heap: number[], index: number, before: (a: number, b: number) => number): void {
  let child = index;
  while (child > 0) {
    const parent = (child - 1) >> 1;
    if (before(heap[child] as number, heap[parent] as number) >= 0) return;
    [heap[child], heap[parent]] = [heap[parent] as number, heap[child] as number];
    child = parent;
  }
}

function siftDown(heap: number[], index: number, before: (a: number, b: number) => number): void {
  let parent = index;
  for (;;) {
    const left = parent * 2 + 1;
    const right = left + 1;
    let first = parent;
    if (left < heap.length && before(heap[left] as number, heap[first] as number) < 0) first = left;
    if (right < heap.length && before(heap[right] as number, heap[first] as number) < 0) first = right;
    if (first === parent) return;
    [heap[parent], heap[first]] = [heap[first] as number, heap[parent] as number];
    parent = first;
  }
}
