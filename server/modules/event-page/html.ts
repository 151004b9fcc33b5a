import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type EventPageFilters, eventPageQueryKey, filtersFromSearch } from '../../../common/event-page.js';
import { parseEventSegment } from '../../../common/event-path.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import { QUERY_DATA_ELEMENT_ID } from '../../../common/start-app-script.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import {
  disableControlsUntilApp,
  EVENT_PAGE_ROOT_SLOT,
  EVENT_PAGE_TEMPLATE,
  PAGE_RENDERER_MODULE,
} from '../../lib/prerendered-pages.js';
import { SharedAnswers } from '../../lib/shared-answers.js';
import { scriptJson, withHeadTags } from './document.js';
import { eventPageLoader } from './service.js';

/** The client's renderer of a page for a visitor (client/prerender.tsx), built for Node beside the app. */
interface PageRenderer {
  prerenderPage(
    location: string,
    queryData: [readonly unknown[], unknown][],
  ): Promise<{ title: string; html: string }>;
}

/** A rendered page is shared this long: a burst of visitors from one link costs one render. */
export const EVENT_HTML_SHARED_MS = 10_000;
const EVENT_HTML_SHARED_PAGES = 500;

export interface EventPageHtmlOptions {
  db: Db;
  clock: Clock;
  clientDir: string;
  appUrl: string;
  /** Whether the request comes from a signed-in member, whose pages the app renders itself. */
  signedIn: (cookies: Record<string, string | undefined>) => boolean;
}

/** A built file read again only when the build replaced it. */
function builtFile(file: string) {
  let cached: { mtimeMs: number; text: string } | null = null;
  return (): string | null => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
}

/**
 * `GET /events/:idAndSlug` (decision 0058): a show's page as real HTML, rendered on request. A visitor
 * (no session cookie: people arriving from a search engine, a shared link, a link preview) gets the page
 * the app would render, with its data in the page for the app to take over, and head tags that name the
 * show; a member gets the app's shell with the same head tags. An old or missing slug is redirected.
 */
export async function eventPageHtmlRoutes(app: FastifyInstance, options: EventPageHtmlOptions) {
  const { db, clock, clientDir, appUrl } = options;
  const loadEventPage = eventPageLoader(db);
  const template = builtFile(path.join(clientDir, EVENT_PAGE_TEMPLATE));
  const shell = builtFile(path.join(clientDir, 'index.html'));
  const rendererFile = path.join(clientDir, PAGE_RENDERER_MODULE);
  let renderer: Promise<PageRenderer> | null = null;
  const loadRenderer = () => {
    renderer ??= import(pathToFileURL(rendererFile).href) as Promise<PageRenderer>;
    return renderer;
  };
  const rendered = new SharedAnswers<string>({
    ttlMs: EVENT_HTML_SHARED_MS,
    maxEntries: EVENT_HTML_SHARED_PAGES,
    clock,
  });

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .send(html);

  const notFound = (reply: FastifyReply) => sendHtml(reply, 404, shell() ?? '');

  async function visitorPage(location: string, page: EventPage, filters: EventPageFilters): Promise<string> {
    const filled = template();
    if (!filled) return withHeadTags(shell() ?? '', page, appUrl);
    const { prerenderPage } = await loadRenderer();
    const { html } = await prerenderPage(location, [[eventPageQueryKey(page.event.id, filters), page]]);
    const data = `<script type="application/json" id="${QUERY_DATA_ELEMENT_ID}">${scriptJson([
      [eventPageQueryKey(page.event.id, filters), page],
    ])}</script>`;
    return withHeadTags(filled, page, appUrl).replace(
      EVENT_PAGE_ROOT_SLOT,
      () => `${disableControlsUntilApp(html)}${data}`,
    );
  }

  app.get<{ Params: { segment: string } }>(
    '/events/:segment',
    { schema: { hide: true } },
    async (request, reply) => {
      const parsed = parseEventSegment(request.params.segment);
      if (!parsed) return notFound(reply);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      // Filters the address keeps (a shared link), read as the app reads them: a bad one is left out.
      const filters = filtersFromSearch(new URLSearchParams(search));
      let page: EventPage;
      try {
        page = await loadEventPage(parsed.id, filters, clock.now());
      } catch (error) {
        if (error instanceof NotFound) return notFound(reply);
        throw error;
      }
      if (request.params.segment !== page.event.path.slice('/events/'.length)) {
        return reply.redirect(`${page.event.path}${search}`, 301);
      }
      if (options.signedIn(request.cookies)) {
        return sendHtml(reply, 200, withHeadTags(shell() ?? '', page, appUrl));
      }
      const location = `${page.event.path}${search}`;
      // Keyed by what the page shows, so a shared render is never older than its data.
      const key = `${location}\n${createHash('sha256').update(JSON.stringify(page)).digest('base64')}`;
      return sendHtml(reply, 200, await rendered.get(key, () => visitorPage(location, page, filters)));
    },
  );
}
