import type { RouteObject } from 'react-router';
import { preloadVisitorPage } from './home-route';
import { matchedHandles, type RouteHandle } from './route-title';

/**
 * Loads the code of the page at `pathname` before the app's first render, so that the app hydrates a
 * prerendered page with the same page rather than with a spinner.
 */
export async function loadFirstPage(routes: RouteObject[], pathname: string): Promise<void> {
  const handles = matchedHandles(routes, pathname).map((match) => match.handle as RouteHandle | undefined);
  await Promise.all([preloadVisitorPage(pathname), ...handles.map((handle) => handle?.preload?.())]);
}
