import { fakeApi, json } from '@client/lib/test-fetch';
import { REVIEW_TEXT } from '@common/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, pendingReview, renderWithClient } from '../test-fixtures';
import { ReviewDialog } from './review-dialog';

beforeAll(installDomShims);
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(onSubmitted = vi.fn(), onOpenChange = vi.fn()) {
  renderWithClient(
    <ReviewDialog review={pendingReview()} onOpenChange={onOpenChange} onSubmitted={onSubmitted} />,
  );
  return { onSubmitted, onOpenChange };
}

describe('ReviewDialog', () => {
  it('starts at 5 stars and moves the rating with the arrow keys, as a radio group', async () => {
    fakeApi(() => json(500, {}));
    open();
    const group = screen.getByRole('radiogroup', { name: REVIEW_TEXT.ratingLabel });
    expect(group).toBeInTheDocument();
    const five = screen.getByRole('radio', { name: '5 stars' });
    expect(five).toBeChecked();
    five.focus();
    // Radix moves focus on a timer and chooses while the key is down: hold it as a person would.
    const press = async (key: string, name: string) => {
      await userEvent.keyboard(`{${key}>}`);
      await waitFor(() => expect(screen.getByRole('radio', { name })).toBeChecked());
      await userEvent.keyboard(`{/${key}}`);
    };
    await press('ArrowLeft', '4 stars');
    expect(screen.getByRole('radio', { name: '4 stars' })).toHaveFocus();
    expect(five).not.toBeChecked();
    await press('ArrowLeft', '3 stars');
    await press('ArrowRight', '4 stars');
    expect(screen.getByText(`${REVIEW_TEXT.withSeller} maya · Luna Ray Live`)).toBeInTheDocument();
  });

  it('refuses a blank comment without calling the server', async () => {
    const calls = fakeApi(() => json(500, {}));
    open();
    await userEvent.type(screen.getByLabelText(REVIEW_TEXT.commentLabel), '    ');
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.submit }));
    expect(screen.getByRole('alert')).toHaveTextContent(REVIEW_TEXT.commentRequired);
    expect(screen.getByLabelText(REVIEW_TEXT.commentLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('submits the rating and trimmed comment, removes the pending entry and says so', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST'
        ? json(201, { message: REVIEW_TEXT.submitted })
        : json(200, { status: 'submitted' }),
    );
    const { onSubmitted, onOpenChange } = open();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.type(screen.getByLabelText(REVIEW_TEXT.commentLabel), '  Quick and friendly  ');
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.submit }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/reviews',
        body: {
          ticketId: 7,
          targetUserId: 9,
          rating: 3,
          comment: 'Quick and friendly',
          reviewType: 'buyer_to_seller',
          transactionId: 3,
          isPending: false,
        },
      },
      { method: 'DELETE', url: '/api/reviews/3/pending', body: null },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await screen.findByText(REVIEW_TEXT.submitted)).toBeInTheDocument();
  });

  it("shows the server's reason when the review is refused", async () => {
    fakeApi(() => json(409, { message: REVIEW_TEXT.alreadyDone }));
    const { onSubmitted } = open();
    await userEvent.type(screen.getByLabelText(REVIEW_TEXT.commentLabel), 'Fine');
    await userEvent.click(screen.getByRole('button', { name: REVIEW_TEXT.submit }));
    expect(await screen.findByText(REVIEW_TEXT.submitFailed)).toBeInTheDocument();
    expect(screen.getByText(REVIEW_TEXT.alreadyDone)).toBeInTheDocument();
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
