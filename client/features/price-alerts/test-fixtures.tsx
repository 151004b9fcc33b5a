import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import type { PriceAlert } from '@common/schemas/price-alerts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders `element` at `path` with a query client, the toaster, and a catch-all route for links followed. */
export function renderAt(element: ReactNode, path: string) {
  const router = createMemoryRouter(
    [
      {
        path: path.split('?')[0] ?? path,
        element: (
          <>
            {element}
            <Toaster />
          </>
        ),
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

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
