import { useEffect, useRef, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation } from 'react-router';

export const SITE_NAME = 'Encore';

/**
 * What a route entry in routes.tsx may carry in its `handle`: the page's title, plain or worked
 * out from the address's query (e.g. '/listing?edit=ID' is 'Edit Ticket').
 */
export interface RouteHandle {
  title?: string | ((search: URLSearchParams) => string);
  /** The page names itself once it knows what it shows (an event page): no title from the route. */
  titledByPage?: true;
  /** Loads the page's code ahead of its first render (see lazy-page.tsx). */
  preload?: () => Promise<unknown>;
}

/** The title of the deepest matched route that names one, or null: `matches` run from the root down. */
export function titleOfMatches(matches: readonly { handle?: unknown }[], search: string): string | null {
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'string') return title;
    if (typeof title === 'function') return title(new URLSearchParams(search));
  }
  return null;
}

/** A route's first path segment when it is plain text (no parameter, splat or optional part), lower-cased. */
function staticFirstSegment(route: RouteObject): string | null {
  const [first = ''] = (route.path ?? '').replace(/^\//, '').split('/');
  return first === '' || /[:*?]/.test(first) ? null : first.toLowerCase();
}

/** A layout without a path, or the root's '/': its children match from where it starts. */
const consumesNoSegment = (route: RouteObject) => !route.path || route.path === '/';

/**
 * `routes` without the routes that cannot match an address whose first segment is `segment`: those whose
 * path begins with other plain text. What is left ranks as it did (a branch's score does not depend on its
 * siblings), so it matches what `routes` matches.
 */
function routesThatMayMatch(routes: RouteObject[], segment: string): RouteObject[] {
  return routes.flatMap((route) => {
    if (consumesNoSegment(route) && route.children)
      return [{ ...route, children: routesThatMayMatch(route.children, segment) } as RouteObject];
    const first = staticFirstSegment(route);
    return first === null || first === segment ? [route] : [];
  });
}

/** The plain first segments of `routes`' paths, through the routes that consume none. */
function firstSegments(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => {
    const first = staticFirstSegment(route);
    if (first !== null) return [first];
    return consumesNoSegment(route) && route.children ? firstSegments(route.children) : [];
  });
}

const prunedByTree = new WeakMap<RouteObject[], Map<string, RouteObject[]>>();

/**
 * The part of `routes` that may match `pathname`, worked out once per first segment: matching the app's
 * whole table flattened and ranked every route for every page the server rendered (a tenth of a show
 * page's time). Every first segment that no path begins with shares the tree of '' (the routes with no
 * plain first segment). An encoded first segment gets the whole table: the router decodes it first.
 */
function routesFor(routes: RouteObject[], pathname: string): RouteObject[] {
  const [, first = ''] = pathname.split('/');
  if (first.includes('%')) return routes;
  let pruned = prunedByTree.get(routes);
  if (!pruned) {
    pruned = new Map(
      ['', ...new Set(firstSegments(routes))].map((segment) => [
        segment,
        routesThatMayMatch(routes, segment),
      ]),
    );
    prunedByTree.set(routes, pruned);
  }
  return pruned.get(first.toLowerCase()) ?? pruned.get('') ?? routes;
}

/**
 * The routes of `routes` that `pathname` matches, from the root down, as a tree of that one branch: each
 * matched route with only the next one as its child. It renders the same page as `routes`.
 */
export function matchedBranch(routes: RouteObject[], pathname: string): RouteObject[] {
  return (matchRoutes(routesFor(routes, pathname), pathname) ?? []).reduceRight<RouteObject[]>(
    (children, { route }) => [
      { ...route, children: children.length > 0 ? children : undefined } as RouteObject,
    ],
    [],
  );
}

/** The handles of the routes of `routes` that `pathname` matches, from the root down. */
export function matchedHandles(routes: RouteObject[], pathname: string): { handle?: unknown }[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => ({ handle: match.route.handle }));
}

/** The current page's title among `routes` (see titleOfMatches). */
export function useRouteTitle(routes: RouteObject[]): string | null {
  const { pathname, search } = useLocation();
  return titleOfMatches(matchedHandles(routes, pathname), search);
}

/** 'List a Ticket · Encore', or just 'Encore' for a route without a title. */
export function documentTitle(title: string | null): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Keeps document.title in step with the route and tells screen readers about each route change
 * through a polite live region (the first page load is announced by the browser itself).
 */
export function RouteAnnouncer({ routes }: { routes: RouteObject[] }) {
  const title = useRouteTitle(routes);
  const { pathname, search } = useLocation();
  const [announcement, setAnnouncement] = useState('');
  const firstPage = useRef(true);

  // A route titled by its page (titledByPage) has none here: the page sets document.title itself.
  useEffect(() => {
    if (title !== null) document.title = documentTitle(title);
  }, [title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what is announced.
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    setAnnouncement(title === null ? '' : documentTitle(title));
  }, [pathname, search]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
