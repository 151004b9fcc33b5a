import type { PayoutItem, PayoutsResponse } from '@common/schemas/payouts';

export function payoutItem(overrides: Partial<PayoutItem> = {}): PayoutItem {
  return {
    orderId: 11,
    ticketId: 7,
    eventName: 'Luna Ray Live',
    eventDate: '2030-05-01',
    amount: 183.3,
    status: 'scheduled',
    dueAt: '2030-05-04T00:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

export function payoutsResponse(overrides: Partial<PayoutsResponse> = {}): PayoutsResponse {
  const payouts = overrides.payouts ?? [payoutItem()];
  return {
    account: { required: false, connected: false },
    summary: { pendingAmount: 183.3, paidAmount: 0, nextPayoutAt: '2030-05-04T00:00:00.000Z' },
    payouts,
    page: 1,
    pageSize: 100,
    total: payouts.length,
    ...overrides,
  };
}
