import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What the client build's .vite/manifest.json says of one chunk. */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`no Vite manifest at ${file}: run \`npx vite build\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The key of the entry chunk (client/main.tsx's). */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  if (!key) throw new Error('the manifest has no entry chunk');
  return key;
}

/**
 * The manifest key of a page's module: its source path, or, when Rollup gave the module's chunk no
 * facade (the page shares its chunk with modules it loads lazily), the dynamic entry named after it.
 */
export function pageKey(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const name = path.basename(source, path.extname(source));
  const key = Object.keys(manifest).find(
    (candidate) =>
      manifest[candidate]?.isDynamicEntry && !manifest[candidate]?.src && manifest[candidate]?.name === name,
  );
  if (!key) throw new Error(`the manifest has no ${source}`);
  return key;
}

/** The keys and every chunk they import statically, transitively, added to `into`. */
export function closure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no ${key}`);
    into.add(key);
    closure(manifest, chunk.imports ?? [], into);
  }
  return into;
}
