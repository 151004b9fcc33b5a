import { render, screen } from '@testing-library/react';
import { MemoryRouter, type RouteObject, useRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadFirstPage } from './first-page';
import { lazyPage } from './lazy-page';
import type { RouteHandle } from './route-title';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

describe('loadFirstPage', () => {
  it("loads the code of the pages the address matches, leaves the others' unloaded, and the page then renders at once", async () => {
    const loaded: string[] = [];
    const route = (path: string): RouteObject => {
      const { Page, preload } = lazyPage(async () => {
        loaded.push(path);
        return () => <h1>{path}</h1>;
      });
      const handle: RouteHandle = { preload };
      return { path, element: <Page />, handle };
    };
    const routes = [{ path: '/', children: [route('login'), route('terms')] }];

    await loadFirstPage(routes, '/login');

    expect(loaded).toEqual(['login']);
    // No Suspense boundary around it: a page still loading would leave the screen empty.
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes routes={routes} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'login' })).toBeInTheDocument();
  });
});
