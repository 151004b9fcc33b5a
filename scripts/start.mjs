// `npm start`: brings both builds up to date (each a no-op when its sources did not change), then runs
// the compiled server in this very process: one plain node process, no TypeScript loader kept alive.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// The builds run as child processes so that neither Vite nor esbuild stays loaded in the server.
for (const script of ['ensure-client-build.mjs', 'build-server.mjs']) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', script)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href);
