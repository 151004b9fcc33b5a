import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AppRouter } from './app-router';
import { preloadVisitorPage } from './home-route';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  // Started with the app, beside the session request rather than after it.
  useState(() => preloadVisitorPage(window.location.pathname));
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </AppProviders>
  );
}
