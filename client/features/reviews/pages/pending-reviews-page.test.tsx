import { fakeApi, json } from '@client/lib/test-fetch';
import { REVIEW_TEXT } from '@common/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, pendingReview, renderWithClient } from '../test-fixtures';
import { PendingReviewsPage } from './pending-reviews-page';

beforeAll(installDomShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PendingReviewsPage', () => {
  it("says 'No pending reviews at this time.' when nothing is owed", async () => {
    fakeApi(() => json(200, []));
    renderWithClient(<PendingReviewsPage />);
    expect(await screen.findByText(REVIEW_TEXT.noPending)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: REVIEW_TEXT.pendingTitle })).toBeInTheDocument();
  });

  it('shows a card per review with the seller or buyer line, and a written review leaves the list', async () => {
    let pending = [
      pendingReview(),
      pendingReview({
        id: 2,
        eventName: 'Night Drive',
        reviewType: 'seller_to_buyer',
        targetUserName: 'jordan',
        transactionId: 4,
      }),
    ];
    fakeApi((call) => {
      if (call.url === '/api/reviews/pending') return json(200, pending);
      if (call.method === 'POST') {
        pending = pending.slice(1);
        return json(201, { message: REVIEW_TEXT.submitted });
      }
      return json(200, { status: 'submitted' });
    });
    const onReviewed = vi.fn();
    renderWithClient(<PendingReviewsPage onReviewed={onReviewed} />);
    const first = (await screen.findByRole('heading', { name: 'Luna Ray Live' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(first).getByText('Wed, May 1, 2030')).toBeInTheDocument();
    expect(first).toHaveTextContent(`${REVIEW_TEXT.withSeller} maya`);
    const second = screen.getByRole('heading', { name: 'Night Drive' }).closest('li') as HTMLElement;
    expect(second).toHaveTextContent(`${REVIEW_TEXT.withBuyer} jordan`);

    await userEvent.click(within(first).getByRole('button', { name: /Write Review/ }));
    await userEvent.type(screen.getByLabelText(REVIEW_TEXT.commentLabel), 'Great');
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.submit }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Luna Ray Live' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Night Drive' })).toBeInTheDocument();
    expect(onReviewed).toHaveBeenCalledTimes(1);
    // The reviewed card is gone: focus goes to the next card's Write Review, not to the page body.
    await waitFor(() => expect(within(second).getByRole('button', { name: /Write Review/ })).toHaveFocus());
  });

  it('gives focus back to Write Review when the dialog is dismissed, and to the heading when none is left', async () => {
    let pending = [pendingReview()];
    fakeApi((call) => {
      if (call.url === '/api/reviews/pending') return json(200, pending);
      if (call.method === 'POST') {
        pending = [];
        return json(201, { message: REVIEW_TEXT.submitted });
      }
      return json(200, { status: 'submitted' });
    });
    const user = userEvent.setup();
    renderWithClient(<PendingReviewsPage />);
    const write = await screen.findByRole('button', { name: /Write Review/ });
    await user.click(write);
    expect(screen.getByRole('dialog', { name: REVIEW_TEXT.dialogTitle })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(write).toHaveFocus());

    await user.click(write);
    await user.type(screen.getByLabelText(REVIEW_TEXT.commentLabel), 'Smooth sale');
    await user.click(screen.getByRole('button', { name: REVIEW_TEXT.submit }));
    expect(await screen.findByText(REVIEW_TEXT.noPending)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: REVIEW_TEXT.pendingTitle })).toHaveFocus(),
    );
  });

  it('opens the reviewed user’s reviews from their name', async () => {
    fakeApi((call) => (call.url === '/api/reviews/pending' ? json(200, [pendingReview()]) : json(200, [])));
    renderWithClient(<PendingReviewsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'maya' }));
    expect(await screen.findByRole('dialog', { name: 'Reviews of maya' })).toBeInTheDocument();
    expect(await screen.findByText(REVIEW_TEXT.noReviews)).toBeInTheDocument();
  });
});
