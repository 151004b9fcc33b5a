import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventPath } from '../../../common/event-path.js';
import type { UpcomingShows } from '../../../common/schemas/upcoming-shows.js';
import { events } from '../../db/schema/index.js';
import { backends, startTestApp, type TestApp } from '../../test/harness.js';
import { createTestUser, signedInClient } from '../auth/testing.js';
import { type CatalogEvent, upsertCatalog } from '../events/import.js';
import { insertListing, isoDay } from '../marketplace/testing.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../../dist/client');
/** Small sitemap files, so that a handful of shows splits them as 50,000 would split a big catalog. */
const PER_FILE = 2;

const venue = {
  externalId: 'fd-venue',
  name: 'Harbor Arena',
  city: 'Portland',
  timeZone: 'America/Los_Angeles',
};
const show = (key: string, name: string, days: number): CatalogEvent => ({
  externalId: `fd-${key}`,
  name,
  date: isoDay(days),
  daysCount: 1,
  venue,
  artists: [],
});
const CATALOG = [
  show('soon', 'Nova Lights', 5),
  show('later', 'Nova Lights: Encore Night', 50),
  show('amp', 'Rock & Roll <Night> "Live"', 20),
  show('tokyo', '東京 Night Live', 30),
  show('cancelled', 'Nova Cancelled', 25),
  show('past', 'Nova Last Week', -7),
  show('last', 'Quiet Evening', 70),
];
const UPCOMING = ['soon', 'amp', 'tokyo', 'later', 'last'];

const locationsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '');

describe.each(backends)('finding and sharing shows on %s', (backend) => {
  let harness: TestApp;
  const ids = new Map<string, number>();
  const id = (key: string) => ids.get(key) ?? Number.NaN;
  const nameOf = (key: string) => CATALOG.find((entry) => entry.externalId === `fd-${key}`)?.name ?? '';
  const pageOf = (key: string) => eventPath(id(key), nameOf(key));
  const get = (address: string, headers: Record<string, string> = {}) =>
    fetch(`${harness.baseUrl}${address}`, { headers });

  beforeAll(async () => {
    if (!existsSync(path.join(CLIENT_DIR, 'index.html')))
      throw new Error('Build the client first: npm install');
    harness = await startTestApp(
      backend,
      { CLIENT_DIST_DIR: CLIENT_DIR },
      { sitemapAddressesPerFile: PER_FILE },
    );
    const { db } = harness.database;
    await upsertCatalog(db, CATALOG);
    for (const row of await db.select({ id: events.id, externalId: events.externalId }).from(events)) {
      if (row.externalId?.startsWith('fd-')) ids.set(row.externalId.slice(3), row.id);
    }
    await db
      .update(events)
      .set({ status: 'cancelled' })
      .where(eq(events.id, id('cancelled')));
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('serves robots.txt: the public pages allowed, the API, accounts and the back office not, and the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const lines = (await response.text()).split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const prefix of ['/api/', '/admin', '/profile', '/my-tickets', '/messages', '/login', '/purchase']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines.some((line) => /^Disallow: \/(events|home|promise)/.test(line))).toBe(false);
    expect(lines).toContain(`Sitemap: ${harness.config.appUrl}/sitemap.xml`);
  });

  it('lists every upcoming show in sitemap files of at most the limit, and leaves cancelled and past shows out', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=3600');
    const indexXml = await index.text();
    expect(indexXml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex')).toBe(true);
    const files = locationsOf(indexXml);
    // The files the upcoming shows' ids fall in, and no other: a range without a show on sale is left out.
    const expectedFiles = [...new Set(UPCOMING.map((key) => Math.ceil(id(key) / PER_FILE)))].sort(
      (a, b) => a - b,
    );
    expect(files).toEqual([
      `${harness.config.appUrl}/sitemaps/pages.xml`,
      ...expectedFiles.map((file) => `${harness.config.appUrl}/sitemaps/events-${file}.xml`),
    ]);

    const listed: string[] = [];
    for (const file of files.slice(1)) {
      const response = await get(new URL(file).pathname);
      expect(response.status).toBe(200);
      const xml = await response.text();
      const addresses = locationsOf(xml);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.length).toBeLessThanOrEqual(PER_FILE);
      expect(xml.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/g)).toHaveLength(
        addresses.length,
      );
      listed.push(...addresses);
    }
    const canonical = (key: string) => new URL(pageOf(key), harness.config.appUrl).href;
    expect(listed.sort()).toEqual(UPCOMING.map(canonical).sort());
    // Percent-encoded as the protocol asks: the slug keeps the letters of any script.
    expect(listed).toContain(`${harness.config.appUrl}/events/${id('tokyo')}-%E6%9D%B1%E4%BA%AC-night-live`);

    const pages = await (await get('/sitemaps/pages.xml')).text();
    expect(locationsOf(pages)).toEqual(
      ['/', '/home', '/promise', '/giving-back', '/terms', '/privacy'].map(
        (page) => new URL(page, harness.config.appUrl).href,
      ),
    );
  });

  it('answers 304 while the catalog is unchanged, and a new ETag once a show is added', async () => {
    const first = await get('/sitemap.xml');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"\d+\.\d+\.2"$/);
    const again = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    const file = `/sitemaps/events-${Math.ceil(id('soon') / PER_FILE)}.xml`;
    expect((await get(file, { 'if-none-match': etag })).status).toBe(304);

    await upsertCatalog(harness.database.db, [show('added', 'Nova Added Show', 12)]);
    const [added] = await harness.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.externalId, 'fd-added'));
    const changed = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const addedFile = `/sitemaps/events-${Math.ceil((added?.id ?? 0) / PER_FILE)}.xml`;
    expect(locationsOf(await changed.text())).toContain(`${harness.config.appUrl}${addedFile}`);
    expect(await (await get(addedFile)).text()).toContain(
      `<loc>${harness.config.appUrl}/events/${added?.id}-nova-added-show</loc>`,
    );
  });

  it('answers 404 for a sitemap file that is not one', async () => {
    for (const file of ['events-0.xml', 'events-x.xml', 'events-1.txt', 'other.xml', 'events-99999999.xml']) {
      expect((await get(`/sitemaps/${file}`)).status).toBe(404);
    }
  });

  it('lists the soonest upcoming shows for everyone, with their pages', async () => {
    const response = await harness.client().get<UpcomingShows>('/api/concerts/upcoming');
    expect(response.status).toBe(200);
    expect(response.body.shows.map((entry) => entry.path)).toEqual(
      ['soon', 'added', 'amp', 'tokyo', 'later', 'last'].map((key) =>
        key === 'added' ? expect.stringMatching(/^\/events\/\d+-nova-added-show$/) : pageOf(key),
      ),
    );
    expect(response.body.shows[0]).toEqual({
      id: id('soon'),
      name: 'Nova Lights',
      date: isoDay(5),
      daysCount: 1,
      venue: 'Harbor Arena',
      city: 'Portland',
      path: pageOf('soon'),
    });
  });

  it("puts the upcoming shows in a visitor's / and /home as links, with the data the app takes over", async () => {
    for (const page of ['/', '/home']) {
      const response = await get(page);
      expect(response.status).toBe(200);
      expect(response.headers.get('vary')).toBe('accept-encoding, cookie');
      const html = await response.text();
      for (const key of UPCOMING) expect(html).toContain(`href="${pageOf(key)}"`);
      expect(html).not.toContain(pageOf('cancelled'));
      expect(html).not.toContain(pageOf('past'));
      expect(html).not.toContain('Loading upcoming shows…');
      // The name is escaped in the HTML and in the data.
      expect(html).toContain('>Rock &amp; Roll &lt;Night&gt; &quot;Live&quot;</a>');
      expect(html).toMatch(
        /<script type="application\/json" id="encore-query-data">\[\[\["concerts","upcoming"\],\[\{"id":/,
      );
      expect(html).toContain('Rock & Roll \\u003cNight> \\"Live\\"');
      // The search box is there, disabled until the app runs.
      expect(html).toContain('Search shows by name, artist, venue or city');
    }
    // A member gets the app's shell, whose pages depend on who is signed in.
    const member = await createTestUser(harness.database.db);
    const client = await signedInClient(harness, member.id);
    const html = (await client.get<string>('/')).text;
    expect(html).not.toContain(pageOf('soon'));
  });

  describe('the link preview image', () => {
    const previewOf = async (key: string) => {
      const html = await (await get(pageOf(key))).text();
      const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1] ?? '';
      return { html, image: new URL(image) };
    };

    it('is a 1200×630 PNG named in the head tags, cached by its version', async () => {
      const { html, image } = await previewOf('soon');
      expect(image.pathname).toBe(`/events/${id('soon')}/preview.png`);
      expect(html).toContain('<meta property="og:image:type" content="image/png">');
      expect(html).toContain('<meta property="og:image:width" content="1200">');
      expect(html).toContain('<meta property="og:image:height" content="630">');
      const day = new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(`${isoDay(5)}T00:00:00Z`));
      const alt = `Nova Lights: ${day} at Harbor Arena, Portland. No tickets listed right now.`;
      expect(html).toContain(`<meta property="og:image:alt" content="${alt}">`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html).toContain(`<meta name="twitter:image" content="${image.href}">`);
      expect(html).toContain(`<meta name="twitter:image:alt" content="${alt}">`);

      const response = await get(`${image.pathname}${image.search}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 1200, 630]);
      const etag = response.headers.get('etag') ?? '';
      expect(etag).toBe(`"${image.searchParams.get('v')}"`);
      expect((await get(image.pathname, { 'if-none-match': etag })).status).toBe(304);
      // Without its version (or an old one), the address may change: kept a minute.
      const current = await get(image.pathname);
      expect(current.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=3600');
    });

    it('changes when the lowest price changes', async () => {
      const before = await previewOf('later');
      const oldBytes = Buffer.from(await (await get(before.image.pathname)).arrayBuffer());
      const seller = await createTestUser(harness.database.db);
      await insertListing(harness.database.db, seller.id, {
        eventId: id('later'),
        eventName: nameOf('later'),
        eventDate: isoDay(50),
        faceValueCents: 5_000,
        serviceFeeCents: 0,
        markup: 0,
      });
      // The page reads the change counters at most every EVENT_HTML_COUNTERS_MS (decision 0089).
      await expect
        .poll(async () => (await previewOf('later')).image.search, { timeout: 1_000 })
        .not.toBe(before.image.search);
      const after = await previewOf('later');
      expect(after.html).toMatch(
        /<meta property="og:image:alt" content="[^"]*From \$\d+\.\d\d per ticket, all-in\.">/,
      );
      const stale = await get(before.image.pathname, {
        'if-none-match': `"${before.image.searchParams.get('v')}"`,
      });
      expect(stale.status).toBe(200);
      const newBytes = Buffer.from(await stale.arrayBuffer());
      expect(newBytes.equals(oldBytes)).toBe(false);
      expect((await sharp(newBytes).metadata()).width).toBe(1200);
    });

    it('stays 1200×630 for a very long name', async () => {
      await upsertCatalog(harness.database.db, [show('long', `The ${'Longest '.repeat(60)}Show`, 15)]);
      const [row] = await harness.database.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.externalId, 'fd-long'));
      const response = await get(`/events/${row?.id}/preview.png`);
      expect(response.status).toBe(200);
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([metadata.width, metadata.height]).toEqual([1200, 630]);
    });

    it('answers 404 for an unknown show or an id that is not one', async () => {
      for (const address of [
        '/events/2000000000/preview.png',
        '/events/0/preview.png',
        '/events/abc/preview.png',
      ]) {
        expect((await get(address)).status).toBe(404);
      }
    });
  });
});
