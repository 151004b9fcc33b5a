import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * For component tests: renders `element` at `path` (its route `pattern`, the path without its query by
 * default) with a query client, the toaster, and a catch-all route for links followed.
 */
export function renderAt(element: ReactNode, path: string, pattern = path.split('?')[0] ?? path) {
  const router = createMemoryRouter(
    [
      {
        path: pattern,
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
