import type { MarketplaceTicket } from '@common/schemas/marketplace';

/** A marketplace card as GET /api/tickets answers it to a signed-in user. */
export function marketTicket(overrides: Partial<MarketplaceTicket> = {}): MarketplaceTicket {
  return {
    id: 7,
    version: 2,
    eventId: 31,
    eventName: 'Aurora Skies',
    eventDate: '2027-05-01',
    description: 'Aurora Skies at Riverside Arena, Portland',
    venue: 'Riverside Arena',
    daysCount: 1,
    isMultiDay: false,
    section: '101',
    row: 'C',
    seats: '4, 5',
    quantity: 2,
    markup: 10,
    faceValue: 80,
    serviceFee: 12.5,
    listingPrice: 101.75,
    totalPrice: 203.5,
    buyerPaysPerTicket: 103.73,
    buyerPays: 207.47,
    sold: false,
    ticketType: 'digital',
    platform: 'axs',
    transferStatus: 'not_started',
    isBeingEdited: false,
    lockExpiresAt: null,
    currentViewerId: null,
    sellerId: 1,
    seller: { id: 1, username: 'maya', rating: 4.8, totalReviews: 12 },
    artist: { name: 'Aurora Skies', image: null, genres: ['indie pop'], url: 'https://example.com/aurora' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
