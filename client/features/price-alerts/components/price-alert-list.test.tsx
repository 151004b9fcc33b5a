import { renderAt } from '@client/lib/render-at';
import { fakeApi, json } from '@client/lib/test-fetch';
import type { PriceAlert } from '@common/schemas/price-alerts';
import { PRICE_ALERT_TEXT } from '@common/texts/price-alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceAlert } from '../test-fixtures';
import { PriceAlertList } from './price-alert-list';

afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

function serve(pages: PriceAlert[][], total = pages.flat().length, removeStatus = 204) {
  let current = pages;
  const calls = fakeApi((call) => {
    const listed = /^\/api\/price-alerts\?page=(\d+)&pageSize=10$/.exec(call.url);
    if (call.method === 'GET' && listed) {
      const alerts = current[Number(listed[1]) - 1] ?? [];
      return json(200, { alerts, page: Number(listed[1]), pageSize: 10, total, activeCount: 0 });
    }
    const removed = /^\/api\/price-alerts\/(\d+)$/.exec(call.url);
    if (call.method === 'DELETE' && removed) {
      if (removeStatus !== 204) return json(removeStatus, { message: PRICE_ALERT_TEXT.notActive });
      current = current.map((page) =>
        page.map((alert) =>
          alert.id === Number(removed[1]) ? { ...alert, status: 'removed' as const } : alert,
        ),
      );
      return new Response(null, { status: 204 });
    }
    if (call.method === 'POST' && call.url === '/api/price-alerts/seen')
      return new Response(null, { status: 204 });
    return json(404, { message: 'Not found' });
  });
  return calls;
}

const active = priceAlert({ id: 1 });
const matched = priceAlert({
  id: 2,
  eventId: 43,
  eventName: 'Night Owls: Live!',
  quantity: 1,
  maxPrice: 30,
  status: 'matched',
  matchedTicketId: 88,
  matchedAt: '2026-11-21T12:00:00.000Z',
  unseen: true,
});
const cancelled = priceAlert({
  id: 3,
  eventName: 'Comet Parade',
  status: 'ended',
  endedReason: 'event_cancelled',
});

describe('PriceAlertList', () => {
  it('shows each alert with its show linked to the event page, its terms and status, and the matched ticket', async () => {
    const onSeen = vi.fn();
    const calls = serve([[active, matched, cancelled]]);
    renderAt(<PriceAlertList onMatchesSeen={onSeen} />, '/my-bids');
    const first = await screen.findByTestId('price-alert-1');
    expect(within(first).getByRole('link', { name: 'Aurora Skies' })).toHaveAttribute(
      'href',
      '/events/42-aurora-skies',
    );
    expect(within(first).getByText('2 tickets at $45.50 or less each')).toBeInTheDocument();
    expect(within(first).getByText(/Riverside Arena · Sat, May 1, 2027/)).toBeInTheDocument();
    expect(within(first).getByText(PRICE_ALERT_TEXT.statusActive)).toBeInTheDocument();
    const second = screen.getByTestId('price-alert-2');
    expect(within(second).getByRole('link', { name: 'Night Owls: Live!' })).toHaveAttribute(
      'href',
      '/events/43-night-owls-live',
    );
    expect(within(second).getByRole('link', { name: PRICE_ALERT_TEXT.viewTicket })).toHaveAttribute(
      'href',
      '/?ticket=88',
    );
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('price-alert-3')).getByText(PRICE_ALERT_TEXT.endedEventCancelled),
    ).toBeInTheDocument();
    // The unseen match is marked seen, and the page is told so it can clear the badge.
    await waitFor(() => expect(onSeen).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/price-alerts/seen',
    ]);
  });

  it('removes an active alert and says so', async () => {
    const calls = serve([[active]]);
    renderAt(<PriceAlertList onMatchesSeen={() => undefined} />, '/my-bids');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: PRICE_ALERT_TEXT.removeLabel('Aurora Skies') }),
    );
    expect(await screen.findByText(PRICE_ALERT_TEXT.removedTitle)).toBeInTheDocument();
    expect(
      await within(screen.getByTestId('price-alert-1')).findByText(PRICE_ALERT_TEXT.statusRemoved),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: PRICE_ALERT_TEXT.removeLabel('Aurora Skies') }),
    ).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/price-alerts/1')).toBe(true);
    // Nothing unseen, so nothing is marked.
    expect(calls.some((call) => call.url === '/api/price-alerts/seen')).toBe(false);
  });

  it('shows the server’s reason when a removal fails', async () => {
    serve([[active]], 1, 409);
    renderAt(<PriceAlertList onMatchesSeen={() => undefined} />, '/my-bids');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: PRICE_ALERT_TEXT.removeLabel('Aurora Skies') }),
    );
    expect(await screen.findByText(PRICE_ALERT_TEXT.notActive)).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    serve([[]], 0);
    renderAt(<PriceAlertList onMatchesSeen={() => undefined} />, '/my-bids');
    expect(await screen.findByText(PRICE_ALERT_TEXT.listEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages through more than one page of alerts', async () => {
    const firstPage = Array.from({ length: 10 }, (_, index) =>
      priceAlert({ id: 100 + index, eventName: `Show ${index}` }),
    );
    serve([firstPage, [priceAlert({ id: 200, eventName: 'Last Show' })]], 11);
    renderAt(<PriceAlertList onMatchesSeen={() => undefined} />, '/my-bids');
    const user = userEvent.setup();
    expect(await screen.findByText('1 / 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PRICE_ALERT_TEXT.nextPage }));
    expect(await screen.findByRole('link', { name: 'Last Show' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PRICE_ALERT_TEXT.nextPage })).toBeDisabled();
  });
});
