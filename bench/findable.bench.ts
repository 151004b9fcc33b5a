import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openPostgres } from '../server/db/client.js';
import { eventPageLoader } from '../server/modules/event-page/service.js';
import { previewCard } from '../server/modules/findable/preview-card.js';
import { renderPreviewImage } from '../server/modules/findable/preview-image.js';
import {
  eventSitemap,
  eventSitemapFiles,
  SITEMAP_ADDRESSES_PER_FILE,
} from '../server/modules/findable/sitemap.js';
import { benchSizes, catalogSize, generateCatalog } from './concert-search.bench.js';
import { seededRandom } from './distinct-queries.js';
import type { BenchResult } from './run.js';
import { onEachDatabase, summarize } from './stats.js';

/**
 * Decision 0092's costs at BENCH_FINDABLE_SIZE events (default 1m, the concert search bench's catalog, about a
 * fifth of it past): the sitemap index's file list, one full sitemap file of up to 50,000 addresses (each
 * file asked once, drawn at run time), and a link preview image rendered cold for distinct shows (each a new
 * card). Timings in this process, no HTTP: the routes add the change counter's read and compression.
 */

const FILES = Number(process.env.BENCH_FINDABLE_FILES ?? 4);
const PREVIEWS = Number(process.env.BENCH_FINDABLE_PREVIEWS ?? 20);
const APP_URL = 'https://encore.example';

async function measure(label: string, database: Database, size: number | null): Promise<BenchResult[]> {
  const started = performance.now();
  if (size !== null) {
    await database.migrate();
    await generateCatalog(database.db, catalogSize(size));
    await database.db.execute(sql`analyze`);
  }
  const setupSeconds = (performance.now() - started) / 1000;
  const [counted] = (
    (await database.db.execute(sql`select count(*)::int as events from events`)) as unknown as {
      rows: { events: number }[];
    }
  ).rows;
  const events = counted?.events ?? 0;
  const count = events.toLocaleString('en-US');
  const now = new Date();
  const rows: BenchResult[] = [];

  const indexTimings: number[] = [];
  let files: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now();
    files = await eventSitemapFiles(database.db, now, SITEMAP_ADDRESSES_PER_FILE);
    indexTimings.push(performance.now() - start);
  }
  rows.push(
    summarize(
      `sitemap index's show files, ${count} events`,
      label,
      indexTimings,
      `${files.length} files (one probe of the primary key each); ${size === null ? 'an existing catalog, read only' : `catalog generated in ${setupSeconds.toFixed(0)} s`}; load average ${loadavg()[0]?.toFixed(1)}`,
    ),
  );

  const random = seededRandom(events);
  const drawn = [...files].sort(() => random() - 0.5).slice(0, FILES);
  const fileTimings: number[] = [];
  let addresses = 0;
  let bytes = 0;
  for (const file of drawn) {
    const start = performance.now();
    const xml = await eventSitemap(database.db, APP_URL, file, SITEMAP_ADDRESSES_PER_FILE, now);
    fileTimings.push(performance.now() - start);
    addresses += xml.split('<url>').length - 1;
    bytes += Buffer.byteLength(xml);
  }
  rows.push(
    summarize(
      `one sitemap file of up to ${SITEMAP_ADDRESSES_PER_FILE.toLocaleString('en-US')} addresses, ${count} events`,
      label,
      fileTimings,
      `${drawn.length} distinct files, ${Math.round(addresses / drawn.length).toLocaleString('en-US')} addresses and ${(bytes / drawn.length / 1e6).toFixed(1)} MB each on average (5 statements of 10,000 rows); load average ${loadavg()[0]?.toFixed(1)}`,
    ),
  );

  // Distinct shows on sale, each rendered once with nothing cached but satori and the fonts (one warm-up).
  const loadPage = eventPageLoader(database.db);
  const ids = (
    (await database.db.execute(sql`
      select event_id as id from event_search where ends_at > now() order by random() limit ${PREVIEWS + 1}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows.map((row) => row.id);
  const cards = await Promise.all(ids.map(async (id) => previewCard(await loadPage(id, {}, now))));
  await renderPreviewImage(cards[0] ?? { name: 'Warm-up', dates: '', place: '', price: '' });
  const renderTimings: number[] = [];
  let pngBytes = 0;
  for (const card of cards.slice(1)) {
    const start = performance.now();
    pngBytes += (await renderPreviewImage(card)).length;
    renderTimings.push(performance.now() - start);
  }
  rows.push(
    summarize(
      'link preview image, 1200×630 PNG, rendered (satori + sharp), distinct shows',
      label,
      renderTimings,
      `${Math.round(pngBytes / renderTimings.length / 1000)} KB each on average; the route keeps 200 and answers 304 by its version; load average ${loadavg()[0]?.toFixed(1)}`,
    ),
  );
  return rows;
}

export async function run(): Promise<BenchResult[]> {
  // A catalog generated already (the concert search bench's, kept): measured read-only, nothing generated.
  const catalogUrl = process.env.BENCH_FINDABLE_CATALOG_URL;
  if (catalogUrl) {
    const database = await openPostgres(catalogUrl, { poolSize: 10 });
    try {
      return await measure('postgres', database, null);
    } finally {
      await database.close();
    }
  }
  const [events = 1_000_000] = benchSizes(process.env.BENCH_FINDABLE_SIZE ?? '1m');
  return onEachDatabase((label, database) => measure(label, database, events), 10, {
    pglite: process.env.BENCH_FINDABLE_PGLITE === 'on',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printRows } = await import('./stats.js');
  printRows(await run());
}
