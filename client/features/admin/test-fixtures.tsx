import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import type { AdminStats, AdminTicket, AdminTransactionDetail, AdminUser } from '@common/schemas/admin';
import type { AdminEvent } from '@common/schemas/admin-money';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { SupportMessage } from './support-messages';

/** Renders `ui` with a query client and a router at `path` (the admin page keeps its tab in the address). */
export function renderWithClient(ui: ReactNode, path = '/admin') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={createQueryClient()}>
        {ui}
        <Toaster />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

export const page = <Row,>(rows: Row[], total = rows.length, totalIsEstimate = false) => ({
  rows,
  page: 1,
  pageSize: 25,
  total,
  totalIsEstimate,
});

export const adminUser = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 7,
  username: 'maya',
  email: 'maya@encore.test',
  role: 'user',
  createdAt: '2026-01-05T15:04:00.000Z',
  rewardPoints: 120,
  totalTicketsSold: 3,
  totalTicketsBought: 2,
  averageRating: null,
  suspended: false,
  closedAt: null,
  ...overrides,
});

export const adminTicket = (overrides: Partial<AdminTicket> = {}): AdminTicket => ({
  id: 41,
  version: 3,
  eventName: 'Luna Ray Live',
  eventDate: '2030-05-01',
  venue: 'Riverside Arena',
  section: '101',
  row: 'C',
  sellerId: 7,
  sellerName: 'maya',
  buyerId: null,
  buyerName: null,
  status: 'available',
  faceValue: 80,
  serviceFee: 12.5,
  markup: 10,
  listingPrice: 101.75,
  createdAt: '2026-02-01T10:00:00.000Z',
  ...overrides,
});

export const adminTransaction = (
  overrides: Partial<AdminTransactionDetail> = {},
): AdminTransactionDetail => ({
  id: 12,
  type: 'payment',
  eventName: 'Luna Ray Live',
  amount: 207.47,
  status: 'escrow',
  buyerId: 8,
  buyerName: 'jordan',
  sellerId: 7,
  sellerName: 'maya',
  createdAt: '2026-02-03T10:00:00.000Z',
  stripeSessionId: 'sbx_123',
  movements: [],
  ...overrides,
});

export const stats: AdminStats = {
  users: { total: 1234, newThisMonth: 12 },
  tickets: { available: 40, total: 95, sold: 30 },
  transactions: { totalAmount: 5120.5, amountThisMonth: 320, salesThisMonth: 4, completed: 21 },
  income: { total: 612.4, platformFees: 512.05, processingFees: 100.35 },
  reviews: { avgRating: 4.6, total: 18 },
};

export const supportMessage = (overrides: Partial<SupportMessage> = {}): SupportMessage => ({
  id: 5,
  userId: 8,
  username: 'jordan',
  topic: 'payment',
  message: 'I was charged twice for one ticket.',
  resolved: false,
  isFromAdmin: false,
  createdAt: '2026-02-04T10:00:00.000Z',
  ...overrides,
});

export const adminEvent = (overrides: Partial<AdminEvent> = {}): AdminEvent => ({
  id: 3,
  name: 'Harbor Lights Festival',
  venue: 'Pier 9',
  city: 'Portland',
  date: '2030-06-01',
  status: 'scheduled',
  statusReason: null,
  activeListings: 4,
  soldTickets: 5,
  refunds: null,
  ...overrides,
});

export const signedInAdmin = { user: { id: 1, username: 'admin', role: 'admin' } };
