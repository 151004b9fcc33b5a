import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ConcertDocument,
  ConcertIndex,
  type IndexTier,
  onSaleIn,
  type SaleWindow,
} from './concert-index.js';
import { hasWholeWord, indexFallbackTiers, indexQueryTiers, indexTypoTiers } from './concert-index-tiers.js';

/** What the tiers mean, document by document: each event at its best tier, by tier, date and id. */
function expected(
  documents: Map<number, ConcertDocument>,
  tiers: IndexTier[],
  window: SaleWindow,
  limit: number,
) {
  const fieldPasses = (tier: IndexTier, document: ConcertDocument) => {
    if (tier.field === 'name') return tier.test(document.name);
    if (tier.field === 'place') return tier.test(`${document.venue}\n${document.city}`);
    return document.artists.split('\n').some((name) => name !== '' && tier.test(name));
  };
  return [...documents.values()]
    .filter((document) => onSaleIn(window, document))
    .flatMap((document) => {
      const ranks = tiers
        .filter(
          (tier) =>
            fieldPasses(tier, document) &&
            (!tier.document || tier.document({ name: document.name, lineup: document.artists })),
        )
        .map((tier) => tier.rank);
      return ranks.length === 0 ? [] : [{ document, rank: Math.min(...ranks) }];
    })
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        a.document.date.localeCompare(b.document.date) ||
        a.document.eventId - b.document.eventId,
    )
    .slice(0, limit)
    .map(({ document, rank }) => ({ eventId: document.eventId, rank }));
}

const WORDS = ['neon', 'velvet', 'harbor', 'sigur', 'ros', 'live', 'tour', 'the', 'neonics', 'ac/dc'];
const DATES = ['2030-01-01', '2030-01-02', '2030-02-10', '2030-03-05'];
const HOUR_MS = 3_600_000;
/** The venue's midnight after the last day, in a zone from UTC−12 to UTC+14 (decision 0071). */
const endOf = (date: string, days: number, zoneHours: number) =>
  Date.parse(`${date}T00:00:00Z`) + (days * 24 - zoneHours) * HOUR_MS;
/** A sale window at an instant of one of the days around DATES, and its first day a month before. */
const windowAt = (instant: string): SaleWindow => {
  const now = Date.parse(instant);
  return { fromDate: new Date(now - 31 * 24 * HOUR_MS).toISOString().slice(0, 10), now };
};
const WINDOWS = [
  '2029-12-31T23:00:00Z',
  '2030-01-01T20:00:00Z',
  '2030-01-02T07:30:00Z',
  '2030-01-03T09:00:00Z',
  '2030-02-10T12:00:00Z',
  '2030-03-01T00:00:00Z',
  '2030-03-06T01:00:00Z',
];
const text = (max: number) =>
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: max }).map((words) => words.join(' '));

const documentArbitrary = (eventId: number) =>
  fc
    .record({
      eventId: fc.constant(eventId),
      date: fc.constantFrom(...DATES),
      name: text(4),
      artists: fc.array(text(2), { minLength: 0, maxLength: 3 }).map((names) => names.join('\n')),
      venue: fc.constantFrom('velvet hall', 'harbor arena', 'the forum'),
      city: fc.constantFrom('neon city', 'reykjavik', 'chicago'),
      days: fc.integer({ min: 1, max: 3 }),
      zoneHours: fc.constantFrom(-12, -8, -5, 0, 1, 9, 14),
    })
    .map(({ days, zoneHours, ...document }) => ({
      ...document,
      endsAt: endOf(document.date, days, zoneHours),
    }));

const queryArbitrary = fc.oneof(
  text(3),
  fc.constantFrom('ne', 'on v', 'ros live', 'zzz', 'live neon', 'tour the', 'neon city', 'c/d'),
);

/** How the tiers of a query are put together, as service.ts asks the index. */
function tiersOf(query: string, kind: 'query' | 'typo' | 'fallback'): IndexTier[] {
  if (kind === 'typo')
    return [...indexQueryTiers(query), ...indexTypoTiers('velvet'), ...indexTypoTiers('harbor')];
  if (kind === 'fallback') {
    const words = query.split(' ');
    return indexFallbackTiers(words[0] as string, words);
  }
  return indexQueryTiers(query);
}

describe('concert search index', () => {
  it('finds what the tiers mean through additions, edits, removals, sweeps and tidyings, whichever path it takes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(documentArbitrary(0), { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(50), fc.boolean(), documentArbitrary(0)), { maxLength: 12 }),
        fc.array(
          fc.record({
            query: queryArbitrary,
            kind: fc.constantFrom('query' as const, 'typo' as const, 'fallback' as const),
            window: fc.constantFrom(...WINDOWS).map(windowAt),
            limit: fc.integer({ min: 1, max: 6 }),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        fc.record({
          checkTextsUpTo: fc.integer({ min: 0, max: 6 }),
          sortDocumentsUpTo: fc.integer({ min: 0, max: 8 }),
          chunkSlots: fc.integer({ min: 1, max: 8 }),
          tidyTextsAfter: fc.integer({ min: 1, max: 20 }),
        }),
        fc.option(fc.constantFrom(...WINDOWS).map(windowAt), { nil: undefined }),
        fc.boolean(),
        async (loaded, changes, queries, limits, swept, tidied) => {
          const index = new ConcertIndex(limits);
          const documents = new Map<number, ConcertDocument>();
          // The load adds in (date, event id) order.
          const ordered = loaded
            .map((document, position) => ({ ...document, eventId: position + 1 }))
            .sort((a, b) => a.date.localeCompare(b.date) || a.eventId - b.eventId);
          for (const document of ordered) {
            index.upsert(document);
            documents.set(document.eventId, document);
          }
          index.seal();
          for (const [eventId, removes, document] of changes) {
            if (removes) {
              index.remove(eventId);
              documents.delete(eventId);
            } else {
              const changed = { ...document, eventId };
              index.upsert(changed);
              documents.set(eventId, changed);
            }
          }
          if (swept !== undefined) {
            index.removeEnded(swept);
            for (const [eventId, document] of documents)
              if (!onSaleIn(swept, document)) documents.delete(eventId);
          }
          if (tidied)
            await index.tidy(
              async () => {},
              () => false,
            );
          expect(index.size).toBe(documents.size);
          for (const { query, kind, window, limit } of queries) {
            const tiers = tiersOf(query, kind);
            expect(index.search(tiers, window, limit)).toEqual(expected(documents, tiers, window, limit));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  /** A catalog of `count` documents over four months, the kth named after its event. */
  const catalog = (count: number, salt = '') =>
    Array.from({ length: count }, (_, position) => ({
      eventId: position + 1,
      date: `2030-0${1 + (position % 4)}-${String(1 + (position % 28)).padStart(2, '0')}`,
      name: `${WORDS[position % WORDS.length]} ${WORDS[(position * 7) % WORDS.length]}${salt} ${position}`,
      artists: `${WORDS[(position * 3) % WORDS.length]} band\n${WORDS[(position * 5) % WORDS.length]}`,
      venue: 'velvet hall',
      city: 'neon city',
      endsAt: endOf(`2030-0${1 + (position % 4)}-${String(1 + (position % 28)).padStart(2, '0')}`, 1, -8),
    }));

  const loadedIndex = (documents: ConcertDocument[]) => {
    const index = new ConcertIndex({ chunkSlots: 8, tidyTextsAfter: 50 });
    const ordered = [...documents].sort((a, b) => a.date.localeCompare(b.date) || a.eventId - b.eventId);
    for (const document of ordered) index.upsert(document);
    index.seal();
    return index;
  };

  const queries = ['neon', 'velvet band', 'ros', 'tour the', 'harbor 1', 'sigur'];

  it('ends a bulk change applied in place and tidied in slices identical to a fresh load, in no more room than its busiest moment', async () => {
    const before = catalog(400);
    const index = loadedIndex(before);
    // A bulk change: every other event renamed and most moved to another date, a fifth removed, new ones added.
    const truth = new Map(before.map((document) => [document.eventId, document]));
    let busiest = index.size;
    for (const document of catalog(600, ' again')) {
      if (document.eventId % 5 === 0) {
        index.remove(document.eventId);
        truth.delete(document.eventId);
      } else if (document.eventId % 2 === 0 || document.eventId > 400) {
        const moved = { ...document, date: `2030-0${1 + ((document.eventId * 3) % 4)}-15` };
        index.upsert(moved);
        truth.set(document.eventId, moved);
      }
      busiest = Math.max(busiest, index.size);
    }
    expect(index.slots).toBe(busiest);
    expect(index.untidy).toBe(true);
    let pauses = 0;
    // Changes keep coming while the texts are tidied: each pause gives an event a name the bulk change had left.
    await index.tidy(
      async () => {
        pauses += 1;
        const { name } = before[(2 * pauses - 1) % before.length] as ConcertDocument;
        const late = { ...(truth.get(1) as ConcertDocument), name, date: '2030-04-28' };
        index.upsert(late);
        truth.set(1, late);
      },
      () => false,
    );
    expect(pauses).toBeGreaterThan(0);
    expect(index.untidy).toBe(false);
    const fresh = loadedIndex([...truth.values()]);
    expect(index.documents()).toEqual(fresh.documents());
    expect(index.size).toBe(truth.size);
    await index.tidy(
      async () => {},
      () => false,
    );
    expect(index.texts).toBe(fresh.texts);
    for (const query of [...queries, 'again', 'late', 'ne']) {
      const tiers = tiersOf(query, 'query');
      for (const window of ['2029-12-31T00:00:00Z', '2030-02-15T00:00:00Z'].map(windowAt))
        expect(index.search(tiers, window, 7)).toEqual(fresh.search(tiers, window, 7));
    }
    for (const prefix of ['neo', 'velv', 'agai', 'harb'])
      expect(index.startsACatalogWord(prefix)).toBe(fresh.startsACatalogWord(prefix));
  });

  it('drops the documents dated before the new date, and its slots go to the next documents', () => {
    const documents = catalog(400);
    const index = loadedIndex(documents);
    index.removeBefore('2030-03-01');
    const kept = documents.filter((document) => document.date >= '2030-03-01');
    expect(index.size).toBe(kept.length);
    expect(index.documents()).toEqual(loadedIndex(kept).documents());
    const tiers = tiersOf('neon', 'query');
    const window = windowAt('2029-01-01T00:00:00Z');
    expect(index.search(tiers, window, 5)).toEqual(
      expected(new Map(kept.map((document) => [document.eventId, document])), tiers, window, 5),
    );
    for (const document of catalog(400, ' later'))
      index.upsert({ ...document, eventId: document.eventId + 1_000 });
    expect(index.slots).toBe(kept.length + 400);
  });

  it("finds a show until its venue's midnight after its last day, and a sweep drops it only then", () => {
    const document = (eventId: number, name: string, endsAt: number): ConcertDocument => ({
      eventId,
      date: '2030-01-01',
      name,
      artists: '',
      venue: 'velvet hall',
      city: 'neon city',
      endsAt,
    });
    // Los Angeles (UTC−8) for one day; New York (UTC−5) for three.
    const show = document(1, 'neon night', endOf('2030-01-01', 1, -8));
    const festival = document(2, 'neon fest', endOf('2030-01-01', 3, -5));
    const index = loadedIndex([show, festival]);
    const tiers = tiersOf('neon', 'query');
    const found = (instant: string) => index.search(tiers, windowAt(instant), 5).map((hit) => hit.eventId);
    // 23:30 in Los Angeles on the show's day (07:30 UTC the next day), and 08:00 there on day 2 of the festival.
    expect(found('2030-01-02T07:30:00Z')).toEqual([1, 2]);
    index.removeEnded(windowAt('2030-01-02T07:30:00Z'));
    expect(index.size).toBe(2);
    // One minute after midnight in Los Angeles.
    expect(found('2030-01-02T08:01:00Z')).toEqual([2]);
    index.removeEnded(windowAt('2030-01-02T08:01:00Z'));
    expect(index.documents().map((kept) => kept.eventId)).toEqual([2]);
    expect(found('2030-01-04T04:59:00Z')).toEqual([2]);
    // One minute after midnight in New York after the festival's third day.
    expect(found('2030-01-04T05:01:00Z')).toEqual([]);
    index.removeEnded(windowAt('2030-01-04T05:01:00Z'));
    expect(index.size).toBe(0);
  });

  it('leaves the tiers of a higher rank unsearched once the lower ranks fill the page', () => {
    const documents = catalog(400);
    const index = loadedIndex(documents);
    const window = windowAt('2029-01-01T00:00:00Z');
    const asked: number[] = [];
    const counted = (tier: IndexTier): IndexTier => ({
      ...tier,
      test: (value) => {
        asked.push(tier.rank);
        return tier.test(value);
      },
    });
    const tiers = tiersOf('neon', 'typo').map(counted);
    const page = index.search([...tiers].reverse(), window, 5);
    const searched = [...asked];
    expect(page).toEqual(
      expected(new Map(documents.map((document) => [document.eventId, document])), tiers, window, 5),
    );
    expect(page.every((hit) => hit.rank < 10)).toBe(true);
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.filter((rank) => rank >= 10)).toEqual([]);
  });

  it('reads a whole word as the database does: no letter or digit on either side', () => {
    expect(hasWholeWord('ac/dc live', 'ac')).toBe(true);
    expect(hasWholeWord('neonics live', 'neon')).toBe(false);
    expect(hasWholeWord('the neon-lights', 'neon')).toBe(true);
    expect(hasWholeWord('neon2 tour', 'neon')).toBe(false);
    expect(hasWholeWord('björk live', 'bj')).toBe(false);
    expect(hasWholeWord('neonneon neon', 'neon')).toBe(true);
  });
});
