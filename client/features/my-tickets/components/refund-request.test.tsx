import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { MY_TICKETS_TEXT, SALE_STATE_TEXT } from '@common/messages';
import { type MyTicket, REFUND_CAUSES } from '@common/schemas/my-tickets';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { soldTo } from '../test-fixtures';
import { MyTicketCard } from './my-ticket-card';

const asBuyer = { role: 'buyer', sellerId: 3, seller: { id: 3, username: 'sam' } } as const;
// Postponed to June 15, 2099 at a Los Angeles venue: refunds until its midnight, 07:00 UTC.
const postponed = soldTo({
  ...asBuyer,
  eventDate: '2099-06-15',
  timeZone: 'America/Los_Angeles',
  refundRequestUntil: '2099-06-15T07:00:00.000Z',
});

// A pending seller card loads the buyer's transfer e-mail.
beforeEach(() => {
  fakeApi(() =>
    json(200, { platform: null, platformDisplayName: null, platformEmail: null, requiresEmail: false }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

function renderCard(ticket: MyTicket) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MyTicketCard ticket={ticket} viewerId={ticket.role === 'seller' ? ticket.sellerId : 5} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByTestId(`my-ticket-${ticket.id}`);
}

const refundButton = (card: HTMLElement) =>
  within(card).queryByRole('button', { name: SALE_STATE_TEXT.requestRefund });

describe('Request a refund of a ticket to a postponed event', () => {
  it('asks first, then requests the refund and says so', async () => {
    const calls = fakeApi((call) =>
      call.method === 'POST'
        ? json(200, { message: 'Your refund of $207.47 is on its way to your card' })
        : // The buyer's card reads the session for their transfer e-mail (issue 34).
          json(200, call.url === '/api/session' ? { user: null } : {}),
    );
    const card = renderCard(postponed);
    expect(
      within(card).getByText(
        SALE_STATE_TEXT.refundUntil('Mon, Jun 15, 2099', 'Monday, June 15, 2099 at 12:00 AM PDT'),
      ),
    ).toBeVisible();
    await userEvent.click(refundButton(card) as HTMLElement);
    const dialog = await screen.findByRole('alertdialog', { name: SALE_STATE_TEXT.refundDialogTitle });
    expect(within(dialog).getByText(SALE_STATE_TEXT.refundDialogBody('$207.47'))).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: MY_TICKETS_TEXT.goBack }));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await userEvent.click(refundButton(card) as HTMLElement);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: SALE_STATE_TEXT.refundConfirm,
      }),
    );
    expect(await screen.findByText(SALE_STATE_TEXT.refundRequestedTitle)).toBeVisible();
    expect(screen.getByText('Your refund of $207.47 is on its way to your card')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/tickets/7/refund-request', body: {} },
    ]);
  });

  it("shows the server's reason when the refund is refused", async () => {
    fakeApi(() =>
      json(409, { message: 'Refunds for this postponed event could be requested until the new date' }),
    );
    const card = renderCard(postponed);
    await userEvent.click(refundButton(card) as HTMLElement);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: SALE_STATE_TEXT.refundConfirm,
      }),
    );
    expect(
      await screen.findByText('Refunds for this postponed event could be requested until the new date'),
    ).toBeVisible();
    await waitFor(() => expect(refundButton(card)).toBeEnabled());
  });

  it.each([
    ['the seller', soldTo({ refundRequestUntil: '2099-06-15T07:00:00.000Z' })],
    ['a buyer of an event not postponed', soldTo({ ...asBuyer })],
    [
      'a buyer already refunded',
      soldTo({
        ...asBuyer,
        refundRequestUntil: '2099-06-15T07:00:00.000Z',
        refunded: true,
        refundCause: 'event_postponed',
      }),
    ],
    [
      'a buyer once the new date has come',
      soldTo({ ...asBuyer, refundRequestUntil: '2020-06-15T04:00:00.000Z' }),
    ],
  ])('offers no refund to %s', (_who, ticket) => {
    const card = renderCard(ticket);
    expect(refundButton(card)).toBeNull();
    expect(within(card).queryByText(SALE_STATE_TEXT.eventPostponed)).toBeNull();
  });
});

describe('A refunded card says why it was refunded', () => {
  it.each(REFUND_CAUSES)('for the cause %s, to the buyer and to the seller', (cause) => {
    const buyerCard = renderCard(soldTo({ ...asBuyer, id: 40, refunded: true, refundCause: cause }));
    expect(within(buyerCard).getByTestId('sale-notice')).toHaveTextContent(
      SALE_STATE_TEXT.buyerRefunded[cause]('$207.47'),
    );
    const sellerCard = renderCard(soldTo({ id: 41, refunded: true, refundCause: cause }));
    expect(within(sellerCard).getByTestId('sale-notice')).toHaveTextContent(
      SALE_STATE_TEXT.sellerRefunded[cause]('$207.47'),
    );
  });

  it('words a cancelled event apart from a missed transfer deadline', () => {
    const card = renderCard(soldTo({ ...asBuyer, refunded: true, refundCause: 'event_cancelled' }));
    expect(
      within(card).getByText('The event was cancelled. $207.47 was refunded to your card.'),
    ).toBeVisible();
    expect(within(card).queryByText(SALE_STATE_TEXT.buyerRefunded.transfer_deadline('$207.47'))).toBeNull();
  });
});
