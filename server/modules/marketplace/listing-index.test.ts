import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPLIT_RULES, splitAllows } from '../../../common/splits.js';
import {
  type IndexedListing,
  ListingIndex,
  type ListingQuery,
  ORDER_REBUILD_MIN_MS,
  WALK_ABOVE_CANDIDATES,
} from './listing-index.js';

function sortValueOf(listing: IndexedListing, field: ListingQuery['sort']['field']): number | string {
  if (field === 'price') return listing.priceCents;
  if (field === 'markup') return listing.markup;
  if (field === 'vsOriginal') return listing.vsOriginalKey;
  return listing.eventDate;
}

/** What the SQL of decision 0040 answers: every live listing that matches, sorted, after the cursor. */
function expected(listings: Map<number, IndexedListing>, query: ListingQuery): number[] {
  const { field, direction } = query.sort;
  // "Lowest vs. original price" (decision 0083): ties of the percent go by the price, the same way.
  const place = (listing: IndexedListing) => ({
    key: sortValueOf(listing, field),
    tie: field === 'vsOriginal' ? listing.priceCents : 0,
    id: listing.id,
  });
  type Place = ReturnType<typeof place>;
  const compare = (a: Place, b: Place) => {
    const sign = direction === 'asc' ? 1 : -1;
    if (a.key !== b.key) return (a.key < b.key ? -1 : 1) * sign;
    if (a.tie !== b.tie) return (a.tie - b.tie) * sign;
    return a.id - b.id;
  };
  return [...listings.values()]
    .filter(
      (listing) =>
        listing.text.includes(query.term) &&
        listing.eventDate >= query.fromDate &&
        (query.onSaleAt === undefined || listing.endsAt > query.onSaleAt) &&
        (query.toDate === undefined || listing.eventDate <= query.toDate) &&
        (query.minPrice === undefined || listing.priceCents >= query.minPrice) &&
        (query.maxPrice === undefined || listing.priceCents <= query.maxPrice) &&
        (query.quantity === undefined || splitAllows(listing.splitRule, listing.quantity, query.quantity)) &&
        (query.city === undefined || listing.city === query.city) &&
        (!query.atOrBelowFace || listing.atOrBelowFace) &&
        (!query.verifiedOnly || listing.sellerVerified) &&
        (!query.after ||
          compare(place(listing), {
            key: query.after.value,
            tie: query.after.tie ?? 0,
            id: query.after.id,
          }) > 0),
    )
    .sort((a, b) => compare(place(a), place(b)))
    .slice(0, query.limit)
    .map((listing) => listing.id);
}

const WORDS = ['neon', 'velvet', 'sigur ros', 'beyonce', 'arena', 'hall', 'city 16', 'city 1'];

const listingArbitrary = (id: number) =>
  fc.record({
    id: fc.constant(id),
    text: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
    priceCents: fc.integer({ min: 100, max: 130 }),
    markup: fc.integer({ min: 0, max: 3 }),
    eventDate: fc.constantFrom('2026-12-01', '2026-12-02', '2027-01-15'),
    endsAt: fc.constantFrom(Date.parse('2026-12-02T08:00:00Z'), Date.parse('2026-12-05T05:00:00Z')),
    quantity: fc.integer({ min: 1, max: 3 }),
    splitRule: fc.constantFrom(...SPLIT_RULES),
    city: fc.constantFrom('', 'boston', 'portland'),
    atOrBelowFace: fc.boolean(),
    vsOriginalKey: fc.integer({ min: -2, max: 2 }),
    sellerVerified: fc.boolean(),
  });

const queryArbitrary = fc.record({
  term: fc.constantFrom('', 'ne', 'neon', 'eon v', 'city 1', 'city 16', 'ros', 'zzz', 'a'),
  sort: fc.record({
    field: fc.constantFrom('price' as const, 'markup' as const, 'eventDate' as const, 'vsOriginal' as const),
    direction: fc.constantFrom('asc' as const, 'desc' as const),
  }),
  fromDate: fc.constantFrom('2026-11-30', '2026-12-02'),
  onSaleAt: fc.option(
    fc.constantFrom(Date.parse('2026-12-02T07:59:00Z'), Date.parse('2026-12-02T08:00:00Z')),
    {
      nil: undefined,
    },
  ),
  toDate: fc.option(fc.constant('2026-12-31'), { nil: undefined }),
  minPrice: fc.option(fc.integer({ min: 100, max: 130 }), { nil: undefined }),
  maxPrice: fc.option(fc.integer({ min: 100, max: 130 }), { nil: undefined }),
  quantity: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  city: fc.option(fc.constantFrom('boston', 'portland'), { nil: undefined }),
  atOrBelowFace: fc.option(fc.constant(true), { nil: undefined }),
  verifiedOnly: fc.option(fc.constant(true), { nil: undefined }),
  limit: fc.integer({ min: 1, max: 8 }),
});

/** Pages through a query by cursor the way the marketplace does, until a short page. */
function allPages(
  search: (query: ListingQuery) => number[],
  query: ListingQuery,
  byId: Map<number, IndexedListing>,
) {
  const pages: number[][] = [];
  let after: ListingQuery['after'];
  for (let page = 0; page < 50; page += 1) {
    const ids = search({ ...query, after });
    pages.push(ids);
    const last = byId.get(ids.at(-1) ?? -1);
    if (ids.length < query.limit || !last) break;
    const { field } = query.sort;
    after = {
      value: sortValueOf(last, field),
      ...(field === 'vsOriginal' ? { tie: last.priceCents } : {}),
      id: last.id,
    };
  }
  return pages;
}

/** A listing on sale on 2026-12-01, one ticket, no filter's flag set: the fields a test cares about given. */
function plainListing(
  fields: Pick<IndexedListing, 'id' | 'text' | 'priceCents'> & Partial<IndexedListing>,
): IndexedListing {
  return {
    markup: 0,
    eventDate: '2026-12-01',
    endsAt: Date.parse('2026-12-02T05:00:00Z'),
    quantity: 1,
    splitRule: 'all',
    city: '',
    atOrBelowFace: false,
    vsOriginalKey: 0,
    sellerVerified: false,
    ...fields,
  };
}

describe('ListingIndex', () => {
  it('answers what the SQL search answers, page by page, through additions, edits and removals', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 120 })
          .chain((ids) =>
            fc.tuple(
              fc.tuple(...ids.map((id) => listingArbitrary(id))),
              fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 20 }),
            ),
          ),
        queryArbitrary,
        ([writes, removals], query) => {
          const index = new ListingIndex();
          const truth = new Map<number, IndexedListing>();
          for (const listing of writes) {
            index.upsert(listing);
            truth.set(listing.id, listing);
          }
          for (const id of removals) {
            index.remove(id);
            truth.delete(id);
          }
          const reference = allPages((page) => expected(truth, page), query, truth);
          expect(allPages((page) => index.search(page), query, truth)).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks the sort order for a common term and agrees with ranking every candidate', () => {
    let clockMs = 0;
    const index = new ListingIndex(() => clockMs);
    const truth = new Map<number, IndexedListing>();
    const count = 2 * WALK_ABOVE_CANDIDATES;
    for (let id = 1; id <= count; id += 1) {
      const listing = plainListing({
        id,
        text: id % 3 === 0 ? `neon lights ${id}` : `velvet city ${id % 40}`,
        priceCents: 1_000 + ((id * 7_919) % 5_000),
        markup: id % 11,
        eventDate: id % 2 ? '2026-12-01' : '2027-02-01',
        endsAt: Date.parse(id % 2 ? '2026-12-02T05:00:00Z' : '2027-02-02T05:00:00Z'),
        quantity: 1 + (id % 4),
      });
      index.upsert(listing);
      truth.set(id, listing);
    }
    const query: ListingQuery = {
      term: 'city',
      sort: { field: 'price', direction: 'desc' },
      fromDate: '2026-11-26',
      limit: 26,
    };
    expect(allPages((page) => index.search(page), query, truth)).toEqual(
      allPages((page) => expected(truth, page), query, truth),
    );

    // A change within ORDER_REBUILD_MIN_MS of the last rebuild: candidates are ranked instead of walked.
    const cheaper = { ...(truth.get(2) as IndexedListing), priceCents: 10 };
    index.upsert(cheaper);
    truth.set(2, cheaper);
    expect(index.search(query)).toEqual(expected(truth, query));
    clockMs += ORDER_REBUILD_MIN_MS + 1;
    const cheapest: ListingQuery = { ...query, sort: { field: 'price', direction: 'asc' }, limit: 3 };
    expect(index.search(cheapest)).toEqual(expected(truth, cheapest));
    expect(index.search(cheapest)[0]).toBe(2);
  });

  it('ranks the candidates when the few that hold the term lie far along the sort order', () => {
    const index = new ListingIndex();
    const truth = new Map<number, IndexedListing>();
    const add = (id: number, text: string, priceCents: number) => {
      const listing = plainListing({ id, text, priceCents });
      index.upsert(listing);
      truth.set(id, listing);
    };
    // 'zxyzx' holds every trigram of 'xyzxy' without holding it: each is a candidate no list can rule out.
    const lookalikes = 3 * WALK_ABOVE_CANDIDATES;
    for (let id = 1; id <= lookalikes; id += 1) add(id, `zxyzx ${id}`, 2_000 + id);
    for (let id = lookalikes + 1; id <= 12 * lookalikes; id += 1)
      add(id, `velvet hall ${id}`, 1_000 + (id % 900));
    for (let id = 12 * lookalikes + 1; id <= 12 * lookalikes + 7; id += 1) add(id, `xyzxy ${id}`, 9_000 + id);
    const query: ListingQuery = {
      term: 'xyzxy',
      sort: { field: 'price', direction: 'asc' },
      fromDate: '2026-11-26',
      limit: 3,
    };
    expect(index.search(query)).toHaveLength(3);
    expect(allPages((page) => index.search(page), query, truth)).toEqual(
      allPages((page) => expected(truth, page), query, truth),
    );
  });

  it('finds nothing at once when a trigram of the term is in no listing', () => {
    const index = new ListingIndex();
    index.upsert({
      id: 1,
      text: 'tame impala',
      priceCents: 1,
      markup: 0,
      eventDate: '2027-01-01',
      endsAt: Date.parse('2027-01-02T05:00:00Z'),
      quantity: 1,
      splitRule: 'all' as const,
      city: '',
      atOrBelowFace: false,
      vsOriginalKey: 0,
      sellerVerified: false,
    });
    const query: ListingQuery = {
      term: 'tame impla',
      sort: { field: 'price', direction: 'asc' },
      fromDate: '2026-01-01',
      limit: 5,
    };
    expect(index.search(query)).toEqual([]);
    expect(index.search({ ...query, term: 'impala' })).toEqual([1]);
  });

  it('forgets a listing that leaves and finds it again when it comes back with new text', () => {
    const index = new ListingIndex();
    const listing = {
      id: 7,
      text: 'sigur ros',
      priceCents: 5,
      markup: 0,
      eventDate: '2027-01-01',
      endsAt: Date.parse('2027-01-02T05:00:00Z'),
      quantity: 1,
      splitRule: 'all' as const,
      city: '',
      atOrBelowFace: false,
      vsOriginalKey: 0,
      sellerVerified: false,
    };
    const query: ListingQuery = {
      term: 'sigur',
      sort: { field: 'eventDate', direction: 'asc' },
      fromDate: '2026-01-01',
      limit: 5,
    };
    index.upsert(listing);
    index.remove(7);
    expect(index.search(query)).toEqual([]);
    expect(index.size).toBe(0);
    expect(index.deadSlots).toBe(1);
    index.upsert({ ...listing, text: 'beyonce' });
    expect(index.search(query)).toEqual([]);
    expect(index.search({ ...query, term: 'beyon' })).toEqual([7]);
    index.upsert(listing);
    expect(index.search(query)).toEqual([7]);
  });

  it('gives back what left in place: past and removed listings, slots taken again, postings tidied to a fresh load', async () => {
    const listingOf = (id: number, words: string): IndexedListing => ({
      id,
      text: `${words} ${id}`,
      priceCents: 1_000 + ((id * 7_919) % 5_000),
      markup: id % 11,
      eventDate: id % 3 === 0 ? '2026-11-29' : '2026-12-05',
      endsAt: Date.parse(id % 3 === 0 ? '2026-11-30T08:00:00Z' : '2026-12-06T08:00:00Z'),
      quantity: 1 + (id % 4),
      splitRule: 'all',
      city: '',
      atOrBelowFace: false,
      vsOriginalKey: 0,
      sellerVerified: false,
    });
    const index = new ListingIndex();
    const truth = new Map<number, IndexedListing>();
    for (let id = 1; id <= 12_000; id += 1) {
      const listing = listingOf(id, id % 2 ? 'neon lights tour' : 'velvet harbor live');
      index.upsert(listing);
      truth.set(id, listing);
    }
    const slotsBefore = index.deadSlots + index.size;
    // The date moves past a third of them, half of the rest sell, and a quarter of the rest change text.
    const now = Date.parse('2026-11-30T08:00:00Z');
    index.removeEnded(now);
    for (const [id, listing] of truth) if (listing.endsAt <= now) truth.delete(id);
    for (const id of [...truth.keys()].filter((id) => id % 2 === 0)) {
      index.remove(id);
      truth.delete(id);
    }
    for (const id of [...truth.keys()].filter((id) => id % 4 === 1)) {
      const edited = listingOf(id, 'sigur ros');
      index.upsert(edited);
      truth.set(id, edited);
    }
    expect(index.size).toBe(truth.size);
    expect(index.untidy).toBe(true);
    await index.tidy(
      async () => {},
      () => false,
    );
    expect(index.untidy).toBe(false);
    const fresh = new ListingIndex();
    for (const listing of truth.values()) fresh.upsert(listing);
    expect(index.postingEntries).toBe(fresh.postingEntries);
    for (const term of ['neon', 'sigur ros', 'harbor', '11', 'ro']) {
      const query: ListingQuery = {
        term,
        sort: { field: 'price', direction: 'asc' },
        fromDate: '2026-11-30',
        limit: 30,
      };
      expect(allPages((page) => index.search(page), query, truth)).toEqual(
        allPages((page) => fresh.search(page), query, truth),
      );
    }
    // New listings take the slots the others left: the index holds no more slots than at its busiest.
    for (let id = 20_001; id <= 25_000; id += 1) index.upsert(listingOf(id, 'new arrivals'));
    expect(index.deadSlots + index.size).toBe(slotsBefore);
    expect(
      index.search({
        term: 'arrivals',
        sort: { field: 'price', direction: 'asc' },
        fromDate: '2026-11-30',
        limit: 3,
      }),
    ).toHaveLength(3);
  });
});
