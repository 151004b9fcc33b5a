import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PAYOUT_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayoutsPanel } from './payouts-panel';
import { payoutItem, payoutsResponse } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPanel() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PayoutsPanel />
    </QueryClientProvider>,
  );
}

describe('PayoutsPanel', () => {
  it('shows pending and paid totals, the next payment date (the venue’s day) and each sale', async () => {
    fakeApi(() =>
      json(
        200,
        payoutsResponse({
          // Midnight of May 4 in Auckland is still May 3 in UTC and in the Americas.
          summary: {
            pendingAmount: 183.3,
            paidAmount: 50,
            nextPayoutAt: '2030-05-03T12:00:00.000Z',
            nextPayoutTimeZone: 'Pacific/Auckland',
          },
          payouts: [
            payoutItem(),
            payoutItem({
              orderId: 3,
              eventName: 'Night Drive',
              status: 'paid',
              paidAt: '2030-04-02T12:00:00.000Z',
              amount: 50,
            }),
          ],
        }),
      ),
    );
    renderPanel();
    const pending = (await screen.findByText(PAYOUT_TEXT.pendingLabel)).parentElement as HTMLElement;
    expect(within(pending).getByText('$183.30')).toBeVisible();
    const paid = screen.getByText(PAYOUT_TEXT.paidLabel).parentElement as HTMLElement;
    expect(within(paid).getByText('$50.00')).toBeVisible();
    const next = screen.getByText(PAYOUT_TEXT.nextPaymentLabel).parentElement as HTMLElement;
    expect(within(next).getByText('May 4, 2030')).toBeVisible();
    const list = screen.getByRole('list', { name: PAYOUT_TEXT.panelTitle });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Night Drive')).toBeVisible();
    expect(within(list).getByText(PAYOUT_TEXT.status.paid)).toBeVisible();
  });

  it('tells a Stripe seller without an account that payouts wait, and opens onboarding', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = fakeApi((call) =>
      call.url === '/api/payouts/onboarding'
        ? json(200, { url: 'https://connect.stripe.com/setup/e/acct_1/x' })
        : json(200, payoutsResponse({ account: { required: true, connected: false } })),
    );
    renderPanel();
    expect(await screen.findByText(PAYOUT_TEXT.connectNeeded)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: PAYOUT_TEXT.connectButton }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/x'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/api/payouts/onboarding' });
  });

  it('says when the account is connected, and when nothing was sold yet', async () => {
    fakeApi(() =>
      json(
        200,
        payoutsResponse({
          account: { required: true, connected: true },
          summary: { pendingAmount: 0, paidAmount: 0, nextPayoutAt: null, nextPayoutTimeZone: null },
          payouts: [],
        }),
      ),
    );
    renderPanel();
    expect(await screen.findByText(PAYOUT_TEXT.connected)).toBeVisible();
    expect(screen.getByRole('button', { name: PAYOUT_TEXT.continueButton })).toBeEnabled();
    expect(screen.getByText(PAYOUT_TEXT.noPayouts)).toBeVisible();
    expect(screen.getByText(PAYOUT_TEXT.noNextPayment)).toBeVisible();
  });

  it('pages through many sales', async () => {
    const calls = fakeApi((call) =>
      json(200, payoutsResponse({ total: 25, page: call.url.includes('page=2') ? 2 : 1, pageSize: 10 })),
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: PAYOUT_TEXT.next }));
    expect(await screen.findByText('2 / 3')).toBeVisible();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/payouts?page=1&pageSize=10',
      '/api/payouts?page=2&pageSize=10',
    ]);
    expect(screen.getByRole('button', { name: PAYOUT_TEXT.previous })).toBeEnabled();
  });

  it('shows an error when the payouts cannot be loaded', async () => {
    fakeApi(() => json(500, { message: 'boom' }));
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYOUT_TEXT.loadError);
  });
});
