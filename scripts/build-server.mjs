// Compiles the server to one JavaScript file (dist/server/main.js) that plain node runs: no TypeScript
// loader at run time. Runs at install (postinstall) and before `npm start` when server/ or common/
// changed since; packages stay in node_modules (imported, not bundled).
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { digestInputs, isFresh } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/server');
const outFile = path.join(outDir, 'main.js');
const stampFile = path.join(outDir, '.build-stamp');
const inputs = ['server', 'common', 'scripts/build-server.mjs', 'package-lock.json', 'tsconfig.json'];

const digest = digestInputs(root, inputs);
if (isFresh(stampFile, digest, [outFile])) {
  console.log('Server build is up to date.');
} else {
  console.log('Building the server...');
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: outFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    legalComments: 'none',
  });
  // server/db/client.ts finds its migrations beside itself; in the bundle, that is beside main.js.
  mkdirSync(outDir, { recursive: true });
  cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
  // The barcode decoder's worker thread is found beside the module that starts it (decision 0085).
  cpSync(
    path.join(root, 'server/modules/barcodes/decode-worker.mjs'),
    path.join(outDir, 'decode-worker.mjs'),
  );
  writeFileSync(stampFile, `${digest}\n`);
  console.log('Server built.');
}
