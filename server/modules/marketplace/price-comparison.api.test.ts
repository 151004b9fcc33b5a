import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOrBelowOriginal, comparePrice, originalPriceCents } from '../../../common/price-comparison.js';
import { allInPerTicketCents, listingPriceCents } from '../../../common/pricing.js';
import { ticketListQuerySchema } from '../../../common/schemas/marketplace.js';
import { tickets } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { ticketAtOrBelowOriginal } from '../tickets/price-comparison.js';
import { listMarketplaceTickets } from './service.js';
import { insertListing, isoDay } from './testing.js';

const NOW = new Date('2030-03-01T12:00:00Z');

interface Card {
  id: number;
  quantity: number;
  buyingQuantity: number;
  buyerPaysPerTicket: number;
  buyerPays: number;
  totalPrice: number;
  priceComparison: { kind: string; percent: number } | null;
}

/**
 * Decision 0073: one original price (face value plus the original fee), one comparison of the all-in price
 * per ticket with it, the same on the cards and in the "at or below" filter through the listing index and in
 * SQL; cards priced for the "Number of tickets" asked for, per ticket × quantity being the total.
 */
describe.each(backends)('one price, one comparison on the marketplace on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(NOW);
  let member: TestClient;
  let visitor: TestClient;
  /** Listing id by markup, of the issue's $120 face value and $15 original fee. */
  const byMarkup = new Map<number, number>();
  let noOriginal = 0;
  let sellerId = 0;

  async function throughHttp(client: TestClient, search: Record<string, string>): Promise<Card[]> {
    const cards: Card[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams(search);
      if (cursor) params.set('cursor', cursor);
      const response = await client.get(`/api/tickets?${params}`);
      expect(response.status).toBe(200);
      cards.push(...response.body.tickets);
      cursor = response.body.nextCursor;
    } while (cursor);
    return cards;
  }

  async function inSql(search: Record<string, string>): Promise<number[]> {
    const query = ticketListQuerySchema.parse({ ...search, limit: '100' });
    return (await listMarketplaceTickets(harness.database.db, query, clock.now())).tickets.map(
      (card) => card.id,
    );
  }

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const db = harness.database.db;
    const seller = await createTestUser(db);
    sellerId = seller.id;
    member = await signedInClient(harness, (await createTestUser(db)).id);
    visitor = harness.client();
    for (const markup of [-10, -2, -1, 0, 10]) {
      const listing = await insertListing(db, seller.id, {
        eventName: 'Issue Forty Three',
        eventDate: isoDay(10, NOW),
        faceValueCents: 12_000,
        serviceFeeCents: 1_500,
        markup,
        quantity: 4,
        splitRule: 'any',
      });
      byMarkup.set(markup, listing.id);
    }
    const free = await insertListing(db, seller.id, {
      eventName: 'Issue Forty Three',
      eventDate: isoDay(10, NOW),
      faceValueCents: 0,
      serviceFeeCents: 0,
      markup: 0,
    });
    noOriginal = free.id;
    await harness.app.listingSearch.ready();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('says on each card how its all-in price reads against face value plus the original fee', async () => {
    const cards = await throughHttp(member, { search: 'issue forty', sortBy: 'price_asc' });
    const comparisonOf = (markup: number) =>
      cards.find((card) => card.id === byMarkup.get(markup))?.priceComparison;
    // $135.00 at 0% markup is $137.63 all-in: 2% above what the ticket first cost, not "0% markup".
    expect(comparisonOf(0)).toEqual({ kind: 'above', percent: 2 });
    expect(comparisonOf(-1)).toEqual({ kind: 'above', percent: 1 });
    expect(comparisonOf(-2)).toEqual({ kind: 'at', percent: 0 });
    expect(comparisonOf(-10)).toEqual({ kind: 'below', percent: 8 });
    expect(comparisonOf(10)).toEqual({ kind: 'above', percent: 12 });
    expect(cards.find((card) => card.id === noOriginal)?.priceComparison).toBeNull();
    for (const card of cards) {
      const markup = [...byMarkup].find(([, id]) => id === card.id)?.[0];
      if (markup === undefined) continue;
      const allIn = allInPerTicketCents(listingPriceCents(12_000, 1_500, markup));
      expect(card.buyerPaysPerTicket).toBe(allIn / 100);
      expect(card.priceComparison).toEqual(comparePrice(allIn, originalPriceCents(12_000, 1_500)));
    }
    const visitorCards = await throughHttp(visitor, { search: 'issue forty' });
    expect(visitorCards.find((card) => card.id === byMarkup.get(0))?.priceComparison).toEqual({
      kind: 'above',
      percent: 2,
    });
  });

  it('filters "at or below the original price" by the same comparison, in the listing index and in SQL', async () => {
    const expected = [byMarkup.get(-10), byMarkup.get(-2)].toSorted();
    const searches: Record<string, string>[] = [
      { search: 'issue forty', atOrBelowFace: 'true', sortBy: 'price_asc' },
      { search: 'issue forty', atOrBelowFace: 'true', sortBy: 'date' },
      { atOrBelowFace: 'true', sortBy: 'price_desc' },
    ];
    for (const search of searches) {
      const found = (await throughHttp(member, search)).map((card) => card.id);
      expect(found.toSorted(), JSON.stringify(search)).toEqual(expected);
      expect(await inSql(search), JSON.stringify(search)).toEqual(found);
    }
  });

  it('prices each card for the "Number of tickets" asked for, and per ticket × quantity is the total', async () => {
    const listing = byMarkup.get(0);
    const whole = (await throughHttp(member, { search: 'issue forty' })).find((card) => card.id === listing);
    expect(whole).toMatchObject({
      quantity: 4,
      buyingQuantity: 4,
      buyerPaysPerTicket: 137.63,
      buyerPays: 550.52,
    });
    for (const client of [member, visitor]) {
      const two = (await throughHttp(client, { search: 'issue forty', quantity: '2' })).find(
        (card) => card.id === listing,
      );
      // Not "$137.64 each · $275.27 for 2" and "$137.63 each" at 4: the same figure at every quantity.
      expect(two).toMatchObject({
        quantity: 4,
        buyingQuantity: 2,
        totalPrice: 270,
        buyerPaysPerTicket: 137.63,
        buyerPays: 275.26,
      });
      const sqlOnly = (await throughHttp(client, { quantity: '2', sortBy: 'price_asc' })).find(
        (card) => card.id === listing,
      );
      expect(sqlOnly).toMatchObject({ buyingQuantity: 2, buyerPays: 275.26 });
    }
  });

  it('reads "at or below" alike in SQL and in TypeScript, on random prices', async () => {
    const db = harness.database.db;
    const samples = fc.sample(
      fc.record({
        faceValueCents: fc.integer({ min: 0, max: 2_000_000 }),
        serviceFeeCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })),
        markup: fc.integer({ min: -100, max: 50 }),
      }),
      { numRuns: 80, seed: 43 },
    );
    const inserted = [];
    for (const sample of samples)
      inserted.push(await insertListing(db, sellerId, { ...sample, status: 'cancelled' }));
    const rows = await db
      .select({
        allIn: tickets.buyerPaysPerTicketCents,
        face: tickets.faceValueCents,
        fee: tickets.serviceFeeCents,
        inSql: ticketAtOrBelowOriginal,
      })
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          inserted.map((row) => row.id),
        ),
      );
    expect(rows).toHaveLength(samples.length);
    for (const row of rows)
      expect(row.inSql, JSON.stringify(row)).toBe(
        atOrBelowOriginal(row.allIn, originalPriceCents(row.face, row.fee)),
      );
    expect(rows.some((row) => row.inSql)).toBe(true);
    expect(rows.some((row) => !row.inSql)).toBe(true);
  });
});
