import type { PayoutItem, PayoutsResponse } from '@common/schemas/payouts';

export function payoutItem(overrides: Partial<PayoutItem> = {}): PayoutItem {
  return {
    orderId: 11,
    ticketId: 7,
    eventName: 'Luna Ray Live',
    eventDate: '2030-05-01',
    amount: 183.3,
    status: 'scheduled',
    // The venue's midnight three days after the event (New York, daylight saving time).
    dueAt: '2030-05-04T04:00:00.000Z',
    timeZone: 'America/New_York',
    paidAt: null,
    ...overrides,
  };
}

export function payoutsResponse(overrides: Partial<PayoutsResponse> = {}): PayoutsResponse {
  const payouts = overrides.payouts ?? [payoutItem()];
  return {
    account: { required: false, connected: false },
    summary: {
      pendingAmount: 183.3,
      paidAmount: 0,
      nextPayoutAt: '2030-05-04T04:00:00.000Z',
      nextPayoutTimeZone: 'America/New_York',
    },
    payouts,
    page: 1,
    pageSize: 100,
    total: payouts.length,
    ...overrides,
  };
}
