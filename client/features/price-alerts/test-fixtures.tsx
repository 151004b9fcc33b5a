import type { PriceAlert } from '@common/schemas/price-alerts';

export function priceAlert(overrides: Partial<PriceAlert> = {}): PriceAlert {
  return {
    id: 1,
    eventId: 42,
    eventName: 'Aurora Skies',
    eventDate: '2027-05-01',
    venue: 'Riverside Arena',
    quantity: 2,
    maxPrice: 45.5,
    status: 'active',
    endedReason: null,
    matchedTicketId: null,
    matchedAt: null,
    unseen: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

export const SIGNED_IN = {
  user: { id: 7, username: 'fan', email: 'fan@example.com', firstName: 'Ana', lastName: 'Fan', role: 'user' },
};
