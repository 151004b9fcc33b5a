// Builds the client when its sources changed since the last build, so `npm start`
// serves a fresh app within seconds and `npm install` leaves a ready build behind.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = process.env.CLIENT_DIST_DIR
  ? path.resolve(process.env.CLIENT_DIST_DIR)
  : path.join(root, 'dist/client');
const stampFile = path.join(outDir, '.build-stamp');
const inputs = ['client', 'common', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

function collect(entry, files) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
      collect(path.join(entry, name), files);
    }
  } else {
    files.push(entry);
  }
}

const files = [];
for (const input of inputs) collect(input, files);
const hash = createHash('sha256');
for (const file of files) hash.update(file).update(readFileSync(path.join(root, file)));
const digest = hash.digest('hex');

const fresh =
  existsSync(path.join(outDir, 'index.html')) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, 'utf8').trim() === digest;

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
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${digest}\n`);
  console.log('Client built.');
}
