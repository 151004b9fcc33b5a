import { createQueryClient } from '@client/lib/query-client';
import { fakeApi, json } from '@client/lib/test-fetch';
import { PAYOUT_TEXT } from '@common/messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SalePayout } from './sale-payout';
import { payoutItem, payoutsResponse } from './test-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCards(ticketIds: number[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {ticketIds.map((id) => (
        <SalePayout key={id} ticketId={id} saleState="not_started" />
      ))}
    </QueryClientProvider>,
  );
}

describe('SalePayout', () => {
  it('shows each card its sale from one shared request', async () => {
    const calls = fakeApi(() =>
      json(
        200,
        payoutsResponse({
          payouts: [
            // Due at the venue's midnight of May 4, which is still May 3 in UTC and in the Americas.
            payoutItem({ dueAt: '2030-05-03T12:00:00.000Z', timeZone: 'Pacific/Auckland' }),
            payoutItem({
              orderId: 12,
              ticketId: 8,
              status: 'paid',
              paidAt: '2030-05-04T01:00:00.000Z',
              amount: 50,
            }),
          ],
        }),
      ),
    );
    renderCards([7, 8]);
    expect(await screen.findByText(PAYOUT_TEXT.saleDue('$183.30', 'May 4, 2030'))).toBeVisible();
    expect(screen.getByText(PAYOUT_TEXT.status.scheduled)).toBeVisible();
    expect(screen.getByText(/^Paid \$50\.00 on May \d, 2030$/)).toBeVisible();
    expect(calls.map((call) => call.url)).toEqual(['/api/payouts?pageSize=100']);
  });

  it('shows a held or refunded sale by its status, with the amount', async () => {
    fakeApi(() =>
      json(
        200,
        payoutsResponse({
          payouts: [
            payoutItem({ status: 'on_hold' }),
            payoutItem({ orderId: 2, ticketId: 9, status: 'refunded', dueAt: null }),
          ],
        }),
      ),
    );
    renderCards([7, 9]);
    expect(await screen.findByText(PAYOUT_TEXT.status.on_hold)).toBeVisible();
    expect(screen.getByText(PAYOUT_TEXT.status.refunded)).toBeVisible();
    expect(screen.getAllByText('$183.30')).toHaveLength(2);
  });

  it('asks for a sale that is not on the shared page on its own', async () => {
    const calls = fakeApi((call) =>
      call.url.includes('ticketId=99')
        ? json(200, payoutsResponse({ payouts: [payoutItem({ ticketId: 99, status: 'needs_account' })] }))
        : json(200, payoutsResponse({ total: 150 })),
    );
    renderCards([99]);
    expect(await screen.findByText(PAYOUT_TEXT.status.needs_account)).toBeVisible();
    expect(calls.map((call) => call.url)).toEqual(['/api/payouts?pageSize=100', '/api/payouts?ticketId=99']);
  });

  it("reads the payout again when the card's sale moves on, so the chip follows Initiate Transfer", async () => {
    let status: 'awaiting_transfer' | 'awaiting_confirmation' = 'awaiting_transfer';
    fakeApi(() => json(200, payoutsResponse({ payouts: [payoutItem({ status })] })));
    const client = createQueryClient();
    const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;
    const { rerender } = render(wrap(<SalePayout ticketId={7} saleState="not_started|false||false" />));
    expect(await screen.findByText(PAYOUT_TEXT.status.awaiting_transfer)).toBeVisible();
    status = 'awaiting_confirmation';
    rerender(wrap(<SalePayout ticketId={7} saleState="initiated|false||false" />));
    expect(await screen.findByText(PAYOUT_TEXT.status.awaiting_confirmation)).toBeVisible();
    expect(screen.queryByText(PAYOUT_TEXT.status.awaiting_transfer)).toBeNull();
  });

  it('shows nothing for a ticket that has no sale of the viewer', async () => {
    const calls = fakeApi(() => json(200, payoutsResponse()));
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <SalePayout ticketId={42} saleState="not_started" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });
});
