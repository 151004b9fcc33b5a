import { APP_PATHS, isAppPath } from '@common/app-paths';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './routes';

/** Every address the route table has a page for, as '/a/b' (the catch-all '*' left out). */
function pathsOf(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : null;
    const children = route.children
      ? pathsOf(route.children, route.path ? `${parent}/${route.path}` : parent)
      : [];
    return [...(own && route.path !== '*' ? [own] : []), ...children];
  });
}

describe("the server's list of the app's addresses", () => {
  it('is the route table’s, so the server answers 404 exactly where the app shows its not-found page', () => {
    expect([...APP_PATHS].sort()).toEqual(pathsOf(appRoutes).sort());
  });

  it('matches as the router does: fixed segments in any case, one trailing slash, bounded parameters', () => {
    for (const address of [
      '/',
      '/login',
      '/LOGIN/',
      '/verify-email/abc',
      '/events/42-dj-solstice',
      '/events/42',
    ])
      expect(isAppPath(address), address).toBe(true);
    for (const address of [
      '/nothing',
      '/metrics',
      '/login/extra',
      `/verify-email/${'a'.repeat(201)}`,
      `/events/42-${'a'.repeat(81)}`,
      '/events/not-an-id',
      '/events/%E0%A4%A',
      '//login',
    ])
      expect(isAppPath(address), address).toBe(false);
  });
});
