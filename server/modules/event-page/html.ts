import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EventPageFilters, eventPageQueryKey, filtersFromSearch } from '../../../common/event-page.js';
import { parseEventSegment } from '../../../common/event-path.js';
import { priceStoryQueryKey } from '../../../common/price-story.js';
import type { EventPage } from '../../../common/schemas/event-page.js';
import type { PriceStory } from '../../../common/schemas/price-story.js';
import { QUERY_DATA_ELEMENT_ID } from '../../../common/start-app-script.js';
import { EVENT_PAGES_SURROGATE_KEY, showSurrogateKey } from '../../adapters/cdn/cdn.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import { builtFile } from '../../lib/built-file.js';
import type { Clock } from '../../lib/clock.js';
import { acceptedEncoding, COMPRESS_THRESHOLD_BYTES } from '../../lib/encoded-json.js';
import {
  disableControlsUntilApp,
  EVENT_PAGE_ROOT_SLOT,
  EVENT_PAGE_TEMPLATE,
  PAGE_RENDERER_MODULE,
} from '../../lib/prerendered-pages.js';
import { priceStory } from '../price-story/service.js';
import { escapeScriptJson, withHeadTags } from './document.js';
import { RenderedPage, RenderedPages, showVersionsReader } from './rendered-pages.js';
import { eventPageLoader } from './service.js';

/** The client's renderer of a page for a visitor (client/prerender.tsx), built for Node beside the app. */
interface PageRenderer {
  prerenderPage(
    location: string,
    queryData: [readonly unknown[], unknown][],
  ): Promise<{ title: string; html: string }>;
}

/**
 * A visitor's page is read again after this even when no change counter moved (decision 0089): a change
 * to the show shows within it whatever made it.
 */
export const EVENT_HTML_RECHECK_MS = 500;
/**
 * The change counters are read at most this often (decision 0089): a new listing, a sale or a price change
 * shows on a visitor's page within this and one read, well inside issue 45's second.
 */
export const EVENT_HTML_COUNTERS_MS = 100;
/**
 * Rendered pages kept, by count and by bytes: a page is 80 KB of HTML or more (about 285 KB with 50
 * listings) before its compressed copies.
 */
const EVENT_HTML_PAGES = 500;
const EVENT_HTML_BYTES = 64 * 1024 * 1024;

/**
 * What shared caches may do with a visitor's page (decision 0090): browsers check it on every use (their
 * ETag makes that a 304), a CDN keeps it 5 s and serves it stale while it revalidates for 30 s more, or for
 * 5 minutes while the app is down; the app purges a show's pages when the show changes.
 */
export const VISITOR_CACHE_CONTROL =
  'public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=300';
/** A member's page depends on who they are: no shared cache keeps it, and the browser asks every time. */
export const MEMBER_CACHE_CONTROL = 'private, no-cache';

/** What a visitor's page is rendered from: the show's page and its price story, each serialised once. */
interface VisitorData {
  page: EventPage;
  story: PriceStory;
  pageJson: string;
  storyJson: string;
}

export interface EventPageHtmlOptions {
  db: Db;
  clock: Clock;
  clientDir: string;
  appUrl: string;
  /** Whether the request comes from a signed-in member, whose pages the app renders itself. */
  signedIn: (cookies: Record<string, string | undefined>) => boolean;
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
  const pages = new RenderedPages({
    clock,
    versions: showVersionsReader(db, clock, EVENT_HTML_COUNTERS_MS),
    maxPages: EVENT_HTML_PAGES,
    maxBytes: EVENT_HTML_BYTES,
    recheckMs: EVENT_HTML_RECHECK_MS,
  });

  /**
   * Sends `page` in the coding the client accepts (compressed once per page); with `validated`, its ETag,
   * and 304 to a client that has it already.
   */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    page: RenderedPage,
    validated = false,
  ) {
    const encoding =
      page.body.length < COMPRESS_THRESHOLD_BYTES
        ? null
        : acceptedEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding, cookie');
    if (validated) {
      reply.header('etag', page.etag(encoding));
      if (page.matches(request.headers['if-none-match'])) return reply.code(304).send();
    }
    reply.code(status).header('content-type', 'text/html; charset=utf-8');
    if (!encoding) return reply.send(page.body);
    return reply.header('content-encoding', encoding).send(await page.copy(encoding));
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply.header('cache-control', 'no-cache'), 404, new RenderedPage(shell() ?? ''));

  /**
   * The page a visitor sees, its price story's sentence included (issue 45), with its data and price story
   * in the page for the app, from the one serialisation of each that the page's hash was taken of.
   */
  async function visitorPage(location: string, data: VisitorData, filters: EventPageFilters) {
    const { page, story } = data;
    const filled = template();
    if (!filled) return withHeadTags(shell() ?? '', page, appUrl);
    const pageKey = eventPageQueryKey(page.event.id, filters);
    const storyKey = priceStoryQueryKey(page.event.id);
    const { prerenderPage } = await loadRenderer();
    const { html } = await prerenderPage(location, [
      [pageKey, page],
      [storyKey, story],
    ]);
    const entries = `[[${JSON.stringify(pageKey)},${data.pageJson}],[${JSON.stringify(storyKey)},${data.storyJson}]]`;
    const queryData = `<script type="application/json" id="${QUERY_DATA_ELEMENT_ID}">${escapeScriptJson(entries)}</script>`;
    return withHeadTags(filled, page, appUrl).replace(
      EVENT_PAGE_ROOT_SLOT,
      () => `${disableControlsUntilApp(html)}${queryData}`,
    );
  }

  /** The show's data for `segment`, or NotFound; a segment with an old or missing slug asks for a redirect. */
  async function readPage(segment: string, id: number, filters: EventPageFilters, search: string) {
    const page = await loadEventPage(id, filters, clock.now());
    if (segment !== page.event.path.slice('/events/'.length))
      return { page, redirect: `${page.event.path}${search}` };
    return { page, redirect: null };
  }

  app.get<{ Params: { segment: string } }>(
    '/events/:segment',
    // Compressed here, once per rendered page, rather than by @fastify/compress on every request.
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const { segment } = request.params;
      const parsed = parseEventSegment(segment);
      if (!parsed) return notFound(request, reply);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      // Filters the address keeps (a shared link), read as the app reads them: a bad one is left out.
      const filters = filtersFromSearch(new URLSearchParams(search));
      if (options.signedIn(request.cookies)) {
        let read: Awaited<ReturnType<typeof readPage>>;
        try {
          read = await readPage(segment, parsed.id, filters, search);
        } catch (error) {
          if (error instanceof NotFound) return notFound(request, reply);
          throw error;
        }
        if (read.redirect) return reply.redirect(read.redirect, 301);
        reply.header('cache-control', MEMBER_CACHE_CONTROL);
        return sendPage(
          request,
          reply,
          200,
          new RenderedPage(withHeadTags(shell() ?? '', read.page, appUrl)),
        );
      }
      const location = `/events/${segment}${search}`;
      const answer = await pages.get(location, async () => {
        try {
          const [{ page, redirect }, story] = await Promise.all([
            readPage(segment, parsed.id, filters, search),
            priceStory(db, parsed.id, clock.now()),
          ]);
          if (redirect) return { otherwise: { redirect } };
          const data = { page, story, pageJson: JSON.stringify(page), storyJson: JSON.stringify(story) };
          return {
            eventId: page.event.id,
            json: `${data.pageJson}\n${data.storyJson}`,
            build: String(template.builtAt()),
            render: () => visitorPage(location, data, filters),
          };
        } catch (error) {
          if (error instanceof NotFound) return { otherwise: null };
          throw error;
        }
      });
      if ('otherwise' in answer) {
        if (answer.otherwise) return reply.redirect(answer.otherwise.redirect, 301);
        return notFound(request, reply);
      }
      const keys = [showSurrogateKey(answer.eventId), EVENT_PAGES_SURROGATE_KEY];
      reply
        .header('cache-control', VISITOR_CACHE_CONTROL)
        .header('surrogate-key', keys.join(' '))
        .header('cache-tag', keys.join(','));
      return sendPage(request, reply, 200, answer.rendered, true);
    },
  );
}
