import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_TEXT, REVIEW_TEXT, SERVER_MESSAGE } from '../../../common/messages.js';
import {
  pendingReviewsResponseSchema,
  REVIEW_COMMENT_MAX,
  userReviewsResponseSchema,
} from '../../../common/schemas/reviews.js';
import { reviews } from '../../db/schema/index.js';
import { ManualClock } from '../../lib/clock.js';
import { backends, startTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import { createTestUser, signedInClient, type TestAccount } from '../auth/testing.js';
import { insertListing } from '../marketplace/testing.js';
import { completedSale } from './testing.js';

const HOUR = 3_600_000;

describe.each(backends)('reviews API on %s', (backend) => {
  let harness: TestApp;
  const clock = new ManualClock(new Date('2030-03-01T12:00:00Z'));
  type Party = TestAccount & { client: TestClient };
  let seller: Party;
  let buyer: Party;
  let stranger: Party;
  const party = async (): Promise<Party> => {
    const account = await createTestUser(harness.database.db);
    return { ...account, client: await signedInClient(harness, account.id) };
  };

  beforeAll(async () => {
    harness = await startTestApp(backend, {}, { clock });
    seller = await party();
    buyer = await party();
    stranger = await party();
  });
  afterAll(async () => {
    await harness.close();
  });

  const sale = (from: Party = seller, to: Party = buyer, eventName?: string) =>
    completedSale(harness, clock, from.id, to, {
      eventDate: '2030-05-01',
      ...(eventName ? { eventName } : {}),
    });
  const pendingOf = async (who: Party) => {
    const response = await who.client.get('/api/reviews/pending');
    expect(response.status, response.text).toBe(200);
    return pendingReviewsResponseSchema.parse(response.body);
  };
  const reviewBody = (
    done: { ticket: { id: number }; orderId: number },
    targetUserId: number,
    reviewType: 'buyer_to_seller' | 'seller_to_buyer',
    extra: Record<string, unknown> = {},
  ) => ({
    ticketId: done.ticket.id,
    targetUserId,
    rating: 5,
    comment: 'Smooth transfer, thank you!',
    reviewType,
    transactionId: done.orderId,
    isPending: false,
    ...extra,
  });
  const statusOf = async (orderId: number) =>
    (await harness.database.db.select().from(reviews).where(eq(reviews.orderId, orderId)))
      .map((row) => `${row.reviewType}:${row.status}`)
      .sort();

  it('refuses visitors on every route', async () => {
    const visitor = harness.client();
    for (const response of [
      await visitor.get('/api/reviews/pending'),
      await visitor.post('/api/reviews', {}),
      await visitor.delete('/api/reviews/1/pending'),
      await visitor.get(`/api/users/${seller.id}/reviews`),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(SERVER_MESSAGE.notAuthenticated);
    }
  });

  it('asks each side of a completed sale for one review, in the spec shape', async () => {
    const done = await sale(seller, buyer, 'Pending Shape Show');
    const forBuyer = (await pendingOf(buyer)).find((review) => review.transactionId === done.orderId);
    expect(forBuyer).toEqual({
      id: expect.any(Number),
      eventName: 'Pending Shape Show',
      eventDate: '2030-05-01',
      reviewType: 'buyer_to_seller',
      targetUserId: seller.id,
      targetUserName: seller.username,
      ticketId: done.ticket.id,
      transactionId: done.orderId,
    });
    const forSeller = (await pendingOf(seller)).find((review) => review.transactionId === done.orderId);
    expect(forSeller).toMatchObject({ reviewType: 'seller_to_buyer', targetUserId: buyer.id });
    expect(forSeller?.targetUserName).toBe(buyer.username);
    expect(await pendingOf(stranger)).toEqual([]);
  });

  it('lets only the reviewer write a review, once per direction, and refuses bad input without a change', async () => {
    const done = await sale();
    const post = (who: Party, body: Record<string, unknown>) => who.client.post('/api/reviews', body);

    const byStranger = await post(stranger, reviewBody(done, seller.id, 'buyer_to_seller'));
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.message).toBe(REVIEW_TEXT.notFound);
    const wrongDirection = await post(buyer, reviewBody(done, buyer.id, 'seller_to_buyer'));
    expect(wrongDirection.status).toBe(403);
    expect(wrongDirection.body.message).toBe(REVIEW_TEXT.notYours);
    const wrongTarget = await post(buyer, reviewBody(done, stranger.id, 'buyer_to_seller'));
    expect(wrongTarget.status).toBe(400);
    expect(wrongTarget.body.message).toBe(REVIEW_TEXT.mismatch);
    const unknownSale = await post(buyer, {
      ...reviewBody(done, seller.id, 'buyer_to_seller'),
      transactionId: 999_999,
    });
    expect(unknownSale.status).toBe(404);

    for (const rating of [0, 6, 4.5, '5', null]) {
      const response = await post(buyer, reviewBody(done, seller.id, 'buyer_to_seller', { rating }));
      expect(response.status, String(rating)).toBe(400);
      expect(response.body.message).toBe(REVIEW_TEXT.ratingRange);
    }
    for (const comment of ['', '   \n  ', 'x'.repeat(REVIEW_COMMENT_MAX + 1), 'nul\u0000byte']) {
      const response = await post(buyer, reviewBody(done, seller.id, 'buyer_to_seller', { comment }));
      expect(response.status, JSON.stringify(comment).slice(0, 20)).toBe(400);
    }
    const blank = await post(buyer, reviewBody(done, seller.id, 'buyer_to_seller', { comment: '  ' }));
    expect(blank.body.message).toBe(REVIEW_TEXT.commentRequired);
    const extraField = await post(
      buyer,
      reviewBody(done, seller.id, 'buyer_to_seller', { reviewerId: seller.id }),
    );
    expect(extraField.status).toBe(400);
    const stillPending = await post(
      buyer,
      reviewBody(done, seller.id, 'buyer_to_seller', { isPending: true }),
    );
    expect(stillPending.status).toBe(400);
    expect(await statusOf(done.orderId)).toEqual(['buyer_to_seller:pending', 'seller_to_buyer:pending']);

    const ok = await post(
      buyer,
      reviewBody(done, seller.id, 'buyer_to_seller', { rating: 4, comment: '  Great seller.\nFast.  ' }),
    );
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toEqual({
      message: REVIEW_TEXT.submitted,
      review: {
        id: expect.any(Number),
        rating: 4,
        reviewerName: buyer.username,
        ticketDate: '2030-05-01',
        ticketEvent: done.ticket.eventName,
        reviewType: 'buyer_to_seller',
        comment: 'Great seller.\nFast.',
      },
    });
    const again = await post(buyer, reviewBody(done, seller.id, 'buyer_to_seller', { rating: 1 }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_TEXT.alreadyDone);
    expect((await pendingOf(buyer)).some((review) => review.transactionId === done.orderId)).toBe(false);
    expect(await statusOf(done.orderId)).toEqual(['buyer_to_seller:submitted', 'seller_to_buyer:pending']);

    // The spec's client removes the pending entry after submitting: harmless, nothing left to remove.
    const removed = await buyer.client.delete(`/api/reviews/${done.orderId}/pending`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: REVIEW_TEXT.pendingRemoved, status: 'submitted' });
  });

  it('stores one review when the same submission races', async () => {
    const done = await sale();
    const body = reviewBody(done, buyer.id, 'seller_to_buyer');
    const answers = await Promise.all([1, 2, 3].map(() => seller.client.post('/api/reviews', body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('dismisses a pending review: it leaves the list, cannot be written afterwards and never counts', async () => {
    const done = await sale();
    expect((await stranger.client.delete(`/api/reviews/${done.orderId}/pending`)).status).toBe(404);
    expect((await seller.client.delete('/api/reviews/abc/pending')).status).toBe(400);
    const dismissed = await seller.client.delete(`/api/reviews/${done.orderId}/pending`);
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.status).toBe('dismissed');
    expect((await seller.client.delete(`/api/reviews/${done.orderId}/pending`)).body.status).toBe(
      'dismissed',
    );
    expect((await pendingOf(seller)).some((review) => review.transactionId === done.orderId)).toBe(false);
    expect(await statusOf(done.orderId)).toEqual(['buyer_to_seller:pending', 'seller_to_buyer:dismissed']);
    const late = await seller.client.post('/api/reviews', reviewBody(done, buyer.id, 'seller_to_buyer'));
    expect(late.status).toBe(409);
  });

  it('computes ratings from submitted reviews only and shows them on the user, the marketplace and the ticket', async () => {
    const newSeller = await party();
    const fan = await party();
    const listing = await insertListing(harness.database.db, newSeller.id, { eventDate: '2030-06-01' });
    const sellerOnCard = async () =>
      (await fan.client.get('/api/tickets')).body.tickets.find(
        (ticket: { id: number }) => ticket.id === listing.id,
      ).seller;
    expect((await newSeller.client.get('/api/user')).body).toMatchObject({
      averageRating: null,
      totalReviews: 0,
    });
    expect(await sellerOnCard()).toMatchObject({ rating: null, totalReviews: 0 });
    expect((await fan.client.get(`/api/tickets/${listing.id}`)).body.seller).toMatchObject({
      rating: null,
      totalReviews: 0,
    });

    // Three different buyers: a rating counts one review per reviewer (decision 0039).
    for (const rating of [5, 4, 4]) {
      const reviewer = await party();
      const done = await sale(newSeller, reviewer);
      const response = await reviewer.client.post(
        '/api/reviews',
        reviewBody(done, newSeller.id, 'buyer_to_seller', { rating }),
      );
      expect(response.status, response.text).toBe(201);
    }
    // A dismissed and a still-pending review are not ratings.
    const skipped = await sale(newSeller, fan);
    await fan.client.delete(`/api/reviews/${skipped.orderId}/pending`);
    await sale(newSeller, fan);

    expect((await newSeller.client.get('/api/user')).body).toMatchObject({
      averageRating: 4.3,
      totalReviews: 3,
    });
    expect(await sellerOnCard()).toMatchObject({ rating: 4.3, totalReviews: 3 });
    expect((await fan.client.get(`/api/tickets/${listing.id}`)).body.seller).toMatchObject({
      rating: 4.3,
      totalReviews: 3,
    });
    // The buyer was reviewed by nobody: still no rating.
    expect((await fan.client.get('/api/user')).body).toMatchObject({ averageRating: null, totalReviews: 0 });
  });

  it("lists a user's reviews newest first, a page at a time", async () => {
    const reviewed = await party();
    const written: number[] = [];
    for (const [index, rating] of [3, 5, 1].entries()) {
      const done = await sale(reviewed, buyer, `Ordered Show ${index}`);
      clock.advance(HOUR);
      const response = await buyer.client.post(
        '/api/reviews',
        reviewBody(done, reviewed.id, 'buyer_to_seller', { rating, comment: `Review ${index}` }),
      );
      expect(response.status, response.text).toBe(201);
      written.push(response.body.review.id);
    }
    const all = await stranger.client.get(`/api/users/${reviewed.id}/reviews`);
    expect(all.status).toBe(200);
    const listed = userReviewsResponseSchema.parse(all.body);
    expect(listed.map((review) => review.id)).toEqual([...written].reverse());
    expect(listed[0]).toEqual({
      id: written[2],
      rating: 1,
      reviewerName: buyer.username,
      ticketDate: '2030-05-01',
      ticketEvent: 'Ordered Show 2',
      reviewType: 'buyer_to_seller',
      comment: 'Review 2',
    });
    const second = await stranger.client.get(`/api/users/${reviewed.id}/reviews?limit=2&offset=2`);
    expect(second.body.map((review: { id: number }) => review.id)).toEqual([written[0]]);
    expect((await stranger.client.get(`/api/users/${reviewed.id}/reviews?limit=51`)).status).toBe(400);
    expect((await stranger.client.get(`/api/users/${stranger.id}/reviews`)).body).toEqual([]);
  });

  it("answers 'Invalid user ID provided' for a malformed id, and an unknown user like one without reviews", async () => {
    const malformed = await buyer.client.get('/api/users/abc/reviews');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(MARKETPLACE_TEXT.invalidUserId);
    const unknown = await buyer.client.get('/api/users/2000000000/reviews');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual([]);
  });
});
