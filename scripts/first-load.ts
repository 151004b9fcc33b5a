import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, RENDERED_ON_REQUEST } from '../client/prerendered-pages.js';
import { closure, entryKey, type Manifest, pageKey, readManifest } from './vite-manifest.js';

/**
 * What a visitor's browser loads of the app's JavaScript before the page is usable (decision 0082), from
 * the Vite manifest: the entry and its static imports, the page's lazy modules, and the modules the page
 * itself loads lazily as it starts (the event page's price alert and price story, with the story's chart),
 * each with its static imports, each chunk once. `e2e/first-load.spec.ts` checks in Chromium that these are
 * exactly the files the browser fetches, and that their size is within the budget;
 * `bench/first-load.bench.ts` reports the same figures.
 */

/** Most JavaScript a budgeted page may load before it is usable: KB (1024 bytes) as the server sends it. */
export const FIRST_LOAD_BUDGET_KB = 125;

/** The pages a visitor lands on, each with its modules loaded lazily at start-up (source paths under client/). */
export const FIRST_LOAD_PAGES: Record<string, { modules: string[]; budgeted: boolean }> = {
  '/': { modules: PRERENDERED_PAGES['/'] ?? [], budgeted: true },
  '/login': { modules: PRERENDERED_PAGES['/login'] ?? [], budgeted: true },
  '/home': { modules: PRERENDERED_PAGES['/home'] ?? [], budgeted: false },
  '/events/:id': {
    modules: [
      ...(RENDERED_ON_REQUEST['/events/:id'] ?? []),
      // The event route's own lazy parts, which it renders at once (beside the listings on a desktop).
      'features/fan-queue/components/fan-queue-panel.tsx',
      'features/price-alerts/components/price-alert-panel.tsx',
      'features/price-story/components/price-story.tsx',
      // Once a story with prices renders (decision 0061): a show with listings has one.
      'features/price-story/components/price-story-chart.tsx',
    ],
    budgeted: true,
  },
};

export interface LoadedChunk {
  /** The file's path under the client build, as the browser asks for it (`assets/…`). */
  file: string;
  /** Bytes of its brotli copy (what the server sends a browser that accepts br) and of its gzip copy. */
  brotli: number;
  gzip: number;
}

/** The size of a precompressed copy the build wrote beside the file, else of one made here (level 9). */
function compressedSize(clientDir: string, file: string, suffix: '.br' | '.gz'): number {
  const copy = path.join(clientDir, file + suffix);
  if (existsSync(copy)) return statSync(copy).size;
  if (suffix === '.gz') return gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;
  throw new Error(`no ${file}${suffix} in ${clientDir}: the build precompresses every script`);
}

/** The manifest key of a module of `modules` (a page module, or a chunk Rollup named after it). */
function keysOf(manifest: Manifest, modules: string[]): string[] {
  return modules.map((source) => pageKey(manifest, source));
}

/** The chunks a page loads before it is usable, the entry's first. */
export function firstLoadChunks(
  clientDir: string,
  page: string,
  manifest = readManifest(clientDir),
): LoadedChunk[] {
  const spec = FIRST_LOAD_PAGES[page];
  if (!spec) throw new Error(`no first-load page ${page}`);
  const keys = closure(manifest, keysOf(manifest, spec.modules), closure(manifest, [entryKey(manifest)]));
  return [...keys]
    .map((key) => manifest[key]?.file ?? key)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      brotli: compressedSize(clientDir, file, '.br'),
      gzip: compressedSize(clientDir, file, '.gz'),
    }));
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
