import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { NOTIFICATIONS_POLL_MS } from '@common/constants';
import { MY_TICKETS_TEXT, REGISTRATION_TEXT, SALE_STATE_TEXT } from '@common/messages';
import type { MyTicket } from '@common/schemas/my-tickets';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myTicketsKeys } from '../api';
import { currentUser, myTicket, soldTo } from '../test-fixtures';
import { MyTicketCard } from './my-ticket-card';

const asBuyer = { role: 'buyer', sellerId: 3, seller: { id: 3, username: 'sam' } } as const;

// A pending seller card loads the buyer's transfer e-mail.
beforeEach(() => {
  fakeApi(() =>
    json(200, {
      platform: 'ticketmaster',
      platformDisplayName: 'Ticketmaster',
      platformEmail: 'j@example.com',
      requiresEmail: false,
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard(ticket: MyTicket, onEdit?: (ticketId: number) => void) {
  const renderSaleExtras = vi.fn(() => <p>sale extras</p>);
  const renderThread = vi.fn(() => <p>the thread</p>);
  const renderShowLinks = vi.fn(() => <p>show links</p>);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MyTicketCard
          ticket={ticket}
          viewerId={ticket.role === 'seller' ? ticket.sellerId : 5}
          renderSaleExtras={renderSaleExtras}
          renderThread={renderThread}
          renderShowLinks={renderShowLinks}
          onEdit={onEdit}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    card: screen.getByTestId(`my-ticket-${ticket.id}`),
    renderSaleExtras,
    renderThread,
    renderShowLinks,
  };
}

describe('MyTicketCard header', () => {
  it('says when the show starts, in the venue’s zone', () => {
    const { card } = renderCard(soldTo({ ...asBuyer, showTime: '8:00 PM EDT (doors 7:00 PM)' }));
    expect(within(card).getByTestId('show-time')).toHaveTextContent('8:00 PM EDT (doors 7:00 PM)');
    expect(within(card).getByText(/^Show time/)).toHaveClass('sr-only');
  });

  it('names no time for a show whose start is not known', () => {
    const { card } = renderCard(soldTo({ ...asBuyer, id: 8, showTime: null }));
    expect(within(card).queryByTestId('show-time')).toBeNull();
  });
});

describe('MyTicketCard calendar and wallet links (decision 0096)', () => {
  it('puts them on the buyer’s pending and bought cards only', () => {
    const pending = renderCard(soldTo({ ...asBuyer, id: 21 }));
    expect(pending.card.dataset.kind).toBe('pending-buyer');
    expect(within(pending.card).getByText('show links')).toBeVisible();
    const bought = renderCard(
      soldTo({ ...asBuyer, id: 22, transferComplete: true, transferStatus: 'completed' }),
    );
    expect(bought.card.dataset.kind).toBe('bought');
    expect(within(bought.card).getByText('show links')).toBeVisible();
    for (const ticket of [
      soldTo({ id: 23 }),
      soldTo({ ...asBuyer, id: 24, refunded: true }),
      myTicket({ id: 25 }),
    ]) {
      const { card, renderShowLinks } = renderCard(ticket);
      expect(within(card).queryByText('show links')).toBeNull();
      expect(renderShowLinks).not.toHaveBeenCalled();
    }
  });
});

describe('MyTicketCard after the sale', () => {
  it("shows the buyer a sale refunded at the deadline: badge, amount, no transfer step, the thread's toggle", async () => {
    const { card, renderSaleExtras, renderThread } = renderCard(soldTo({ ...asBuyer, refunded: true }));
    expect(card.dataset.kind).toBe('refunded');
    expect(within(card).getByText(SALE_STATE_TEXT.badgeRefunded)).toBeVisible();
    expect(within(card).getByText(SALE_STATE_TEXT.buyerRefunded.transfer_deadline('$207.47'))).toBeVisible();
    expect(within(card).queryByText(MY_TICKETS_TEXT.transferProgress)).toBeNull();
    expect(within(card).queryByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toBeNull();
    expect(renderSaleExtras).not.toHaveBeenCalled();
    await userEvent.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.messages }));
    expect(renderThread).toHaveBeenCalledWith(expect.objectContaining({ refunded: true }), 5);
  });

  it('tells the seller a refunded sale is not paid out and offers no Initiate Transfer', () => {
    const { card, renderSaleExtras } = renderCard(soldTo({ refunded: true }));
    expect(within(card).getByText(SALE_STATE_TEXT.badgeRefunded)).toBeVisible();
    expect(within(card).getByText(SALE_STATE_TEXT.sellerRefunded.transfer_deadline('$207.47'))).toBeVisible();
    expect(within(card).queryByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer })).toBeNull();
    expect(within(card).queryByText(MY_TICKETS_TEXT.badgeActionRequired)).toBeNull();
    expect(renderSaleExtras).not.toHaveBeenCalled();
  });

  it('keeps Initiate Transfer of a paper ticket disabled until its barcode is uploaded, and says why', () => {
    const paper = { ticketType: 'paper', platform: null } as const;
    const without = renderCard(soldTo({ ...paper, id: 10 })).card;
    expect(within(without).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer })).toBeDisabled();
    expect(
      within(without).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }),
    ).toHaveAccessibleDescription(MY_TICKETS_TEXT.barcodeRequired);

    const withBarcode = renderCard(
      soldTo({
        ...paper,
        id: 11,
        barcodeCloudinaryUrl: '/api/images/img_1',
        barcodeCloudinaryPublicId: 'img_1',
      }),
    ).card;
    expect(within(withBarcode).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer })).toBeEnabled();
    expect(within(withBarcode).queryByText(MY_TICKETS_TEXT.barcodeRequired)).toBeNull();
  });

  it('says a sale is under review, not reported, when the buyer never downloaded the barcode', () => {
    const review = { transferStatus: 'initiated', disputedAt: new Date(2030, 4, 3).toISOString() } as const;
    const buyerCard = renderCard(soldTo({ ...asBuyer, ...review, id: 12, disputeSource: 'barcode' })).card;
    expect(within(buyerCard).getByText(SALE_STATE_TEXT.underReview)).toBeVisible();
    expect(within(buyerCard).getByText(SALE_STATE_TEXT.buyerBarcodeReview)).toBeVisible();
    expect(within(buyerCard).queryByText(SALE_STATE_TEXT.problemReported)).toBeNull();
    const sellerCard = renderCard(soldTo({ ...review, id: 13, disputeSource: 'barcode' })).card;
    expect(within(sellerCard).getByText(SALE_STATE_TEXT.sellerBarcodeReview)).toBeVisible();
  });

  it('says a sale is under review when part of the payment was refunded at the provider (decision 0050)', () => {
    const review = { transferStatus: 'initiated', disputedAt: new Date(2030, 4, 3).toISOString() } as const;
    const partly = { ...review, disputeSource: 'partial_refund' } as const;
    const buyerCard = renderCard(soldTo({ ...asBuyer, ...partly, id: 14 })).card;
    expect(within(buyerCard).getByText(SALE_STATE_TEXT.underReview)).toBeVisible();
    expect(within(buyerCard).getByText(SALE_STATE_TEXT.buyerPartialRefundReview)).toBeVisible();
    expect(within(buyerCard).queryByText(SALE_STATE_TEXT.problemReported)).toBeNull();
    const sellerCard = renderCard(soldTo({ ...partly, id: 15 })).card;
    expect(within(sellerCard).getByText(SALE_STATE_TEXT.sellerPartialRefundReview)).toBeVisible();
  });

  it('shows the buyer when they reported a problem, and the seller that the payout is on hold', () => {
    const disputedAt = new Date(2030, 2, 2, 9, 30).toISOString();
    const reported = soldTo({ ...asBuyer, id: 8, transferStatus: 'initiated', disputedAt });
    const buyerCard = renderCard(reported).card;
    expect(within(buyerCard).getByText(SALE_STATE_TEXT.problemReported)).toBeVisible();
    expect(
      within(buyerCard).getByText(SALE_STATE_TEXT.buyerReportedOn('Mar 2, 2030 at 9:30 AM')),
    ).toBeVisible();

    const sellerCard = renderCard(soldTo({ id: 9, transferStatus: 'initiated', disputedAt })).card;
    expect(within(sellerCard).getByText(SALE_STATE_TEXT.payoutOnHold)).toBeVisible();
    expect(
      within(sellerCard).getByText(SALE_STATE_TEXT.sellerReportedOn('Mar 2, 2030 at 9:30 AM')),
    ).toBeVisible();
  });

  it("shows the buyer's bought card what the card was charged, all-in, and the seller's sold card the sale total", () => {
    const done = { transferStatus: 'completed', transferComplete: true } as const;
    const bought = renderCard(soldTo({ ...asBuyer, ...done, id: 21, totalPaid: 207.47 })).card;
    expect(bought.dataset.kind).toBe('bought');
    const boughtRows = within(bought)
      .getByText(MY_TICKETS_TEXT.priceDetails)
      .closest('section') as HTMLElement;
    expect(within(boughtRows).getByText(MY_TICKETS_TEXT.perTicket).nextSibling).toHaveTextContent('$101.75');
    expect(within(boughtRows).getByText(MY_TICKETS_TEXT.processingFee).nextSibling).toHaveTextContent(
      '$3.97',
    );
    expect(within(boughtRows).getByText(MY_TICKETS_TEXT.totalPaid).nextSibling).toHaveTextContent('$207.47');
    expect(within(boughtRows).queryByText('$203.50')).toBeNull();

    const sold = renderCard(soldTo({ ...done, id: 22, totalPaid: 207.47 })).card;
    expect(sold.dataset.kind).toBe('sold');
    const soldRows = within(sold).getByText(MY_TICKETS_TEXT.priceDetails).closest('section') as HTMLElement;
    expect(within(soldRows).getByText(MY_TICKETS_TEXT.total).nextSibling).toHaveTextContent('$203.50');
    expect(within(soldRows).queryByText(MY_TICKETS_TEXT.processingFee)).toBeNull();
  });

  it("warns the seller about the buyer's missing transfer e-mail only until the transfer is initiated", async () => {
    fakeApi(() =>
      json(200, {
        platform: 'livenation',
        platformDisplayName: 'Live Nation',
        platformEmail: null,
        requiresEmail: true,
        buyerAsked: true,
      }),
    );
    const before = renderCard(soldTo({ id: 31 })).card;
    expect(await within(before).findByText(MY_TICKETS_TEXT.noEmailOnFile('Live Nation'))).toBeVisible();
    expect(within(before).getByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeVisible();

    const after = renderCard(soldTo({ id: 32, transferStatus: 'initiated' })).card;
    await waitFor(() => expect(within(after).queryByText(MY_TICKETS_TEXT.transferInfoLoading)).toBeNull());
    expect(within(after).queryByText(MY_TICKETS_TEXT.noEmailOnFile('Live Nation'))).toBeNull();
    expect(within(after).queryByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeNull();
  });

  it('shows no notice on a sale nobody disputed', () => {
    const { card } = renderCard(soldTo({ ...asBuyer, transferStatus: 'initiated' }));
    expect(within(card).queryByTestId('sale-notice')).toBeNull();
    expect(within(card).getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toBeVisible();
  });
});

describe('MyTicketCard of an unsold listing', () => {
  it('offers Edit and Delete on a listing that is for sale', () => {
    const { card } = renderCard(myTicket({ id: 40 }), vi.fn());
    expect(within(card).getByText(MY_TICKETS_TEXT.badgeActiveListing)).toBeVisible();
    expect(within(card).getByRole('button', { name: `${MY_TICKETS_TEXT.edit} Aurora Skies` })).toBeVisible();
    expect(
      within(card).getByRole('button', { name: `${MY_TICKETS_TEXT.delete} Aurora Skies` }),
    ).toBeVisible();
    expect(within(card).queryByTestId('sale-notice')).toBeNull();
  });

  it('shows the tickets a buyer is taking on the listing itself, and keeps its editor closed meanwhile', () => {
    const { card } = renderCard(myTicket({ id: 42, quantity: 2, heldByBuyers: 2 }), vi.fn());
    expect(within(card).getByText(MY_TICKETS_TEXT.badgeActiveListing)).toBeVisible();
    expect(within(card).getByText(MY_TICKETS_TEXT.heldByBuyer(2))).toBeVisible();
    expect(within(card).queryByRole('button', { name: `${MY_TICKETS_TEXT.edit} Aurora Skies` })).toBeNull();
    expect(
      within(card).getByRole('button', { name: `${MY_TICKETS_TEXT.delete} Aurora Skies` }),
    ).toBeVisible();
  });

  it.each([
    ['withdrawn', MY_TICKETS_TEXT.badgeWithdrawn, MY_TICKETS_TEXT.withdrawnNotice],
    ['under_review', MY_TICKETS_TEXT.badgeUnderReview, MY_TICKETS_TEXT.underReviewNotice],
    ['event_cancelled', MY_TICKETS_TEXT.badgeEventCancelled, MY_TICKETS_TEXT.eventCancelledNotice],
  ] as const)('says a %s listing is not for sale and why, with no Edit', (listingState, badge, notice) => {
    const { card } = renderCard(myTicket({ id: 41, listingState }), vi.fn());
    expect(within(card).getByText(badge)).toBeVisible();
    expect(within(card).queryByText(MY_TICKETS_TEXT.badgeActiveListing)).toBeNull();
    expect(within(card).getByTestId('sale-notice')).toHaveTextContent(notice);
    expect(within(card).queryByRole('button', { name: `${MY_TICKETS_TEXT.edit} Aurora Skies` })).toBeNull();
    // Deleting it still succeeds: it takes the listing off the seller's list.
    expect(
      within(card).getByRole('button', { name: `${MY_TICKETS_TEXT.delete} Aurora Skies` }),
    ).toBeVisible();
  });
});

describe('MyTicketCard and the transfer e-mail (issue 34)', () => {
  const missing = {
    platform: 'ticketmaster',
    platformDisplayName: 'Ticketmaster',
    platformEmail: null,
    requiresEmail: true,
  };

  it('tells the seller the buyer was notified only once the buyer was asked', async () => {
    fakeApi(() => json(200, { ...missing, buyerAsked: false }));
    const { card } = renderCard(soldTo({ id: 50 }));
    expect(await within(card).findByText(MY_TICKETS_TEXT.buyerNotYetAskedForEmail)).toBeVisible();
    expect(within(card).queryByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeNull();
  });

  it('shows the seller the address once the buyer added it, when the cards are read again', async () => {
    let email: string | null = null;
    fakeApi(() =>
      json(200, {
        ...missing,
        platformEmail: email,
        requiresEmail: email === null,
        buyerAsked: email === null,
      }),
    );
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyTicketCard ticket={soldTo({ id: 51 })} viewerId={1} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeVisible();
    email = 'fan@tm.example';
    await client.invalidateQueries({ queryKey: myTicketsKeys.all });
    expect(await screen.findByText('fan@tm.example')).toBeVisible();
    expect(screen.getByText(MY_TICKETS_TEXT.transferTo('Ticketmaster'))).toBeVisible();
    expect(screen.queryByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeNull();
  });

  it("reads the buyer's e-mail again at the badge's pace while the seller waits on it", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let email: string | null = null;
      const calls = fakeApi(() =>
        json(200, { ...missing, platformEmail: email, requiresEmail: email === null, buyerAsked: true }),
      );
      const { card } = renderCard(soldTo({ id: 55 }));
      expect(await within(card).findByText(MY_TICKETS_TEXT.buyerNotifiedForEmail)).toBeVisible();
      email = 'fan@tm.example';
      await vi.advanceTimersByTimeAsync(NOTIFICATIONS_POLL_MS);
      expect(await within(card).findByText('fan@tm.example')).toBeVisible();
      // Known now: no more reading.
      const reads = calls.length;
      await vi.advanceTimersByTimeAsync(2 * NOTIFICATIONS_POLL_MS);
      expect(calls).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the buyer for their platform e-mail on the pending card and saves it to their profile', async () => {
    let saved: string | null = null;
    const calls = fakeApi((call) => {
      if (call.url === '/api/session') return json(200, { user: currentUser({ ticketmasterEmail: saved }) });
      if (call.url === '/api/user' && call.method === 'PATCH') {
        saved = (call.body as { ticketmasterEmail: string }).ticketmasterEmail;
        return json(200, currentUser({ ticketmasterEmail: saved }));
      }
      return json(404, {});
    });
    const { card } = renderCard(soldTo({ ...asBuyer, id: 52 }));
    const request = await within(card).findByTestId('transfer-email-request');
    expect(within(request).getByText(MY_TICKETS_TEXT.transferEmailTitle('Ticketmaster'))).toBeVisible();
    const field = within(request).getByLabelText(MY_TICKETS_TEXT.transferEmailLabel('Ticketmaster'));
    await userEvent.type(field, 'not an address');
    await userEvent.click(within(request).getByRole('button', { name: MY_TICKETS_TEXT.transferEmailSave }));
    expect(within(request).getByText(REGISTRATION_TEXT.emailInvalid)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(field);
    await userEvent.type(field, 'fan@tm.example');
    await userEvent.click(within(request).getByRole('button', { name: MY_TICKETS_TEXT.transferEmailSave }));
    await waitFor(() => expect(within(card).queryByTestId('transfer-email-request')).toBeNull());
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
      url: '/api/user',
      body: { ticketmasterEmail: 'fan@tm.example' },
    });
  });

  it('asks nothing of a buyer who has the e-mail, of a paper ticket, or once the ticket was sent', async () => {
    fakeApi((call) =>
      call.url === '/api/session'
        ? json(200, { user: currentUser({ ticketmasterEmail: null }) })
        : json(404, {}),
    );
    renderCard(soldTo({ ...asBuyer, id: 53, transferStatus: 'initiated' }));
    renderCard(soldTo({ ...asBuyer, id: 54, ticketType: 'paper', platform: null }));
    await waitFor(() => expect(screen.getAllByTestId(/^my-ticket-/)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('transfer-email-request')).toBeNull();
  });
});
