import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { preloadVisitorPage } from './home-route';
import { AppProviders } from './providers';
import { appRoutes } from './routes';

export function App() {
  const [router] = useState(() => {
    preloadVisitorPage(window.location.pathname);
    return createBrowserRouter(appRoutes);
  });
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
