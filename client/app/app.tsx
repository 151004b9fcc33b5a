import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { preloadVisitorPage } from './home-route';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(() => {
    void preloadVisitorPage(window.location.pathname);
    return createBrowserRouter(appRoutes);
  });
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
