import { fakeApi, json } from '@client/lib/test-fetch';
import { REVIEW_TEXT } from '@common/messages';
import { REVIEWS_PAGE_DEFAULT } from '@common/schemas/reviews';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../test-fixtures';
import { ReviewsList } from './reviews-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const review = (id: number) => ({
  id,
  rating: 4,
  reviewerName: `fan${id}`,
  ticketDate: '2030-05-01',
  ticketEvent: 'Luna Ray Live',
  reviewType: 'buyer_to_seller',
  comment: `Comment ${id}`,
});

describe('ReviewsList', () => {
  it("says 'No reviews yet' for a user nobody reviewed", async () => {
    fakeApi(() => json(200, []));
    renderWithClient(<ReviewsList userId={5} />);
    expect(await screen.findByText(REVIEW_TEXT.noReviews)).toBeInTheDocument();
  });

  it("says 'Error loading reviews: {message}' after the one retry fails", async () => {
    const calls = fakeApi(() => json(404, { message: 'User not found' }));
    renderWithClient(<ReviewsList userId={5} />);
    expect(
      await screen.findByText('Error loading reviews: 404: {"message":"User not found"}'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('shows reviews with their stars and loads the next page on demand', async () => {
    const calls = fakeApi((call) =>
      call.url.endsWith('offset=0')
        ? json(
            200,
            Array.from({ length: REVIEWS_PAGE_DEFAULT }, (_, index) => review(index + 1)),
          )
        : json(200, [review(99)]),
    );
    renderWithClient(<ReviewsList userId={5} />);
    expect(await screen.findByText('Comment 1')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: '4 out of 5 stars' })).toHaveLength(REVIEWS_PAGE_DEFAULT);
    expect(calls[0]?.url).toBe(`/api/users/5/reviews?limit=${REVIEWS_PAGE_DEFAULT}&offset=0`);
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.showMore }));
    expect(await screen.findByText('Comment 99')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: REVIEW_TEXT.showMore })).not.toBeInTheDocument(),
    );
  });
});
