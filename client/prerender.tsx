// Build-time only (scripts/prerender.ts): renders the pages a visitor lands on to HTML, in Node.
import './lib/zod-jitless';
import { renderToReadableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { loadFirstPage } from './app/first-page';
import { AppProviders } from './app/providers';
import { documentTitle, matchedHandles, titleOfMatches } from './app/route-title';
import { AppRoutes, appRoutes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { currentUserQueryOptions } from './lib/session';

export interface PrerenderedPage {
  /** The document's title, as RouteAnnouncer sets it once the app runs. */
  title: string;
  /** What the app renders into #root for a visitor, before any data arrives. */
  html: string;
}

/** The page at `pathname` as a visitor's first render shows it: no session, data still loading. */
export async function prerenderPage(pathname: string): Promise<PrerenderedPage> {
  const handles = matchedHandles(appRoutes, pathname);
  if (handles.length === 0) throw new Error(`${pathname} is not a page`);
  // As the browser does before it hydrates the page (main.tsx).
  await loadFirstPage(appRoutes, pathname);
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);
  const app = (
    <AppProviders queryClient={queryClient}>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );
  // The whole page, lazy parts included: the stream is read once everything has rendered. A part that
  // failed would be left to the browser to render, so it fails the build instead.
  const errors: unknown[] = [];
  const stream = await renderToReadableStream(app, { onError: (error) => void errors.push(error) });
  await stream.allReady;
  if (errors.length > 0) throw new Error(`${pathname} did not render`, { cause: errors[0] });
  const html = await new Response(stream).text();
  return { title: documentTitle(titleOfMatches(handles, '')), html };
}
