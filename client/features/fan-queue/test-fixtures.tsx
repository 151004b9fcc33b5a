import type { FanQueueEntry, FanQueueOffer, FanQueueShow } from '@common/schemas/fan-queue';

export const SIGNED_IN = {
  user: { id: 7, username: 'fan', email: 'fan@example.com', firstName: 'Ana', lastName: 'Fan', role: 'user' },
};

export function fanQueueOffer(overrides: Partial<FanQueueOffer> = {}): FanQueueOffer {
  return {
    id: 31,
    ticketId: 555,
    quantity: 2,
    priceCents: 4_250,
    status: 'open',
    createdAt: '2026-11-30T12:00:00.000Z',
    expiresAt: new Date(Date.now() + 9.5 * 60_000).toISOString(),
    purchaseId: null,
    ...overrides,
  };
}

export function fanQueueEntry(overrides: Partial<FanQueueEntry> = {}): FanQueueEntry {
  return {
    id: 11,
    eventId: 42,
    eventName: 'Aurora Skies',
    eventDate: '2027-05-01',
    venue: 'Riverside Arena',
    quantity: 2,
    maxPriceCents: 4_550,
    card: null,
    status: 'waiting',
    position: 14,
    joinedAt: '2026-11-29T10:00:00.000Z',
    offer: null,
    history: [],
    endedReason: null,
    ...overrides,
  };
}

export function fanQueueShow(overrides: Partial<FanQueueShow> = {}): FanQueueShow {
  return {
    eventId: 42,
    open: true,
    waiting: 120,
    throughQueueTickets: 0,
    referencePriceCents: 13_500,
    maxQuantity: 6,
    mine: null,
    ...overrides,
  };
}
