import type { MyTicket, MyTicketsPage } from '@common/schemas/my-tickets';
import type { CurrentUser } from '@common/schemas/users';

/** A My Tickets card as the API sends it; override what a test is about. */
export function myTicket(overrides: Partial<MyTicket> = {}): MyTicket {
  return {
    id: 7,
    version: 1,
    eventName: 'Aurora Skies',
    eventPath: '/events/3-aurora-skies',
    eventDate: '2025-01-05',
    daysCount: 1,
    timeZone: 'America/New_York',
    showTime: null,
    section: '101',
    row: 'C',
    seats: '4, 5',
    quantity: 2,
    faceValue: 80,
    serviceFee: 12.5,
    markup: 10,
    listingPrice: 101.75,
    totalPaid: null,
    sellerId: 1,
    buyerId: null,
    seller: { id: 1, username: 'maya' },
    buyer: null,
    buyerContactName: null,
    sold: false,
    listingState: 'active',
    transferStatus: 'not_started',
    transferComplete: false,
    ticketType: 'digital',
    platform: 'ticketmaster',
    barcodeCloudinaryUrl: null,
    barcodeCloudinaryPublicId: null,
    artist: { name: 'Aurora', image: null },
    role: 'seller',
    disputedAt: null,
    disputeSource: null,
    refunded: false,
    refundCause: null,
    findOtherTickets: null,
    refundRequestUntil: null,
    ...overrides,
  };
}

export function soldTo(overrides: Partial<MyTicket> = {}): MyTicket {
  return myTicket({
    sold: true,
    listingState: null,
    buyerId: 5,
    buyer: { id: 5, username: 'jordan' },
    totalPaid: 207.47,
    ...overrides,
  });
}

export function page(
  tab: MyTicketsPage['tab'],
  tickets: MyTicket[],
  extra: Partial<MyTicketsPage> = {},
): MyTicketsPage {
  return {
    tab,
    tickets,
    nextCursor: null,
    counts: { listings: 1, bought: 0, sold: 0, pending: 2 },
    sellerActionCount: 1,
    ...extra,
  };
}

/** The signed-in buyer of the fixtures (id 5), as GET /api/session answers. */
export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
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
    ...overrides,
  };
}
