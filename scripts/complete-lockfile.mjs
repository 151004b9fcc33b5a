// Adds lockfile records for other platforms' optional binaries (esbuild, rollup, biome, tailwind's
// oxide, sharp, …) that npm left out. The registry mirror this project is developed against does not
// carry them, so npm cannot resolve them, omits them from package-lock.json, and `npm ci` then refuses
// the lockfile as out of sync. Each record names only version, os and cpu: on a matching platform npm
// fetches it as usual; here it is skipped as incompatible. Idempotent; run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = [
  'aix',
  'android',
  'darwin',
  'freebsd',
  'linux',
  'netbsd',
  'openbsd',
  'openharmony',
  'sunos',
  'win32',
];
const CPU = ['arm', 'arm64', 'ia32', 'loong64', 'mips64el', 'ppc64', 'riscv64', 's390x', 'wasm32', 'x64'];

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const words = name.split('/').pop().split('-');
    const os = words.find((word) => OS.includes(word));
    const cpu = words.find((word) => CPU.includes(word));
    if (!os && !cpu) continue;
    // The key order npm itself writes (version first, then alphabetical), so npm install keeps it as is.
    lock.packages[key] = {
      version: spec.replace(/^[\^~=]/, ''),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(words.includes('musl') ? { libc: ['musl'] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added += 1;
  }
}

if (added > 0) {
  const [root, ...rest] = Object.entries(lock.packages);
  rest.sort(([a], [b]) => a.localeCompare(b));
  lock.packages = Object.fromEntries([root, ...rest]);
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`package-lock.json: ${added} optional platform records added.`);
