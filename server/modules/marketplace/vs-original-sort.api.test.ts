import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originalPriceCents, vsOriginalSortKey } from '../../../common/price-comparison.js';
import { tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { insertListing, isoDay } from './testing.js';

const NOW = new Date('2030-03-01T12:00:00Z');

interface Card {
  id: number;
  buyerPaysPerTicket: number;
  priceComparison: { kind: string; percent: number } | null;
}

/**
 * Decision 0083: "Lowest vs. original price" sorts by the signed percent every card shows (below first),
 * ties by the all-in price then the id, a listing without an original price last; the listing index
 * (a search) and SQL (no search) page it alike, and the database's generated key is the TypeScript's.
 */
describe.each(backends)('the "Lowest vs. original price" sort on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(NOW);
  let member: TestClient;
  let sellerId = 0;
  const ids: Record<string, number> = {};

  async function pages(search: Record<string, string>, limit: number): Promise<Card[]> {
    const cards: Card[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ ...search, limit: String(limit) });
      if (cursor) params.set('cursor', cursor);
      const response = await member.get(`/api/tickets?${params}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      cards.push(...response.body.tickets);
      cursor = response.body.nextCursor;
    } while (cursor);
    return cards;
  }

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    sellerId = (await createTestUser(db)).id;
    member = await signedInClient(harness, (await createTestUser(db)).id);
    const listing = async (name: string, faceValueCents: number, serviceFeeCents: number, markup: number) => {
      ids[name] = (
        await insertListing(db, sellerId, {
          eventName: 'Face Value Night',
          eventDate: isoDay(10, NOW),
          faceValueCents,
          serviceFeeCents,
          markup,
        })
      ).id;
    };
    // -8% twice: the cheaper one first. Then at, 2% above, 12% above, and no original price last.
    await listing('above12', 12_000, 1_500, 10);
    await listing('below8', 12_000, 1_500, -10);
    await listing('noOriginal', 0, 0, 0);
    await listing('below8Cheaper', 6_000, 750, -10);
    await listing('at', 12_000, 1_500, -2);
    await listing('above2', 12_000, 1_500, 0);
    await harness.app.listingSearch.ready();
  });

  afterAll(async () => {
    await harness?.close();
  });

  const expectedOrder = () => ['below8Cheaper', 'below8', 'at', 'above2', 'above12', 'noOriginal'];

  it('orders lowest against the original price first, ties cheaper first, through the index and in SQL', async () => {
    const order = expectedOrder().map((name) => ids[name]);
    for (const limit of [1, 2, 100]) {
      const indexed = await pages({ search: 'face value night', sortBy: 'vs_original' }, limit);
      expect(
        indexed.map((card) => card.id),
        `index, limit ${limit}`,
      ).toEqual(order);
      const inSql = (await pages({ sortBy: 'vs_original' }, limit)).filter((card) => order.includes(card.id));
      expect(
        inSql.map((card) => card.id),
        `SQL, limit ${limit}`,
      ).toEqual(order);
    }
    const [first] = await pages({ search: 'face value night', sortBy: 'vs_original' }, 100);
    expect(first?.priceComparison).toEqual({ kind: 'below', percent: 8 });
  });

  it('sorts by it in the advanced sort too, either way, and keeps to the "at or below" filter', async () => {
    const descending = JSON.stringify([{ field: 'vsOriginal', direction: 'desc' }]);
    const found = await pages({ search: 'face value night', sortCriteria: descending }, 2);
    // Descending with the id breaking ties: no original price (the largest key) first.
    expect(found.map((card) => card.id)).toEqual(
      ['noOriginal', 'above12', 'above2', 'at', 'below8', 'below8Cheaper'].map((name) => ids[name]),
    );
    const atOrBelow = await pages(
      { search: 'face value night', sortBy: 'vs_original', atOrBelowFace: 'true' },
      1,
    );
    expect(atOrBelow.map((card) => card.id)).toEqual(
      ['below8Cheaper', 'below8', 'at'].map((name) => ids[name]),
    );
  });

  it('refuses a cursor of another sort', async () => {
    const response = await member.get(`/api/tickets?sortBy=vs_original&limit=1&search=face+value+night`);
    const cursor = response.body.nextCursor as string;
    const wrong = await member.get(`/api/tickets?sortBy=price_asc&limit=1&cursor=${cursor}`);
    expect(wrong.status).toBe(400);
  });

  it('keeps the generated key (migration 0041) equal to vsOriginalSortKey, on random and extreme prices', async () => {
    const db = harness.database.db;
    const samples = fc.sample(
      fc.record({
        faceValueCents: fc.integer({ min: 0, max: 2_000_000 }),
        serviceFeeCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
        markup: fc.integer({ min: -100, max: 50 }),
      }),
      { numRuns: 80, seed: 83 },
    );
    const inserted: number[] = [];
    for (const sample of samples)
      inserted.push((await insertListing(db, sellerId, { ...sample, status: 'cancelled' })).id);
    // The largest price against the smallest original price, and half a percent either side of "at".
    const extremes = [
      { listingPriceCents: 10_000_000, faceValueCents: 1, serviceFeeCents: 0 },
      { listingPriceCents: 0, faceValueCents: 10_000_000, serviceFeeCents: 10_000_000 },
      { listingPriceCents: 9_805, faceValueCents: 10_000, serviceFeeCents: 0 },
      { listingPriceCents: 9_756, faceValueCents: 10_000, serviceFeeCents: 0 },
    ];
    for (const extreme of extremes) {
      const { id } = await insertListing(db, sellerId, { status: 'cancelled' });
      await db.update(tickets).set(extreme).where(eq(tickets.id, id));
      inserted.push(id);
    }
    const rows = await db
      .select({
        allIn: tickets.buyerPaysPerTicketCents,
        face: tickets.faceValueCents,
        fee: tickets.serviceFeeCents,
        key: tickets.vsOriginalKey,
      })
      .from(tickets)
      .where(inArray(tickets.id, inserted));
    expect(rows).toHaveLength(inserted.length);
    for (const row of rows)
      expect(row.key, JSON.stringify(row)).toBe(
        vsOriginalSortKey(row.allIn, originalPriceCents(row.face, row.fee)),
      );
    expect(new Set(rows.map((row) => Math.sign(row.key)))).toEqual(new Set([-1, 0, 1]));
  });
});
