// Renders the pages a visitor lands on to HTML, in Node: at build time (scripts/prerender.ts), and on
// request for the pages whose data is in them (server/modules/event-page/html.ts).
import './lib/zod-jitless';
import type { UpcomingShow } from '@common/schemas/upcoming-shows';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { loadFirstPage } from './app/first-page';
import { AppProviders } from './app/providers';
import { documentTitle, matchedBranch, matchedHandles, titleOfMatches } from './app/route-title';
import { AppRoutes, appRoutes } from './app/routes';
import { UpcomingShowsList } from './features/show-finder/upcoming-shows';
import { createQueryClient } from './lib/query-client';
import { currentUserQueryOptions } from './lib/session';

/** The whole page as static HTML. A part that failed would be left to the browser to render: it fails here. */
async function renderStatic(app: ReactNode, location: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(app, {
    onError: (error) => void errors.push(error),
    // React outlines a large Suspense boundary's content as a hidden segment that an inline script moves
    // into place, for an earlier first paint while streaming. Here nothing streams, and the
    // Content-Security-Policy would block that script: every boundary stays where it is.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`${location} did not render`, { cause: errors[0] });
  return html;
}

export interface PrerenderedPage {
  /** The document's title, as RouteAnnouncer sets it once the app runs. */
  title: string;
  /** What the app renders into #root for a visitor, before any data arrives. */
  html: string;
}

/**
 * The page at `location` (a path and its query) as a visitor's first render shows it: no session, and
 * the data in `queryData` already there (the rest still loading).
 */
export async function prerenderPage(
  location: string,
  queryData: [readonly unknown[], unknown][] = [],
): Promise<PrerenderedPage> {
  const pathname = location.split('?')[0] ?? location;
  // The routes matched once: every later match (the router's, the title's, the code's) is of this branch.
  const routes = matchedBranch(appRoutes, pathname);
  const handles = matchedHandles(routes, pathname);
  if (handles.length === 0) throw new Error(`${pathname} is not a page`);
  // As the browser does before it hydrates the page (main.tsx).
  await loadFirstPage(routes, pathname);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  for (const [queryKey, data] of queryData) queryClient.setQueryData(queryKey, data);
  const app = (
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={location}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </AppProviders>
  );
  const html = await renderStatic(app, location);
  return { title: documentTitle(titleOfMatches(handles, '')), html };
}

/**
 * The upcoming shows' list of / and /home as the app renders it with `shows` (undefined: as the build
 * prerendered it, before any data). The server swaps one for the other in a visitor's page (decision 0092).
 */
export function renderUpcomingShows(shows: UpcomingShow[] | undefined): string {
  return renderToString(
    <StaticRouter location="/">
      <UpcomingShowsList shows={shows} />
    </StaticRouter>,
  );
}
