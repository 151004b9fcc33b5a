import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_PAGE_TEXT } from '../../../common/messages.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import { events } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser } from '../auth/testing.js';
import { upsertCatalog } from '../events/import.js';
import { insertListing, isoDay } from '../marketplace/testing.js';

/**
 * Decision 0083 on a show's page: its listings sorted lowest against the original price first (ties
 * cheaper first, then by id), paged by a cursor of that sort; how many of its listings are at or below the
 * original price, whatever the filters; and face value and original fee on each row.
 */
describe.each(backends)('the event page against the original price on %s', (backend) => {
  let harness: TestApp;
  let eventId = 0;
  const ids: Record<string, number> = {};
  const page = async (search = '') => {
    const response = await harness.client().get<EventPage>(`/api/events/${eventId}${search}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    harness = await startTestApp(backend);
    const { db } = harness.database;
    const venue = { externalId: 'fv-venue', name: 'Face Hall', city: 'Boston', timeZone: 'America/New_York' };
    await upsertCatalog(db, [
      { externalId: 'fv-show', name: 'Face Value Show', date: isoDay(30), daysCount: 1, venue, artists: [] },
    ]);
    const [event] = await db.select({ id: events.id }).from(events);
    eventId = event?.id ?? 0;
    const sellerId = (await createTestUser(db)).id;
    const listing = async (name: string, faceValueCents: number, serviceFeeCents: number, markup: number) => {
      ids[name] = (
        await insertListing(db, sellerId, {
          eventId,
          eventName: 'Face Value Show',
          eventDate: isoDay(30),
          faceValueCents,
          serviceFeeCents,
          markup,
          section: name,
        })
      ).id;
    };
    // Cheapest first is not lowest against the original price first.
    await listing('cheapAbove', 2_000, 0, 20); // $24.47 all-in, 22% above
    await listing('dearBelow', 30_000, 0, -30); // $214.10, 29% below
    await listing('below8', 12_000, 1_500, -10); // $123.87, 8% below
    await listing('below8Cheaper', 6_000, 750, -10); // $61.94, 8% below
    await listing('at', 12_000, 1_500, -2); // at the original price
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('sorts lowest against the original price first, ties cheaper first; cheapest first stays the default', async () => {
    const byPrice = await page();
    expect(byPrice.listings.map((listing) => listing.id)).toEqual(
      ['cheapAbove', 'below8Cheaper', 'below8', 'at', 'dearBelow'].map((name) => ids[name]),
    );
    const byOriginal = await page('?sort=vs_original');
    expect(byOriginal.listings.map((listing) => listing.id)).toEqual(
      ['dearBelow', 'below8Cheaper', 'below8', 'at', 'cheapAbove'].map((name) => ids[name]),
    );
    expect(byOriginal.listings.map((listing) => listing.priceComparison)).toEqual([
      { kind: 'below', percent: 29 },
      { kind: 'below', percent: 8 },
      { kind: 'below', percent: 8 },
      { kind: 'at', percent: 0 },
      { kind: 'above', percent: 22 },
    ]);
    expect(byOriginal.listings[2]).toMatchObject({
      faceValuePerTicket: 120,
      originalFeePerTicket: 15,
      originalPricePerTicket: 135,
    });
    // With a filter, through the filtered statement: the same order.
    const twos = await page('?sort=vs_original&quantity=2');
    expect(twos.listings.map((listing) => listing.id)).toEqual(byOriginal.listings.map((l) => l.id));
  });

  it('says how many of the show’s listings are at or below the original price, whatever the filters', async () => {
    expect((await page()).offers).toMatchObject({ count: 5, atOrBelowOriginal: 4 });
    expect((await page('?section=cheapAbove')).offers).toMatchObject({ count: 5, atOrBelowOriginal: 4 });
  });

  it('pages the sort by its own cursor and refuses a cursor of the other sort', async () => {
    const { db } = harness.database;
    const sellerId = (await createTestUser(db)).id;
    // 50 more at 10% above, the same price: past the first page, the ties go by id.
    for (let index = 0; index < 50; index += 1)
      await insertListing(db, sellerId, {
        eventId,
        eventName: 'Face Value Show',
        eventDate: isoDay(30),
        faceValueCents: 10_000,
        serviceFeeCents: 0,
        markup: 8,
      });
    const first = await page('?sort=vs_original');
    expect(first.listings).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?sort=vs_original&cursor=${first.nextCursor}`);
    const all = [...first.listings, ...second.listings];
    expect(all).toHaveLength(55);
    expect(new Set(all.map((listing) => listing.id)).size).toBe(55);
    expect(all.at(-1)?.id).toBe(ids.cheapAbove);
    const keys = all.map((listing) => {
      const comparison = listing.priceComparison;
      return comparison?.kind === 'below' ? -comparison.percent : (comparison?.percent ?? 0);
    });
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    const wrong = await harness.client().get(`/api/events/${eventId}?cursor=${first.nextCursor}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(EVENT_PAGE_TEXT.cursorInvalid);
  });
});
