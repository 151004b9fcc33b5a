import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './run.js';
import { printRows } from './stats.js';

/**
 * JavaScript a browser downloads before a page can paint, from the Vite manifest of the client
 * build (dist/client, or BENCH_CLIENT_DIR): the entry chunk, the chunks of the page's lazy modules,
 * and every chunk they import statically, each counted once, gzip level 9 (what the server sends
 * precompressed). Also the largest chunk outside the entry's, and the largest lazily loaded route: a
 * dynamic entry plus the static imports the entry does not already carry. Sizes, not timings: the ms columns stay 0 and the figures are in the note.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(import.meta.dirname, '..');
/** First-load budget for / and /login, and the ceiling for any one route chunk (KB of gzip). */
const FIRST_LOAD_BUDGET_KB = 120;
const ROUTE_CHUNK_BUDGET_KB = 60;

/** What each measured page loads lazily, by source path relative to client/. */
const PAGES: Record<string, string[]> = {
  '/': ['features/landing/pages/landing-page.tsx'],
  '/login': ['features/auth/pages/auth-page.tsx'],
  '/home': ['features/public-home/pages/public-home-page.tsx'],
  '/listing': ['features/listing/pages/listing-page.tsx'],
};

function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`no Vite manifest at ${file}: run \`npx vite build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The manifest key of a page's module: its source path, or, when Rollup gave the module's chunk no
 * facade (the page shares its chunk with modules it loads lazily), the dynamic entry named after it.
 */
function pageKey(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source, path.extname(source));
  const key = Object.keys(manifest).find(
    (candidate) =>
      manifest[candidate]?.isDynamicEntry && !manifest[candidate]?.src && manifest[candidate]?.name === name,
  );
  if (!key) throw new Error(`the manifest has no ${source}`);
  return key;
}

/** A key and every chunk it imports statically, transitively. */
function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    into.add(key);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

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
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  const entry = closure(manifest, [entryKey]);
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
    const budget = page === '/' || page === '/login' ? ` (budget ${FIRST_LOAD_BUDGET_KB} KB)` : '';
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
