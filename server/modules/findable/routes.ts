import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type UpcomingShow, upcomingShowsResponseSchema } from '../../../common/schemas/upcoming-shows.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { SharedAnswers } from '../../lib/shared-answers.js';
import { eventPageLoader } from '../event-page/service.js';
import { concertSearchVersionReader } from '../events/concert-search.js';
import { previewCard, previewVersion } from './preview-card.js';
import { renderPreviewImage } from './preview-image.js';
import {
  eventSitemap,
  eventSitemapFiles,
  PAGES_SITEMAP_PATH,
  pagesSitemap,
  robotsTxt,
  SITEMAP_ADDRESSES_PER_FILE,
  sitemapIndex,
} from './sitemap.js';
import { upcomingShows } from './upcoming-shows.js';
import { visitorPageFiller } from './visitor-pages.js';

export interface FindableOptions {
  db: Db;
  clock: Clock;
  appUrl: string;
  /** The client build, whose / and /home get the upcoming shows; null when the app is not built. */
  clientDir: string | null;
  /** Addresses per sitemap file: the protocol's 50,000 unless a test makes files small. */
  sitemapAddressesPerFile?: number;
}

/** The upcoming shows are shared this long: a crowd on / costs one statement every few seconds. */
const UPCOMING_SHARED_MS = 5_000;
/** Crawlers may keep the sitemap this long, and a stale copy for an hour while they check again. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';
const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';
/** A preview at the address of its current card never changes; at another (an old link), a little. */
const PREVIEW_IMMUTABLE = 'public, max-age=31536000, immutable';
const PREVIEW_CURRENT = 'public, max-age=60, stale-while-revalidate=3600';
/** Rendered previews kept (about 60 KB each): the shows being shared right now. */
const PREVIEWS_KEPT = 200;
const PREVIEW_KEPT_MS = 60 * 60_000;
const SHOW_FILE = /^events-(\d{1,7})\.xml$/;
const EVENT_ID = /^\d{1,10}$/;
const HOUR_MS = 3_600_000;

/**
 * How visitors and crawlers find the shows (issue 45 item 4, decision 0092): the upcoming shows for /
 * and /home, robots.txt, the sitemap, and each show's link preview image.
 */
export function findable(options: FindableOptions) {
  const { db, clock, appUrl } = options;
  const perFile = options.sitemapAddressesPerFile ?? SITEMAP_ADDRESSES_PER_FILE;
  const readVersion = concertSearchVersionReader(db);
  const loadEventPage = eventPageLoader(db);
  const upcoming = new SharedAnswers<UpcomingShow[]>({ ttlMs: UPCOMING_SHARED_MS, maxEntries: 1, clock });
  const readUpcoming = () => upcoming.get('upcoming', () => upcomingShows(db, clock.now()));
  const fill = options.clientDir ? visitorPageFiller(options.clientDir) : null;
  const filled = new SharedAnswers<string | null>({ ttlMs: UPCOMING_SHARED_MS, maxEntries: 2, clock });
  const sitemapFiles = new SharedAnswers<number[]>({ ttlMs: HOUR_MS, maxEntries: 2, clock });
  // A crawler reads files one after another; the few asked at once are made once.
  const showFiles = new SharedAnswers<string>({ ttlMs: 60_000, maxEntries: 2, clock });
  const previews = new SharedAnswers<Buffer>({ ttlMs: PREVIEW_KEPT_MS, maxEntries: PREVIEWS_KEPT, clock });

  /**
   * The catalog's state the sitemap is made from: its change counter and the hour. Shows leave the sitemap
   * on the hour after their sale ends, so a file is the same all hour long unless the catalog changes.
   */
  async function sitemapState() {
    const hour = new Date(Math.floor(clock.now().getTime() / HOUR_MS) * HOUR_MS);
    const version = await readVersion();
    return { hour, etag: `"${version}.${hour.getTime() / HOUR_MS}.${perFile}"` };
  }

  const sendXml = (
    request: FastifyRequest,
    reply: FastifyReply,
    etag: string,
    xml: () => Promise<string>,
  ) => {
    reply.header('etag', etag).header('cache-control', SITEMAP_CACHE_CONTROL);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return xml().then((body) => reply.type('application/xml; charset=utf-8').send(body));
  };

  async function routes(instance: FastifyInstance) {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/concerts/upcoming',
      {
        schema: {
          tags: ['events'],
          summary: 'The soonest shows on sale, each with the address of its page',
          response: { 200: upcomingShowsResponseSchema },
        },
      },
      async () => ({ shows: await readUpcoming() }),
    );

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', ROBOTS_CACHE_CONTROL)
        .send(robotsTxt(appUrl)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
      const { hour, etag } = await sitemapState();
      return sendXml(request, reply, etag, async () =>
        sitemapIndex(appUrl, await sitemapFiles.get(etag, () => eventSitemapFiles(db, hour, perFile))),
      );
    });

    app.get<{ Params: { file: string } }>(
      '/sitemaps/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const { file } = request.params;
        const { hour, etag } = await sitemapState();
        if (`/sitemaps/${file}` === PAGES_SITEMAP_PATH) {
          return sendXml(request, reply, `"pages"`, async () => pagesSitemap(appUrl));
        }
        const number = Number(SHOW_FILE.exec(file)?.[1] ?? Number.NaN);
        if (!(number >= 1 && (number - 1) * perFile < 2_147_483_647)) {
          return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap');
        }
        return sendXml(request, reply, etag, () =>
          showFiles.get(`${etag}\n${number}`, () => eventSitemap(db, appUrl, number, perFile, hour)),
        );
      },
    );

    app.get<{ Params: { id: string }; Querystring: { v?: string } }>(
      '/events/:id/preview.png',
      { schema: { hide: true } },
      async (request, reply) => {
        const id = EVENT_ID.test(request.params.id) ? Number(request.params.id) : 0;
        const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('No such show');
        if (!(id >= 1 && id <= 2_147_483_647)) return notFound();
        let card: ReturnType<typeof previewCard>;
        try {
          card = previewCard(await loadEventPage(id, {}, clock.now()));
        } catch (error) {
          if (error instanceof NotFound) return notFound();
          throw error;
        }
        const version = previewVersion(card);
        const etag = `"${version}"`;
        reply
          .header('etag', etag)
          .header('cache-control', request.query.v === version ? PREVIEW_IMMUTABLE : PREVIEW_CURRENT);
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const png = await previews.get(version, () => renderPreviewImage(card));
        return reply.type('image/png').send(png);
      },
    );
  }

  /** A visitor's / or /home with the upcoming shows in it, or null to send the prerendered file as it is. */
  async function visitorPage(pathname: string): Promise<string | null> {
    if (!fill) return null;
    return filled.get(pathname, async () => fill(pathname, await readUpcoming()));
  }

  return { routes, visitorPage };
}
