import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, RENDERED_ON_REQUEST } from '../client/prerendered-pages.js';
import { closure, entryKey, type Manifest, pageKey, readManifest } from '../scripts/vite-manifest.js';
import type { BenchResult } from './run.js';
import { printRows } from './stats.js';

/**
 * JavaScript a browser downloads before a page can paint, from the Vite manifest of the client
 * build (dist/client, or BENCH_CLIENT_DIR): the entry chunk, the chunks of the page's lazy modules,
 * and every chunk they import statically, each counted once, gzip level 9 (what the server sends
 * precompressed). Also the largest chunk outside the entry's, and the largest lazily loaded route: a
 * dynamic entry plus the static imports the entry does not already carry. Sizes, not timings: the ms columns stay 0 and the figures are in the note.
 */

const root = path.resolve(import.meta.dirname, '..');
/** First-load budget for /, /login and an event page, and the ceiling for any one route chunk (KB of gzip). */
const FIRST_LOAD_BUDGET_KB = 125;
const ROUTE_CHUNK_BUDGET_KB = 60;

/** What each measured page loads lazily, by source path relative to client/. */
const PAGES: Record<string, string[]> = {
  '/': PRERENDERED_PAGES['/'] ?? [],
  '/login': PRERENDERED_PAGES['/login'] ?? [],
  '/home': PRERENDERED_PAGES['/home'] ?? [],
  '/listing': ['features/listing/pages/listing-page.tsx'],
  // The price story's chart loads after the page, when it renders (decision 0061): not counted here.
  '/events/:id': RENDERED_ON_REQUEST['/events/:id'] ?? [],
};

const gzipCache = new Map<string, number>();
function gzipBytes(clientDir: string, file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function sizeOf(clientDir: string, manifest: Manifest, keys: Iterable<string>): number {
  let total = 0;
  for (const key of keys) total += gzipBytes(clientDir, manifest[key]?.file ?? '');
  return total;
}

export function measureFirstLoad(clientDir: string): BenchResult[] {
  const manifest = readManifest(clientDir);
  const entry = closure(manifest, [entryKey(manifest)]);
  const rows: BenchResult[] = [];
  const row = (name: string, note: string): BenchResult => ({
    name,
    backend: 'client',
    samples: 1,
    p50Ms: 0,
    p95Ms: 0,
    maxMs: 0,
    note,
  });

  for (const [page, modules] of Object.entries(PAGES)) {
    const all = closure(
      manifest,
      modules.map((source) => pageKey(manifest, source)),
      new Set(entry),
    );
    const total = sizeOf(clientDir, manifest, all);
    const budget = ['/', '/login', '/events/:id'].includes(page)
      ? ` (budget ${FIRST_LOAD_BUDGET_KB} KB)`
      : '';
    rows.push(
      row(
        `first load JS ${page}`,
        `${kb(total)} KB gzip in ${all.size} chunks${budget}; entry ${kb(sizeOf(clientDir, manifest, entry))} KB`,
      ),
    );
  }

  // Every chunk the entry does not carry (those are the routes' own), and every lazy route with all it adds.
  let largestChunk = { file: '', bytes: 0 };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (entry.has(key) || !chunk.file.endsWith('.js')) continue;
    const bytes = gzipBytes(clientDir, chunk.file);
    if (bytes > largestChunk.bytes) largestChunk = { file: chunk.file, bytes };
  }
  let largestRoute = { src: '', bytes: 0 };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const added = [...closure(manifest, [key])].filter((imported) => !entry.has(imported));
    const bytes = sizeOf(clientDir, manifest, added);
    if (bytes > largestRoute.bytes) largestRoute = { src: chunk.src ?? chunk.file, bytes };
  }
  rows.push(
    row(
      'largest route chunk',
      `${kb(largestChunk.bytes)} KB gzip: ${largestChunk.file} (budget ${ROUTE_CHUNK_BUDGET_KB} KB)`,
    ),
    row('largest lazy route over the entry', `${kb(largestRoute.bytes)} KB gzip: ${largestRoute.src}`),
  );
  return rows;
}

export async function run(): Promise<BenchResult[]> {
  const clientDir = process.env.BENCH_CLIENT_DIR
    ? path.resolve(process.env.BENCH_CLIENT_DIR)
    : path.join(root, 'dist/client');
  return measureFirstLoad(clientDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await run());
