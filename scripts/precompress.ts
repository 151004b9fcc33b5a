import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing; fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);

const SCRIPTS = new Set(['.js', '.mjs']);

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible file of `dir`,
 * for the server to send as they are (@fastify/static `preCompressed`): the best ratios cost build
 * time once instead of CPU on every request. Small files get copies too, so that the server's dynamic
 * compression never handles a static file; a copy that would not be smaller is not written, except of a
 * script.
 */
export function precompressDirectory(dir: string): { files: number } {
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    // Dot folders (Vite's .vite/manifest.json) are build metadata the server does not serve.
    if (entry.split(path.sep).some((part) => part.startsWith('.'))) continue;
    const file = path.join(dir, entry);
    if (!COMPRESSIBLE.has(path.extname(file)) || !statSync(file).isFile()) continue;
    const bytes = readFileSync(file);
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    // A script always gets its copies: the server would otherwise compress it on the fly (and a first load
    // is counted from the copies, scripts/first-load.ts), however few bytes a tiny chunk of one icon loses.
    const script = SCRIPTS.has(path.extname(file));
    if (script || brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
    if (script || gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
    files += 1;
  }
  return { files };
}
