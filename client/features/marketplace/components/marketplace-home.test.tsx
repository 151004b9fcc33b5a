import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, json, fakeApi as stubFetch } from '@client/lib/test-fetch';
import { BUYING_TEXT, CHECKOUT_TEXT, MARKET_FILTER_TEXT } from '@common/messages';
import { MAX_LIVE_HOLDS } from '@common/schemas/checkout';
import type { CurrentUser } from '@common/schemas/users';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast as sonner } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PURCHASE_STATE_KEY, readPurchase, storePurchase } from '../purchase-flags';
import { marketTicket } from '../test-fixtures';
import { redirectTo } from '../use-purchase-flow';
import { MarketplaceHome } from './marketplace-home';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

const buyer: CurrentUser = {
  id: 5,
  username: 'jordan',
  role: 'user',
  firstName: 'Jordan',
  lastName: 'Fan',
  email: 'jordan@example.com',
  phoneNumber: null,
  verificationPreference: 'email',
  fullName: null,
  ticketmasterEmail: null,
  livenationEmail: null,
  axsEmail: null,
  averageRating: null,
  totalReviews: 0,
  pendingEmail: null,
  tourCompleted: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const listed = marketTicket();
const second = marketTicket({ id: 8, eventId: 32, eventName: 'Night Drive', markup: 40 });

let calls: FetchCall[];

/** GET /api/tickets/7 while the buyer holds it. */
const ticketDetails = (
  seller: {
    id: number;
    username: string;
    rating: number | null;
    totalReviews: number;
    trust: { verified: boolean; completedSales: number; professional: boolean };
  } = {
    id: 1,
    username: 'maya',
    rating: 4.8,
    totalReviews: 12,
    trust: { verified: true, completedSales: 7, professional: false },
  },
) => ({
  ...listed,
  showTime: '8:00 PM EDT (doors 7:00 PM)',
  ticketImage: null,
  cloudinaryUrl: null,
  cloudinaryPublicId: null,
  status: 'available',
  isBeingEdited: true,
  currentViewerId: buyer.id,
  lockExpiresAt: new Date(Date.now() + 300_000).toISOString(),
  seller: { ...seller, createdAt: '2026-01-01' },
  updatedAt: '2026-01-01',
});

type Answer = (call: FetchCall) => Response | undefined;

/** The API of a signed-in buyer; `answer` overrides any call it answers. */
function fakeApi(answer: Answer = () => undefined) {
  calls = stubFetch((call) => {
    const answered = answer(call);
    if (answered) return answered;
    const { url } = call;
    if (url.startsWith('/api/tickets?'))
      return json(200, { audience: 'member', tickets: [listed, second], nextCursor: null });
    if (url === '/api/tickets/7') return json(200, ticketDetails());
    if (url === '/api/tickets/7/lock')
      return json(200, {
        ticketId: 7,
        quantity: 2,
        version: 2,
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        extensionsLeft: 3,
      });
    if (url === '/api/tickets/7/unlock') return json(200, { message: 'Ticket released' });
    return json(404, { message: 'Not found' });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
  localStorage.clear();
});

function renderHome(path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <MarketplaceHome user={buyer} /> },
      { path: '/purchase-status', element: <h1>Purchase status page</h1> },
      { path: '/my-tickets', element: <h1>My Tickets page</h1> },
      { path: '/events/:idAndSlug', element: <h1>Show page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

async function toastWith(title: string, description: string) {
  const heading = await screen.findByText(title, { selector: '[data-title]' });
  expect(heading.closest('[data-sonner-toast]')).toHaveTextContent(description);
}

describe('MarketplaceHome', () => {
  it('groups the listings under event headings with their counts', async () => {
    fakeApi();
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Aurora Skies', level: 2 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Night Drive', level: 2 })).toBeVisible();
    expect(screen.getAllByText('1 listing')).toHaveLength(2);
    expect(calls[0]?.url).toBe('/api/tickets?sortBy=date&limit=24');
  });

  it("appends the next page with 'Load more' and keeps the cards already shown", async () => {
    const third = marketTicket({ id: 9, eventName: 'Aurora Skies', seats: '9' });
    fakeApi(({ url }) => {
      if (!url.startsWith('/api/tickets?')) return undefined;
      return url.includes('cursor=next')
        ? json(200, { audience: 'member', tickets: [third], nextCursor: null })
        : json(200, { audience: 'member', tickets: [listed, second], nextCursor: 'next' });
    });
    const { user } = renderHome();
    const first = await screen.findByTestId('ticket-card-7');
    await user.click(screen.getByRole('button', { name: BUYING_TEXT.loadMore }));
    expect(await screen.findByTestId('ticket-card-9')).toBeVisible();
    expect(screen.getByTestId('ticket-card-7')).toBe(first);
    expect(screen.getByText(/^2 listings/)).toBeVisible();
    expect(calls.filter((call) => call.url.startsWith('/api/tickets?')).map((call) => call.url)).toEqual([
      '/api/tickets?sortBy=date&limit=24',
      '/api/tickets?sortBy=date&limit=24&cursor=next',
    ]);
    expect(screen.queryByRole('button', { name: BUYING_TEXT.loadMore })).toBeNull();
  });

  it('shows the empty state texts when nothing matches', async () => {
    fakeApi(({ url }) =>
      url.startsWith('/api/tickets?')
        ? json(200, { audience: 'member', tickets: [], nextCursor: null })
        : undefined,
    );
    renderHome();
    expect(await screen.findByText(BUYING_TEXT.noListingsTitle)).toBeVisible();
    expect(screen.getByText(BUYING_TEXT.noListings)).toBeVisible();
  });

  it("shows 'Ticket Unavailable' when another viewer got the hold first", async () => {
    fakeApi(({ url }) =>
      url === '/api/tickets/7/lock'
        ? json(409, { message: 'This ticket is currently being viewed' })
        : undefined,
    );
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    await toastWith(BUYING_TEXT.ticketUnavailableTitle, BUYING_TEXT.ticketUnavailable);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the spec's 'being viewed by another user' for a hold by someone else, told by its code", async () => {
    fakeApi(({ url }) =>
      url === '/api/tickets/7/lock'
        ? json(409, { message: CHECKOUT_TEXT.heldByOther, code: 'held', eventPath: '/events/3-aurora-skies' })
        : undefined,
    );
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    await toastWith(BUYING_TEXT.ticketUnavailableTitle, BUYING_TEXT.ticketUnavailable);
    expect(screen.queryByTestId('ticket-unavailable')).toBeNull();
  });

  it('says why a sold ticket cannot be opened, and leads back to the show’s page', async () => {
    fakeApi(({ url }) =>
      url === '/api/tickets/7/lock'
        ? json(409, { message: CHECKOUT_TEXT.alreadySold, code: 'sold', eventPath: '/events/3-aurora-skies' })
        : undefined,
    );
    const { router, user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const notice = await screen.findByRole('alertdialog', { name: BUYING_TEXT.ticketUnavailableTitle });
    expect(notice).toHaveTextContent(CHECKOUT_TEXT.alreadySold);
    expect(notice).not.toHaveTextContent(BUYING_TEXT.ticketUnavailable);
    expect(screen.queryByText(BUYING_TEXT.ticketUnavailable)).toBeNull();
    const back = within(notice).getByRole('link', { name: BUYING_TEXT.backToShow });
    expect(back).toHaveAttribute('href', '/events/3-aurora-skies');
    await user.click(back);
    expect(await screen.findByRole('heading', { name: 'Show page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/events/3-aurora-skies');
  });

  it('offers the quantities a listing still sells after a split conflict, and opens the one chosen', async () => {
    const reason = CHECKOUT_TEXT.quantityNotOffered('1, 2 or 4');
    fakeApi(({ url, body }) => {
      if (url !== '/api/tickets/7/lock') return undefined;
      if ((body as { quantity?: number } | null)?.quantity === 2) return undefined;
      return json(409, { message: reason, code: 'quantity-not-offered', quantities: [1, 2, 4] });
    });
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const notice = await screen.findByRole('alertdialog', { name: BUYING_TEXT.ticketUnavailableTitle });
    expect(notice).toHaveTextContent(reason);
    expect(within(notice).queryByRole('link', { name: BUYING_TEXT.backToShow })).toBeNull();
    expect(
      within(notice)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      BUYING_TEXT.chooseQuantity(1),
      BUYING_TEXT.chooseQuantity(2),
      BUYING_TEXT.chooseQuantity(4),
      BUYING_TEXT.closeUnavailable,
    ]);
    await user.click(within(notice).getByRole('button', { name: BUYING_TEXT.chooseQuantity(2) }));
    expect(await screen.findByRole('dialog', { name: 'Aurora Skies' })).toBeVisible();
    expect(screen.queryByTestId('ticket-unavailable')).toBeNull();
    expect(calls.filter((call) => call.url === '/api/tickets/7/lock').at(-1)?.body).toEqual({ quantity: 2 });
  });

  it('shows the server’s reason when the member already holds as many tickets as allowed', async () => {
    const reason = CHECKOUT_TEXT.tooManyHolds(MAX_LIVE_HOLDS);
    fakeApi(({ url }) => (url === '/api/tickets/7/lock' ? json(429, { message: reason }) : undefined));
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    await toastWith(BUYING_TEXT.errorTitle, reason);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('buys part of a listing: the quantity picked holds a part of it, priced for that many (decision 0062)', async () => {
    const lock = (ticketId: number, quantity: number) =>
      json(200, {
        ticketId,
        quantity,
        version: 1,
        expiresAt: new Date(Date.now() + 300_000).toISOString(),
        extensionsLeft: 3,
      });
    const fourOf = { ...ticketDetails(), quantity: 4, splitRule: 'any', totalPrice: 407, buyerPays: 414.94 };
    const part = { ...fourOf, id: 99, quantity: 2, totalPrice: 203.5, buyerPays: 207.46 };
    fakeApi(({ url, body }) => {
      if (url === '/api/tickets/7/lock')
        return (body as { quantity?: number } | undefined)?.quantity === 2 ? lock(99, 2) : lock(7, 4);
      if (url === '/api/tickets/7') return json(200, fourOf);
      if (url === '/api/tickets/99') return json(200, part);
      return undefined;
    });
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
    expect(within(dialog).getByTestId('what-you-pay')).toHaveTextContent('$414.94');
    await user.selectOptions(within(dialog).getByLabelText('Tickets'), '2');
    await waitFor(() => expect(within(dialog).getByTestId('what-you-pay')).toHaveTextContent('$207.46'));
    expect(calls.filter((call) => call.url === '/api/tickets/7/lock').map((call) => call.body)).toEqual([
      null,
      { quantity: 2 },
    ]);
    expect(within(dialog).getByLabelText('Tickets')).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/tickets/99/unlock')).toBe(true));
  });

  it('shares the listing, never the part of it the buyer holds', async () => {
    const part = { ...ticketDetails(), id: 99, quantity: 1, splitRule: 'any' };
    fakeApi(({ url }) => {
      if (url === '/api/tickets/7/lock')
        return json(200, {
          ticketId: 99,
          quantity: 1,
          version: 1,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
          extensionsLeft: 3,
        });
      if (url === '/api/tickets/7') return json(200, { ...ticketDetails(), quantity: 1, splitRule: 'any' });
      if (url === '/api/tickets/99') return json(200, part);
      return undefined;
    });
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
    await user.click(within(dialog).getByRole('button', { name: EVENT_SCREEN_TEXT.share }));
    expect(await screen.findByText(EVENT_SCREEN_TEXT.linkCopied)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/?ticket=7`);
  });

  it('holds the ticket, shows the countdown and releases the hold when the dialog closes', async () => {
    fakeApi();
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
    expect(within(dialog).getByTestId('hold-countdown')).toHaveTextContent(/^Time left: 0[45]:\d\d$/);
    expect(within(dialog).getByTestId('show-time')).toHaveTextContent('8:00 PM EDT (doors 7:00 PM)');
    expect(within(dialog).getByTestId('what-you-pay')).toHaveTextContent('$207.46');
    // $103.73 a ticket all-in against $80.00 face value and a $12.50 original fee (decision 0073).
    expect(within(dialog).getByTestId('price-comparison')).toHaveTextContent('12% above the original price');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/tickets/7/unlock')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("names a seller without reviews 'New seller' in the details dialog, never a made-up rating", async () => {
    fakeApi((call) =>
      call.url === '/api/tickets/7'
        ? json(
            200,
            ticketDetails({
              id: 1,
              username: 'maya',
              rating: null,
              totalReviews: 0,
              trust: { verified: false, completedSales: 0, professional: false },
            }),
          )
        : undefined,
    );
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
    const seller = within(dialog).getByRole('region', { name: 'Seller' });
    await waitFor(() => expect(seller).toHaveTextContent(BUYING_TEXT.newSeller));
    expect(seller).not.toHaveTextContent('4.5');
  });

  it("copies the ticket's shared link from the details dialog, which stays open with focus on Share", async () => {
    fakeApi();
    const { user } = renderHome();
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
    const share = within(dialog).getByRole('button', { name: EVENT_SCREEN_TEXT.share });
    await user.click(share);
    expect(await screen.findByText(EVENT_SCREEN_TEXT.linkCopied)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/?ticket=7`);
    expect(screen.getByRole('dialog', { name: 'Aurora Skies' })).toBe(dialog);
    expect(share).toHaveFocus();
    expect(calls.some((call) => call.url === '/api/tickets/7/unlock')).toBe(false);
  });

  it('says so in a toast when the link cannot be copied, and the dialog stays open', async () => {
    fakeApi();
    const { user } = renderHome();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const card = await screen.findByTestId('ticket-card-7');
    await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
    const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
    await user.click(within(dialog).getByRole('button', { name: EVENT_SCREEN_TEXT.share }));
    expect(await screen.findByText(EVENT_SCREEN_TEXT.shareFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Aurora Skies' })).toBe(dialog);
  });

  it("hands the ticket's shared link to the system share sheet where there is one", async () => {
    const shareSheet = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: shareSheet, configurable: true });
    try {
      fakeApi();
      const { user } = renderHome();
      const card = await screen.findByTestId('ticket-card-7');
      await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
      const dialog = await screen.findByRole('dialog', { name: 'Aurora Skies' });
      const share = within(dialog).getByRole('button', { name: EVENT_SCREEN_TEXT.share });
      await user.click(share);
      expect(shareSheet).toHaveBeenCalledWith({
        title: 'Aurora Skies',
        url: `${window.location.origin}/?ticket=7`,
      });
      expect(share).toHaveFocus();
      expect(screen.getByRole('dialog', { name: 'Aurora Skies' })).toBe(dialog);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it("stores the purchase and goes to the checkout URL on 'Complete Purchase'", async () => {
    fakeApi(({ url }) =>
      url === '/api/tickets/7/payment' ? json(200, { url: '/sandbox/checkout/cs_1' }) : undefined,
    );
    const assign = vi.spyOn(redirectTo, 'assign').mockImplementation(() => {});
    const { user } = renderHome();
    await user.click(
      within(await screen.findByTestId('ticket-card-7')).getByRole('button', {
        name: BUYING_TEXT.viewDetails,
      }),
    );
    await user.click(await screen.findByRole('button', { name: BUYING_TEXT.completePurchase }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/checkout/cs_1'));
    expect(calls.find((call) => call.url === '/api/tickets/7/payment')?.body).toEqual({
      amount: 207.46,
      version: 2,
    });
    expect(readPurchase()).toMatchObject({ ticketId: 7, amount: 207.46, version: 2 });
    expect(localStorage.getItem('encore.purchasing.7')).toBe('true');
    assign.mockRestore();
  });

  it("reports 'No payment URL received from server', clears the flags and unlocks", async () => {
    fakeApi(({ url }) => (url === '/api/tickets/7/payment' ? json(200, {}) : undefined));
    const { user } = renderHome();
    await user.click(
      within(await screen.findByTestId('ticket-card-7')).getByRole('button', {
        name: BUYING_TEXT.viewDetails,
      }),
    );
    await user.click(await screen.findByRole('button', { name: BUYING_TEXT.completePurchase }));
    await toastWith(BUYING_TEXT.paymentSetupFailedTitle, BUYING_TEXT.noPaymentUrl);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/tickets/7/unlock')).toBe(true));
    expect(localStorage.getItem(PURCHASE_STATE_KEY)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Aurora Skies' })).toBeNull();
  });

  it('verifies a returning checkout and opens Purchase Successful', async () => {
    storePurchase({ ticketId: 7, amount: 207.46, version: 2, startedAt: Date.now() });
    fakeApi(({ url }) =>
      url === '/api/purchase/verify/cs_1'
        ? json(200, {
            success: true,
            message: 'Ticket purchased successfully',
            status: 'paid',
            ticketId: 7,
            eventName: 'Aurora Skies',
            quantity: 2,
            amount: 207.46,
          })
        : undefined,
    );
    const { router, user } = renderHome('/?session_id=cs_1');
    const dialog = await screen.findByRole('dialog', { name: BUYING_TEXT.purchaseSuccessfulTitle });
    // It names the show and what was paid, not only that something was bought.
    expect(dialog).toHaveTextContent('You paid $207.46 for 2 tickets to Aurora Skies.');
    expect(calls.find((call) => call.url === '/api/purchase/verify/cs_1')?.body).toEqual({
      ticketId: 7,
      amount: 207.46,
      version: 2,
    });
    expect(readPurchase()).toBeNull();
    expect(router.state.location.search).toBe('');
    // Reviews come with Confirm Receipt, not after the event.
    expect(dialog).toHaveTextContent('confirm receipt there and leave a review for the seller');
    expect(dialog).not.toHaveTextContent('After the event');
    await user.click(within(dialog).getByRole('button', { name: BUYING_TEXT.viewMyTickets }));
    expect(router.state.location.pathname).toBe('/my-tickets');
  });

  it("unlocks and shows 'Payment Status' when the checkout was not paid", async () => {
    storePurchase({ ticketId: 7, amount: 207.46, version: 2, startedAt: Date.now() });
    fakeApi(({ url }) =>
      url === '/api/purchase/verify/cs_1'
        ? json(200, {
            success: false,
            message: '',
            status: 'pending',
            ticketId: 7,
            eventName: 'Aurora Skies',
            quantity: 2,
            amount: 207.46,
          })
        : undefined,
    );
    renderHome('/?session_id=cs_1');
    await toastWith(BUYING_TEXT.paymentStatusTitle, BUYING_TEXT.paymentNotCompleted);
    expect(calls.some((call) => call.url === '/api/tickets/7/unlock')).toBe(true);
    expect(readPurchase()).toBeNull();
  });

  it('hands a return without a stored purchase to the purchase status page', async () => {
    fakeApi();
    const { router } = renderHome('/?session_id=cs_2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase-status'));
    expect(router.state.location.search).toBe('?session_id=cs_2');
  });

  it("opens the ticket named by the 'ticket' parameter and resets the address", async () => {
    fakeApi();
    const { router } = renderHome('/?ticket=7');
    expect(await screen.findByRole('dialog', { name: 'Aurora Skies' })).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(calls.some((call) => call.url === '/api/tickets/7/lock' && call.method === 'POST')).toBe(true);
  });

  it("greets a user by first name without 'Welcome back', which a brand-new user's first screen must not say", async () => {
    fakeApi();
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Welcome, Jordan', level: 1 })).toBeVisible();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('reads its filters from the address and writes them back, so a filtered view can be shared', async () => {
    fakeApi();
    const { router, user } = renderHome('/?minPrice=50&quantity=2&sortBy=price_asc&startDate=2027-01-01');
    await screen.findByTestId('ticket-card-7');
    expect(calls[0]?.url).toBe(
      '/api/tickets?sortBy=price_asc&minPrice=50&startDate=2027-01-01&quantity=2&limit=24',
    );
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const maxPrice = await screen.findByLabelText(MARKET_FILTER_TEXT.maxPrice);
    expect(screen.getByLabelText(MARKET_FILTER_TEXT.minPrice)).toHaveValue('50');
    await user.type(maxPrice, '40');
    await user.click(screen.getByRole('button', { name: MARKET_FILTER_TEXT.apply }));
    expect(await screen.findByText(MARKET_FILTER_TEXT.priceRange)).toBeVisible();
    expect(maxPrice).toHaveAttribute('aria-invalid', 'true');
    await user.clear(maxPrice);
    await user.type(maxPrice, '120.5');
    await user.click(screen.getByRole('button', { name: MARKET_FILTER_TEXT.apply }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?sortBy=price_asc&minPrice=50&maxPrice=120.5&startDate=2027-01-01&quantity=2',
      ),
    );
    await waitFor(() => expect(calls.at(-1)?.url).toContain('maxPrice=120.5'));
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('(4 active)');
  });

  it('keeps the city and at-or-below-face-value filters in the address and asks the API for them', async () => {
    fakeApi();
    const { router, user } = renderHome('/?city=Portland');
    await screen.findByTestId('ticket-card-7');
    expect(calls[0]?.url).toBe('/api/tickets?sortBy=date&city=Portland&limit=24');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    const city = await screen.findByLabelText(MARKET_FILTER_TEXT.city);
    expect(city).toHaveValue('Portland');
    expect(city).toHaveAttribute('maxLength', '100');
    await user.clear(city);
    await user.type(city, 'Boston ');
    await user.click(screen.getByRole('checkbox', { name: MARKET_FILTER_TEXT.atOrBelowFace }));
    await user.click(screen.getByRole('button', { name: MARKET_FILTER_TEXT.apply }));
    await waitFor(() => expect(router.state.location.search).toBe('?city=Boston&atOrBelowFace=true'));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/tickets?sortBy=date&city=Boston&atOrBelowFace=true&limit=24'),
    );
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('(2 active)');
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    await user.click(await screen.findByRole('button', { name: MARKET_FILTER_TEXT.reset }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("says a search matched nothing as typed and runs the offered 'Did you mean' search", async () => {
    fakeApi(({ url }) => {
      if (!url.startsWith('/api/tickets?')) return undefined;
      const search = new URLSearchParams(url.split('?')[1]).get('search');
      return json(200, {
        audience: 'member',
        tickets: [listed],
        nextCursor: null,
        didYouMean: search === 'Aurora Skeis' ? 'Aurora Skies' : null,
      });
    });
    const { router, user } = renderHome('/?search=Aurora%20Skeis');
    // The listings shown are the corrected search's, and the page says so above them.
    const offer = await screen.findByRole('button', { name: 'Search for “Aurora Skies”' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Showing listings for “Aurora Skies”. No listings match “Aurora Skeis”.',
    );
    await user.click(offer);
    await waitFor(() => expect(router.state.location.search).toBe('?search=Aurora+Skies'));
    expect(screen.getByRole('combobox', { name: BUYING_TEXT.searchLabel })).toHaveValue('Aurora Skies');
    await waitFor(() => expect(screen.queryByTestId('did-you-mean')).toBeNull());
  });

  it('lets Back undo a search and a sort, one entry per search however long the typing', async () => {
    fakeApi();
    const { router, user } = renderHome('/');
    await screen.findByTestId('ticket-card-7');
    const search = screen.getByRole('combobox', { name: BUYING_TEXT.searchLabel });
    await user.type(search, 'Aur');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Aur'));
    await user.type(search, 'ora');
    await waitFor(() => expect(router.state.location.search).toBe('?search=Aurora'));
    await user.click(screen.getByRole('combobox', { name: BUYING_TEXT.sortLabel }));
    await user.click(await screen.findByRole('option', { name: BUYING_TEXT.sortPriceAsc }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=Aurora&sortBy=price_asc'));

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=Aurora');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(search).toHaveValue(''));
  });

  describe('focus after a dialog or a card goes away', () => {
    it("returns to the card's View Details when the details dialog closes", async () => {
      fakeApi();
      const { user } = renderHome();
      const card = await screen.findByTestId('ticket-card-7');
      await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
      await screen.findByRole('dialog', { name: 'Aurora Skies' });
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(
          within(screen.getByTestId('ticket-card-7')).getByRole('button', { name: BUYING_TEXT.viewDetails }),
        ).toHaveFocus(),
      );
    });

    it('moves to the next card when the closed ticket has left the list', async () => {
      let unlocked = false;
      fakeApi(({ url }) => {
        if (url === '/api/tickets/7/unlock') unlocked = true;
        if (url.startsWith('/api/tickets?') && unlocked)
          return json(200, { audience: 'member', tickets: [second], nextCursor: null });
        return undefined;
      });
      const { user } = renderHome();
      const card = await screen.findByTestId('ticket-card-7');
      await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
      await screen.findByRole('dialog', { name: 'Aurora Skies' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByTestId('ticket-card-7')).toBeNull());
      await waitFor(() =>
        expect(
          within(screen.getByTestId('ticket-card-8')).getByRole('button', { name: BUYING_TEXT.viewDetails }),
        ).toHaveFocus(),
      );
    });

    it("stays on the card when 'Ticket Unavailable' turns it into a reserved card", async () => {
      let refused = false;
      const reserved = {
        ...listed,
        isBeingEdited: true,
        currentViewerId: null,
        lockExpiresAt: new Date(Date.now() + 300_000).toISOString(),
      };
      fakeApi(({ url }) => {
        if (url === '/api/tickets/7/lock') {
          refused = true;
          return json(409, { message: 'This ticket is currently being viewed' });
        }
        if (url.startsWith('/api/tickets?') && refused)
          return json(200, { audience: 'member', tickets: [reserved, second], nextCursor: null });
        return undefined;
      });
      const { user } = renderHome();
      const card = await screen.findByTestId('ticket-card-7');
      await user.click(within(card).getByRole('button', { name: BUYING_TEXT.viewDetails }));
      await toastWith(BUYING_TEXT.ticketUnavailableTitle, BUYING_TEXT.ticketUnavailable);
      expect(await screen.findByText(BUYING_TEXT.reservedTitle)).toBeVisible();
      await waitFor(() => expect(screen.getByTestId('ticket-card-7')).toHaveFocus());
    });
  });
});
