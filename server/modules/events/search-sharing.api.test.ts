import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, tickets, users } from '../../db/schema/index.js';
import { ManualClock, utcDate } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { upsertCatalog } from './import.js';
import { CONCERT_SEARCH_SHARED_MS } from './routes.js';

const DAY_MS = 86_400_000;

describe.each(backends)('shared concert search answers on %s', (backend) => {
  const clock = new ManualClock();
  let harness: TestApp;
  let eventId: number;
  let sellerId: number;

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    const { db } = harness.database;
    await upsertCatalog(db, [
      {
        externalId: 'sharing-gala',
        name: 'Sharing Test Gala',
        date: utcDate(new Date(clock.now().getTime() + 2 * DAY_MS)),
        daysCount: 1,
        venue: { externalId: 'sharing-hall', name: 'Sharing Hall', city: 'Portland' },
        artists: [],
      },
    ]);
    const [event] = await db.select({ id: events.id }).from(events);
    const [seller] = await db
      .insert(users)
      .values({
        username: 'sharing-seller',
        email: 'sharing-seller@example.com',
        passwordHash: 'not-a-real-hash',
        firstName: 'Share',
        lastName: 'Seller',
      })
      .returning({ id: users.id });
    if (!event || !seller) throw new Error('fixtures not stored');
    eventId = event.id;
    sellerId = seller.id;
  });

  afterAll(async () => {
    await harness?.close();
  });

  const search = async () => {
    const response = await harness.client().get('/api/concerts/search?query=sharing%20test');
    expect(response.status).toBe(200);
    return response.body as { id: number; listingCount: number }[];
  };

  it('answers a burst of the same query alike, shows a new listing within seconds, and follows the clock past the event', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, search));
    for (const answer of burst)
      expect(answer).toEqual([expect.objectContaining({ id: eventId, listingCount: 0 })]);

    await harness.database.db.insert(tickets).values({
      sellerId,
      eventId,
      eventName: 'Sharing Test Gala',
      eventDate: utcDate(clock.now()),
      description: 'listing',
      section: 'A',
      row: '1',
      seats: '1',
      faceValueCents: 5_000,
      serviceFeeCents: 500,
      listingPriceCents: 5_500,
      sold: false,
    });
    expect((await search())[0]?.listingCount).toBe(0);
    clock.advance(CONCERT_SEARCH_SHARED_MS);
    expect((await search())[0]?.listingCount).toBe(1);

    // Past the show's day at its venue, whatever the hour in UTC (decision 0071).
    clock.advance(4 * DAY_MS);
    expect(await search()).toEqual([]);
  });
});
