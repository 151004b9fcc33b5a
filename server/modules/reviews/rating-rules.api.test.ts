import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { completedSale } from './testing.js';

/** Issue 21 item 7 and decision 0039: ratings cannot be farmed with free sales or repeated trades. */
describe.each(backends)('what a rating counts on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  type Party = TestAccount & { client: TestClient };
  const party = async (): Promise<Party> => {
    const account = await createTestUser(harness.database.db);
    return { ...account, client: await signedInClient(harness, account.id) };
  };

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
  });
  afterAll(async () => {
    await harness.close();
  });

  const review = (
    buyer: Party,
    sellerId: number,
    done: { ticket: { id: number }; orderId: number },
    rating: number,
  ) =>
    buyer.client.post('/api/reviews', {
      ticketId: done.ticket.id,
      targetUserId: sellerId,
      rating,
      comment: 'Great trade',
      reviewType: 'buyer_to_seller',
      transactionId: done.orderId,
      isPending: false,
    });
  const ratingOf = async (who: Party) => {
    const { averageRating, totalReviews } = (await who.client.get('/api/user')).body;
    return { averageRating, totalReviews };
  };

  it('asks for no review after a sale at no price, so free trades build no rating', async () => {
    const seller = await party();
    const buyer = await party();
    for (let trade = 0; trade < 3; trade++) {
      const done = await completedSale(harness, clock, seller.id, buyer, {
        eventDate: '2030-05-01',
        faceValueCents: 0,
        serviceFeeCents: 0,
        markup: 0,
      });
      const attempt = await review(buyer, seller.id, done, 5);
      expect(attempt.status).not.toBe(201);
    }
    expect((await buyer.client.get('/api/reviews/pending')).body).toEqual([]);
    expect((await seller.client.get('/api/reviews/pending')).body).toEqual([]);
    expect(await ratingOf(seller)).toEqual({ averageRating: null, totalReviews: 0 });
  });

  it('counts one review per reviewer and reviewed member: the latest one', async () => {
    const seller = await party();
    const regular = await party();
    const other = await party();
    for (const rating of [5, 5, 2]) {
      const done = await completedSale(harness, clock, seller.id, regular, { eventDate: '2030-05-01' });
      expect((await review(regular, seller.id, done, rating)).status).toBe(201);
      clock.advance(60_000);
    }
    expect(await ratingOf(seller)).toEqual({ averageRating: 2, totalReviews: 1 });
    const done = await completedSale(harness, clock, seller.id, other, { eventDate: '2030-05-01' });
    expect((await review(other, seller.id, done, 4)).status).toBe(201);
    expect(await ratingOf(seller)).toEqual({ averageRating: 3, totalReviews: 2 });
    // Every review stays readable on the profile; only the rating counts one per member.
    expect((await seller.client.get(`/api/users/${seller.id}/reviews`)).body).toHaveLength(4);
  });
});
