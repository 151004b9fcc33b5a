import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { UpcomingShow } from '../../../common/schemas/upcoming-shows.js';
import { UPCOMING_SHOWS_QUERY_KEY } from '../../../common/show-finder.js';
import { QUERY_DATA_ELEMENT_ID } from '../../../common/start-app-script.js';
import { builtFile } from '../../lib/built-file.js';
import { PAGE_RENDERER_MODULE, prerenderedFileName } from '../../lib/prerendered-pages.js';
import { scriptJson } from '../event-page/document.js';

/** The pages that list the upcoming shows (client/features/show-finder). */
export const PAGES_WITH_SHOWS = ['/', '/home'] as const;

interface ShowsRenderer {
  renderUpcomingShows(shows: UpcomingShow[] | undefined): string;
}

/**
 * A visitor's / and /home with the upcoming shows in them (decision 0092). The build prerendered those
 * pages without data: the list's place holds its loading line. Here that place gets the list the app
 * renders with the shows (the client's own renderer, built for Node), and the page the shows, so the
 * app takes the list over as it is: crawlers and visitors without scripts follow plain links.
 * Null when the page cannot be filled (no build, a build without the list): the file is sent as it is.
 */
export function visitorPageFiller(clientDir: string) {
  const files = new Map(
    PAGES_WITH_SHOWS.map((page) => [page, builtFile(path.join(clientDir, prerenderedFileName(page)))]),
  );
  const rendererFile = path.join(clientDir, PAGE_RENDERER_MODULE);
  let renderer: Promise<ShowsRenderer> | null = null;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<ShowsRenderer>;
    renderer.catch(() => {
      renderer = null;
    });
    return renderer;
  };
  return async (pathname: string, shows: UpcomingShow[]): Promise<string | null> => {
    const page = files.get(pathname as (typeof PAGES_WITH_SHOWS)[number])?.();
    if (!page) return null;
    const { renderUpcomingShows } = await loadRenderer();
    if (typeof renderUpcomingShows !== 'function') return null;
    const empty = renderUpcomingShows(undefined);
    if (!page.includes(empty)) return null;
    const data = `<script type="application/json" id="${QUERY_DATA_ELEMENT_ID}">${scriptJson([
      [UPCOMING_SHOWS_QUERY_KEY, shows],
    ])}</script>`;
    return page.replace(empty, () => `${renderUpcomingShows(shows)}${data}`);
  };
}
