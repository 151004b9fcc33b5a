import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import { BID_SCREEN_TEXT, BID_TEXT } from '@common/messages';
import type { Bid } from '@common/schemas/bids';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bid, fakePicker, radixInJsdom } from '../test-fixtures';
import { MyBidsPage } from './my-bids-page';
import { WELCOME_DELAY_MS, welcomeHiddenKey } from './welcome-dialog';

radixInJsdom();

const USER = 7;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function serve(bids: Bid[], answers: Record<string, () => Response> = {}) {
  fakeApi((call) => {
    const answer = answers[`${call.method} ${call.url}`];
    if (answer) return answer();
    if (call.url === '/api/bids') return json(200, { ok: true, bids, message: '' });
    return json(404, { message: 'Not found' });
  });
}

function renderPage(path = '/my-bids') {
  return renderAt(<MyBidsPage userId={USER} renderPaymentMethodPicker={fakePicker} />, path, '/my-bids');
}

beforeEach(() => localStorage.setItem(welcomeHiddenKey(USER), 'true'));
afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
  localStorage.clear();
});

const active = bid({
  id: 1,
  section: 'Floor',
  minSellerRating: 4,
  priority: 4.5,
  expiresAt: '2027-05-02T00:00:00.000Z',
});
const matched = bid({
  id: 2,
  eventName: 'Night Owls',
  venue: null,
  isActive: false,
  matched: true,
  matchedTicketId: 88,
  matchedAt: '2026-11-21T12:00:00.000Z',
});
const declined = bid({
  id: 3,
  eventName: 'Low Tide',
  isActive: false,
  endedReason: 'Your card was declined.',
});
const eventCancelled = bid({
  id: 4,
  eventName: 'Comet Parade',
  isActive: false,
  endedReason: BID_TEXT.endedEventCancelled,
});

describe('My Bids', () => {
  it('shows the tabs with counts, every field of an active bid, and keeps the tab in the address', async () => {
    serve([active, matched, declined]);
    const user = userEvent.setup();
    const router = renderPage();
    expect(await screen.findByRole('tab', { name: 'Active (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Matched (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inactive (1)' })).toBeInTheDocument();
    const card = screen.getByTestId('bid-1');
    for (const text of [
      'Aurora Skies',
      'Riverside Arena',
      'Sat, May 1, 2027',
      '$250.00',
      'Floor',
      'Paid with Visa •••• 4242',
    ])
      expect(within(card).getByText(text)).toBeInTheDocument();
    for (const label of [
      BID_TEXT.maxPrice,
      BID_TEXT.quantity,
      BID_TEXT.section,
      BID_TEXT.minSellerRating,
      BID_TEXT.priority,
      BID_TEXT.expires,
      BID_TEXT.created,
    ])
      expect(within(card).getByText(label)).toBeInTheDocument();
    // The server's priority, the bidder's rating (decision 0054), shown when above 0.
    expect(within(card).getByText(BID_SCREEN_TEXT.priorityValue(4.5))).toBeInTheDocument();
    expect(BID_SCREEN_TEXT.priorityValue(4.5)).toBe('4.5 (your rating)');
    // The bid looks until its event's day is over: shown as that day's last minute, not the next midnight.
    expect(within(card).getByText('May 1, 2027, 11:59 PM')).toBeInTheDocument();
    expect(within(card).getByText(/Paid with Visa •••• 4242/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Matched (1)' }));
    expect(router.state.location.search).toBe('?tab=matched');
    const matchedCard = await screen.findByTestId('bid-2');
    expect(within(matchedCard).getByText(BID_TEXT.venueMissing)).toBeInTheDocument();
    expect(within(matchedCard).queryByText(BID_TEXT.priority)).not.toBeInTheDocument();
    expect(within(matchedCard).getByText(/Matched with ticket #88 on Nov 21, 2026/)).toBeInTheDocument();
    expect(within(matchedCard).getByRole('link', { name: BID_SCREEN_TEXT.viewTicket })).toHaveAttribute(
      'href',
      '/my-tickets?tab=pending',
    );
    expect(within(matchedCard).queryByRole('button', { name: BID_TEXT.cancelBid })).not.toBeInTheDocument();
  });

  it('opens the tab the address names and shows why an inactive bid ended', async () => {
    serve([active, declined, eventCancelled]);
    renderPage('/my-bids?tab=inactive');
    const card = await screen.findByTestId('bid-3');
    expect(
      within(card).getByText(BID_SCREEN_TEXT.endedReason('Your card was declined.')),
    ).toBeInTheDocument();
    const cancelledCard = screen.getByTestId('bid-4');
    expect(within(cancelledCard).getByText('Event cancelled')).toBeInTheDocument();
    expect(
      within(cancelledCard).getByText(
        'The event was cancelled, so this bid ended. Your card was not charged.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inactive (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each([
    ['active', BID_TEXT.emptyActive],
    ['matched', BID_TEXT.emptyMatched],
    ['inactive', BID_TEXT.emptyInactive],
  ])('says when the %s tab is empty', async (tab, text) => {
    serve([]);
    renderPage(`/my-bids?tab=${tab}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('cancels a bid after a confirm naming the event; it moves to Inactive and focus stays in the list', async () => {
    const second = bid({ id: 4, eventName: 'Second Show' });
    let bids = [active, second];
    fakeApi((call) => {
      if (call.method === 'DELETE' && call.url === '/api/bids/1') {
        bids = [{ ...active, isActive: false, endedReason: 'cancelled' }, second];
        return json(200, { ok: true, message: BID_TEXT.cancelled });
      }
      if (call.url === '/api/bids') return json(200, { ok: true, bids, message: '' });
      return json(404, { message: 'Not found' });
    });
    const user = userEvent.setup();
    renderPage();
    const card = await screen.findByTestId('bid-1');
    await user.click(within(card).getByRole('button', { name: BID_TEXT.cancelBid }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(BID_SCREEN_TEXT.cancelBody('Aurora Skies'));
    await user.click(within(confirm).getByRole('button', { name: BID_TEXT.cancelBid }));
    expect(await screen.findByText(BID_TEXT.cancelledTitle)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bid-1')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Inactive (1)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bid-4')).toHaveFocus());
  });

  it("shows the server's message when a cancel fails", async () => {
    serve([active], { 'DELETE /api/bids/1': () => json(409, { message: BID_TEXT.notActive }) });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      within(await screen.findByTestId('bid-1')).getByRole('button', { name: BID_TEXT.cancelBid }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: BID_TEXT.cancelBid }),
    );
    expect(await screen.findByText(BID_TEXT.notActive)).toBeInTheDocument();
    expect(screen.getByTestId('bid-1')).toBeInTheDocument();
  });

  it('refuses Create New Bid up front at 2 active bids', async () => {
    serve([active, bid({ id: 5, eventName: 'Other' })]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: BID_TEXT.createNew }));
    expect(await screen.findByText(BID_TEXT.limitTitle)).toBeInTheDocument();
    expect(screen.getByText(BID_TEXT.limit)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens Create Bid below the limit and gives focus back to its button on Cancel', async () => {
    serve([active]);
    const user = userEvent.setup();
    renderPage();
    const create = await screen.findByRole('button', { name: BID_TEXT.createNew });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    const dialog = await screen.findByRole('dialog', { name: BID_SCREEN_TEXT.createTitle });
    await user.click(within(dialog).getByRole('button', { name: BID_TEXT.cancel }));
    await waitFor(() => expect(create).toHaveFocus());
  });

  it('shows a load failure as a banner and a toast', async () => {
    fakeApi(() => json(400, { message: 'Bids are resting' }));
    renderPage();
    expect(await screen.findByText('Bids are resting')).toBeInTheDocument();
    expect(await screen.findByText(BID_TEXT.loadFailed)).toBeInTheDocument();
  });
});

describe('the welcome dialog', () => {
  it("appears after about half a second, and 'Don't show this again' is remembered for this user", async () => {
    localStorage.clear();
    serve([]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { level: 1, name: BID_TEXT.title });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: BID_TEXT.welcomeTitle });
    expect(dialog).toHaveTextContent(BID_SCREEN_TEXT.welcomeWarningTitle);
    for (const point of BID_SCREEN_TEXT.welcomePoints) expect(dialog).toHaveTextContent(point.title);
    await user.click(within(dialog).getByRole('checkbox', { name: BID_TEXT.dontShowAgain }));
    await user.click(within(dialog).getByRole('button', { name: BID_SCREEN_TEXT.welcomeClose }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem(welcomeHiddenKey(USER))).toBe('true');
    expect(localStorage.getItem(welcomeHiddenKey(USER + 1))).toBeNull();
    // Focus never falls to <body>.
    expect(document.activeElement).not.toBe(document.body);
  });

  it('does not appear for a user who asked not to see it', async () => {
    serve([]);
    renderPage();
    await screen.findByRole('heading', { level: 1, name: BID_TEXT.title });
    await pause(WELCOME_DELAY_MS + 300);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
  it('links a bid’s event name to its event page when the bid names a catalog event', async () => {
    serve([active, bid({ id: 9, eventId: null, eventName: 'Garage Gig' })]);
    renderPage();
    const linked = within(await screen.findByTestId('bid-1')).getByRole('link', { name: 'Aurora Skies' });
    expect(linked).toHaveAttribute('href', '/events/31-aurora-skies');
    const unlinked = screen.getByTestId('bid-9');
    expect(within(unlinked).getByRole('heading', { name: 'Garage Gig' })).toBeInTheDocument();
    expect(within(unlinked).queryByRole('link', { name: 'Garage Gig' })).not.toBeInTheDocument();
  });
});
