// Builds the client when its sources changed since the last build, so `npm start`
// serves a fresh app within seconds and `npm install` leaves a ready build behind.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { digestInputs, isFresh } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = process.env.CLIENT_DIST_DIR
  ? path.resolve(process.env.CLIENT_DIST_DIR)
  : path.join(root, 'dist/client');
const stampFile = path.join(outDir, '.build-stamp');
const inputs = [
  'client',
  'common',
  'vite.config.ts',
  'scripts/precompress.ts',
  'scripts/prerender.ts',
  'scripts/vite-manifest.ts',
  'server/lib/prerendered-pages.ts',
  'package-lock.json',
  'tsconfig.json',
];

const digest = digestInputs(root, inputs);
const fresh = isFresh(stampFile, digest, [path.join(outDir, 'index.html')]);

if (fresh) {
  console.log('Client build is up to date.');
} else if (!existsSync(path.join(root, 'node_modules/vite'))) {
  console.log('Vite is not installed yet; the client will be built on first start.');
} else {
  console.log('Building the client...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // The client is always built for production: a server started with NODE_ENV=development (the e2e
      // server, a developer's shell) would otherwise bundle React's development build, twice the size.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${digest}\n`);
  console.log('Client built.');
}
