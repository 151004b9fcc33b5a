import { renderToString } from 'react-dom/server';
import { matchRoutes, Outlet, type RouteObject, StaticRouter, useRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchedBranch } from './route-title';
import { appRoutes } from './routes';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

const layout = (name: string, children: RouteObject[]): RouteObject => ({
  path: name === 'root' ? '/' : name,
  element: (
    <section data-name={name}>
      <Outlet />
    </section>
  ),
  children,
});
const leaf = (path: string): RouteObject => ({ path, element: <p>{path}</p> });
const index: RouteObject = { index: true, element: <p>index</p> };
const routes = [layout('root', [index, leaf('login'), layout('events', [index, leaf(':id')]), leaf('*')])];

describe('matchedBranch', () => {
  it.each(['/', '/login', '/events', '/events/12-a-show', '/no/such/page'])(
    'renders %s as the whole tree does, from that one branch',
    (pathname) => {
      const branch = matchedBranch(routes, pathname);
      const rendered = (tree: RouteObject[]) =>
        renderToString(
          <StaticRouter location={pathname}>
            <Routes routes={tree} />
          </StaticRouter>,
        );
      expect(rendered(branch)).toBe(rendered(routes));
      let level: RouteObject[] | undefined = branch;
      while (level) {
        expect(level).toHaveLength(1);
        level = level[0]?.children;
      }
    },
  );

  it("keeps the app's own routes' handles for an event page", () => {
    const pathname = '/events/12-a-show';
    const handles = (tree: RouteObject[]) => matchRoutes(tree, pathname)?.map((match) => match.route.handle);
    expect(handles(matchedBranch(appRoutes, pathname))).toEqual(handles(appRoutes));
  });

  it.each([
    '/',
    '/home',
    '/HOME',
    '/events/12-a-show',
    '/Events/12-a-show',
    '/%65vents/12-a-show',
    '/events',
    '/listing',
    '/admin',
    '/ambsd',
    '/verify-email/abc',
    '/sandbox/checkout/cs_1',
    '/sandbox/onboarding/acct_1',
    '/no/such/page',
    '/home/extra',
  ])("matches %s to the same routes of the app's table as the whole table does", (pathname) => {
    const matched = (tree: RouteObject[]) =>
      matchRoutes(tree, pathname)?.map((match) => [match.route.path, match.route.index, match.route.handle]);
    expect(matched(matchedBranch(appRoutes, pathname))).toEqual(matched(appRoutes));
  });
});
