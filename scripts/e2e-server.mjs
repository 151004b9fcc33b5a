// Starts Encore for the browser journeys on a fresh embedded database, compiled as `npm start` runs it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-'));
const port = process.env.E2E_PORT ?? '3100';
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'development',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    CLOUDINARY_URL: '',
    LOG_LEVEL: 'warn',
    // Every journey signs in from 127.0.0.1; the per-IP limit is tested by the API tests.
    AUTH_RATE_LIMIT: '10000',
    // Due jobs (a cancelled event's refunds, say) run within a second instead of the default 30.
    JOB_POLL_INTERVAL_MS: '1000',
    // Reading an uploaded barcode takes about a second; the journeys' busy 2-core machine may need more than
    // production's 1.9 s, after which a good file would be kept without its "Barcode checked" mark.
    BARCODE_DECODE_TIMEOUT_MS: '10000',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
