import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, json, fakeApi as stubFetch } from '@client/lib/test-fetch';
import { MY_TICKETS_TEXT } from '@common/messages';
import type { MyTicket, MyTicketsPage as Page } from '@common/schemas/my-tickets';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { myTicket, page, soldTo } from '../test-fixtures';
import { MyTicketsPage } from './my-tickets-page';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.scrollIntoView ??= () => {};
});

let calls: FetchCall[];

const PENDING: Page = page('pending', [
  soldTo({ id: 11, eventName: 'Seller Show', eventDate: '2025-03-01' }),
  soldTo({
    id: 12,
    eventName: 'Buyer Show',
    role: 'buyer',
    transferStatus: 'initiated',
    sellerId: 3,
    seller: { id: 3, username: 'sam' },
    buyerId: 1,
    buyer: { id: 1, username: 'maya' },
  }),
]);

/** The API of maya, who sells 11 and bought 12; `answers` override calls by URL prefix. */
function fakeApi(answers: Record<string, () => Response> = {}) {
  calls = stubFetch(({ url }) => {
    for (const [prefix, answer] of Object.entries(answers)) if (url.startsWith(prefix)) return answer();
    if (url.startsWith('/api/my-tickets?tab=pending')) return json(200, PENDING);
    if (url.startsWith('/api/my-tickets?tab=listings'))
      return json(200, page('listings', [myTicket({ section: '' })]));
    if (url.startsWith('/api/my-tickets?tab=bought')) return json(200, page('bought', []));
    if (url.startsWith('/api/my-tickets?tab=sold')) return json(200, page('sold', []));
    if (url === '/api/tickets/11/buyer-transfer-info')
      return json(200, {
        platform: 'ticketmaster',
        platformDisplayName: 'Ticketmaster',
        platformEmail: null,
        requiresEmail: true,
      });
    return json(404, { message: 'Not found' });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

function renderPage(props: Partial<Parameters<typeof MyTicketsPage>[0]> = {}, path = '/my-tickets') {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/my-tickets',
        element: (
          <>
            <MyTicketsPage viewerId={1} today={new Date(2025, 0, 1)} {...props} />
            <Toaster />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('My Tickets page', () => {
  it('opens on Pending with counts, the red dot, both sections and the far-away notice', async () => {
    fakeApi();
    renderPage();
    expect(await screen.findByRole('heading', { name: MY_TICKETS_TEXT.sellerSection })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MY_TICKETS_TEXT.buyerSection })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MY_TICKETS_TEXT.pendingHeading })).toBeInTheDocument();
    expect(screen.getByText(MY_TICKETS_TEXT.farEventsTitle)).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('Pending(2)');
    expect(screen.getByTestId('seller-action-dot')).toBeInTheDocument();

    const sellerCard = screen.getByTestId('my-ticket-11');
    expect(within(sellerCard).getByText(MY_TICKETS_TEXT.badgeActionRequired)).toBeInTheDocument();
    expect(within(sellerCard).getByText('jordan')).toBeInTheDocument();
    expect(within(sellerCard).getByText('Sat, Mar 1, 2025')).toBeInTheDocument();
    expect(within(sellerCard).getByText('Total Paid for 2 tickets')).toBeInTheDocument();
    expect(within(sellerCard).getByText('$207.47')).toBeInTheDocument();
    expect(await within(sellerCard).findByText('No Ticketmaster email on file')).toBeInTheDocument();

    const buyerCard = screen.getByTestId('my-ticket-12');
    expect(within(buyerCard).getAllByText(MY_TICKETS_TEXT.badgeConfirmReceipt)[0]).toBeInTheDocument();
    expect(within(buyerCard).getByText(MY_TICKETS_TEXT.checkEmail)).toBeInTheDocument();
    expect(within(buyerCard).getByText('sam')).toBeInTheDocument();
  });

  it('initiates a transfer only after Proceed in the Confirm Ticket Transfer dialog', async () => {
    fakeApi({ '/api/tickets/11/initiate-transfer': () => json(200, { message: 'Transfer initiated' }) });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('my-ticket-11');
    await user.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }));
    const dialog = screen.getByRole('alertdialog', { name: MY_TICKETS_TEXT.initiateDialogTitle });
    // The dialog names the ticket it is about, in its description.
    expect(within(dialog).getByTestId('dialog-ticket')).toHaveTextContent(
      'Seller ShowSat, Mar 1, 2025 · Section 101 · Row C · 2 tickets',
    );
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Seller Show'));
    await user.click(within(dialog).getByRole('button', { name: MY_TICKETS_TEXT.goBack }));
    expect(calls.some((call) => call.url.endsWith('/initiate-transfer'))).toBe(false);
    await user.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }));
    await user.click(screen.getByRole('button', { name: MY_TICKETS_TEXT.proceed }));
    expect(await screen.findByText(MY_TICKETS_TEXT.initiated)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/tickets/11/initiate-transfer',
    ]);
  });

  it('tells the seller of a paper ticket what Proceed really does: the buyer downloads the barcode', async () => {
    const paper = soldTo({
      id: 11,
      eventName: 'Paper Show',
      ticketType: 'paper',
      platform: null,
      barcodeCloudinaryUrl: '/api/images/barcodes/11',
    });
    fakeApi({ '/api/my-tickets?tab=pending': () => json(200, page('pending', [paper])) });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('my-ticket-11');
    await user.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }));
    const dialog = screen.getByRole('alertdialog', { name: MY_TICKETS_TEXT.initiateDialogTitle });
    expect(dialog).toHaveTextContent(MY_TICKETS_TEXT.initiateDialogBodyPaper);
    expect(dialog).not.toHaveTextContent('through the ticketing platform');
  });

  /** Confirm Receipt on card 12, then the dialog's own Confirm Receipt. */
  async function confirmReceipt(user: ReturnType<typeof userEvent.setup>) {
    const card = await screen.findByTestId('my-ticket-12');
    await user.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt }));
    const dialog = screen.getByRole('alertdialog', { name: MY_TICKETS_TEXT.confirmDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt }));
  }

  it('asks before Confirm Receipt releases the payment, naming the ticket; Go Back sends nothing', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('my-ticket-12');
    await user.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt }));
    const dialog = screen.getByRole('alertdialog', { name: MY_TICKETS_TEXT.confirmDialogTitle });
    expect(dialog).toHaveTextContent(MY_TICKETS_TEXT.confirmDialogBody);
    expect(within(dialog).getByTestId('dialog-ticket')).toHaveTextContent(
      'Buyer ShowSun, Jan 5, 2025 · Section 101 · Row C · 2 tickets',
    );
    await user.click(within(dialog).getByRole('button', { name: MY_TICKETS_TEXT.goBack }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toHaveFocus(),
    );
  });

  it('shows the server text when confirming receipt fails, and Already Complete when repeated', async () => {
    fakeApi({
      '/api/tickets/12/complete-transfer': () =>
        json(200, { message: MY_TICKETS_TEXT.alreadyCompleted, alreadyCompleted: true }),
    });
    const user = userEvent.setup();
    renderPage();
    await confirmReceipt(user);
    expect(await screen.findByText(MY_TICKETS_TEXT.alreadyCompleteTitle)).toBeInTheDocument();

    fakeApi({
      '/api/tickets/12/complete-transfer': () => json(409, { message: 'The seller has not initiated' }),
    });
    await confirmReceipt(user);
    expect(await screen.findByText('The seller has not initiated')).toBeInTheDocument();
    // The card stays, and so does focus on its button.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: MY_TICKETS_TEXT.confirmReceipt })).toHaveFocus(),
    );
  });

  it('puts focus on the card left in place when a confirmed card leaves the list, not on the page body', async () => {
    let confirmed = false;
    fakeApi({
      '/api/tickets/12/complete-transfer': () => {
        confirmed = true;
        return json(200, { message: MY_TICKETS_TEXT.completed });
      },
      '/api/my-tickets?tab=pending': () =>
        json(200, confirmed ? page('pending', PENDING.tickets.slice(0, 1)) : PENDING),
    });
    const user = userEvent.setup();
    renderPage();
    await confirmReceipt(user);
    await waitFor(() => expect(screen.queryByTestId('my-ticket-12')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('my-ticket-11')).toHaveFocus());
  });

  it('keeps focus on the card whose Initiate Transfer button went away after Proceed', async () => {
    let initiated = false;
    fakeApi({
      '/api/tickets/11/initiate-transfer': () => {
        initiated = true;
        return json(200, { message: 'Transfer initiated' });
      },
      '/api/my-tickets?tab=pending': () =>
        json(
          200,
          initiated
            ? page('pending', [
                { ...(PENDING.tickets[0] as MyTicket), transferStatus: 'initiated' },
                PENDING.tickets[1] as MyTicket,
              ])
            : PENDING,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('my-ticket-11');
    await user.click(within(card).getByRole('button', { name: MY_TICKETS_TEXT.initiateTransfer }));
    await user.click(screen.getByRole('button', { name: MY_TICKETS_TEXT.proceed }));
    expect(await within(card).findByText(MY_TICKETS_TEXT.badgeAwaitingConfirmation)).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveFocus());
  });

  it('keeps the tab in the address: opens ?tab=, and writes the chosen tab back', async () => {
    fakeApi();
    const user = userEvent.setup();
    const router = renderPage({}, '/my-tickets?tab=listings');
    expect(await screen.findByTestId('my-ticket-7')).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(/Active Listings/);
    await user.click(screen.getByRole('tab', { name: /Bought/ }));
    expect(await screen.findByText(MY_TICKETS_TEXT.emptyBought)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=bought');
    await user.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByTestId('my-ticket-11')).toBeInTheDocument();
  });

  it('falls back to Pending for an unknown ?tab=', async () => {
    fakeApi();
    renderPage({}, '/my-tickets?tab=everything');
    expect(await screen.findByTestId('my-ticket-11')).toBeInTheDocument();
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent(/Pending/);
  });

  it('lists, deletes after the exact confirm dialog, and shows the empty texts', async () => {
    let deleted = false;
    fakeApi({
      '/api/tickets/7': () => json(200, { message: 'Ticket deleted successfully' }),
      '/api/my-tickets?tab=listings': () =>
        json(200, page('listings', deleted ? [] : [myTicket({ section: '' })])),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('my-ticket-11');
    await user.click(screen.getByRole('tab', { name: /Active Listings/ }));
    const card = await screen.findByTestId('my-ticket-7');
    expect(within(card).getByText(MY_TICKETS_TEXT.badgeActiveListing)).toBeInTheDocument();
    expect(within(card).getByText('N/A')).toBeInTheDocument();
    expect(within(card).getByText(MY_TICKETS_TEXT.priceDetails)).toBeInTheDocument();
    expect(within(card).getByText('10%')).toBeInTheDocument();
    expect(within(card).getByText('$203.50')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^Delete/ }));
    const dialog = screen.getByRole('alertdialog', { name: MY_TICKETS_TEXT.deleteTitle });
    expect(dialog).toHaveTextContent(MY_TICKETS_TEXT.deleteDescription);
    expect(within(dialog).getByTestId('dialog-ticket')).toHaveTextContent(
      'Aurora SkiesSun, Jan 5, 2025 · Row C · 2 tickets',
    );
    deleted = true;
    await user.click(within(dialog).getByRole('button', { name: MY_TICKETS_TEXT.delete }));
    expect(await screen.findByText(MY_TICKETS_TEXT.deleted)).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/tickets/7', body: null });
    // The last listing is gone: focus goes to the tab's panel, which says so, not to the page body.
    expect(await screen.findByText(MY_TICKETS_TEXT.emptyListings)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveFocus());

    await user.click(screen.getByRole('tab', { name: /Bought/ }));
    expect(await screen.findByText(MY_TICKETS_TEXT.emptyBought)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Sold/ }));
    expect(await screen.findByText(MY_TICKETS_TEXT.emptySold)).toBeInTheDocument();
  });

  it('opens the editor slot in place of the list and comes back', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderPage({
      renderEditor: (ticketId, close) => (
        <button type="button" onClick={close}>
          Editing {ticketId}
        </button>
      ),
    });
    await screen.findByTestId('my-ticket-11');
    await user.click(screen.getByRole('tab', { name: /Active Listings/ }));
    await user.click(await screen.findByRole('button', { name: /^Edit/ }));
    await user.click(screen.getByRole('button', { name: 'Editing 7' }));
    expect(await screen.findByTestId('my-ticket-7')).toBeInTheDocument();
  });

  it('loads the list again when the window regains focus', async () => {
    fakeApi();
    renderPage();
    await screen.findByTestId('my-ticket-11');
    const loads = () => calls.filter((call) => call.url.startsWith('/api/my-tickets')).length;
    const before = loads();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(loads()).toBe(before + 1));
  });

  it('says No pending transfers when nothing is pending', async () => {
    fakeApi({
      '/api/my-tickets?tab=pending': () => json(200, page('pending', [], { sellerActionCount: 0 })),
    });
    renderPage();
    expect(await screen.findByText(MY_TICKETS_TEXT.emptyPending)).toBeInTheDocument();
    expect(screen.queryByTestId('seller-action-dot')).not.toBeInTheDocument();
  });
});
