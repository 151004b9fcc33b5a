import { matchRoutes, type RouteObject } from 'react-router';
import { preloadVisitorPage } from './home-route';

/**
 * Loads the code of the page at `pathname` before the app's first render, so that the app hydrates a
 * prerendered page with the same page rather than with a spinner. A lazy route keeps what its `lazy`
 * returned, as React Router advises for routes rendered on a server first.
 */
export async function loadFirstPage(routes: RouteObject[], pathname: string): Promise<void> {
  const lazyRoutes = (matchRoutes(routes, pathname) ?? []).map((match) => match.route);
  await Promise.all([
    preloadVisitorPage(pathname),
    ...lazyRoutes.map(async (route) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  ]);
}
