import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FIRST_LOAD_BUDGET_KB, FIRST_LOAD_PAGES, firstLoadChunks, kb } from '../scripts/first-load.js';
import { closure, entryKey, type Manifest, readManifest } from '../scripts/vite-manifest.js';
import type { BenchResult } from './run.js';
import { printRows } from './stats.js';

/**
 * JavaScript a visitor's browser loads before a page is usable (scripts/first-load.ts, decision 0082):
 * the entry with its static imports, the page's lazy modules and what the page loads lazily as it starts,
 * each chunk once, in bytes of the brotli copy the server sends (and of the gzip copy, for a browser
 * without brotli). `e2e/first-load.spec.ts` fails `npm test` when a budgeted page's browser loads more
 * than the budget, and checks that it loads exactly these chunks. Also the largest chunk outside the
 * entry's, and the largest lazily loaded route: a dynamic entry plus the static imports the entry does not
 * already carry (gzip). Sizes, not timings: the ms columns stay 0 and the figures are in the note.
 */

const root = path.resolve(import.meta.dirname, '..');
/** The ceiling for any one route chunk (KB of gzip). */
const ROUTE_CHUNK_BUDGET_KB = 60;

/** The listing form: no budget, but the largest page a member opens from a link. */
const LISTING_PAGE = 'features/listing/pages/listing-page.tsx';

const gzipCache = new Map<string, number>();
function gzipBytes(clientDir: string, file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

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

  const entryChunks = firstLoadChunks(clientDir, '/', manifest).filter((chunk) =>
    [...entry].some((key) => manifest[key]?.file === chunk.file),
  );
  const entryBrotli = entryChunks.reduce((sum, chunk) => sum + chunk.brotli, 0);
  for (const [page, { budgeted }] of Object.entries(FIRST_LOAD_PAGES)) {
    const chunks = firstLoadChunks(clientDir, page, manifest);
    const brotli = chunks.reduce((sum, chunk) => sum + chunk.brotli, 0);
    const gzip = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
    const budget = budgeted ? ` (budget ${FIRST_LOAD_BUDGET_KB} KB)` : '';
    rows.push(
      row(
        `first load JS ${page}`,
        `${kb(brotli)} KB brotli${budget}, ${kb(gzip)} KB gzip, in ${chunks.length} files; entry ${kb(entryBrotli)} KB brotli`,
      ),
    );
  }
  const listing = closure(manifest, [LISTING_PAGE], new Set(entry));
  rows.push(
    row(
      'first load JS /listing',
      `${kb(sizeOf(clientDir, manifest, listing))} KB gzip in ${listing.size} chunks (no budget)`,
    ),
  );

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
