import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { journeyFilesOfShard } from './scripts/journey-shards';

const port = Number(process.env.E2E_PORT ?? 3100);
/** `npm test` runs the journeys as shards side by side, each with its own server, report and artifacts. */
const reportFile = process.env.E2E_REPORT ?? 'test-results/e2e-results.json';
/** `E2E_SHARD=i/n`: this shard's files, balanced by the seconds each took (decision 0104). */
const shardFiles = journeyFilesOfShard(path.join(import.meta.dirname, 'e2e'), process.env.E2E_SHARD);
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: shardFiles ?? '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Journeys sign in, buy and run axe several times: a busy 2-core CI machine needs more than a minute for some.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: reportFile }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace of every journey costs a sixth of their time, and CI keeps no artifacts:
    // `npx playwright test --trace retain-on-failure` records them when a journey needs looking into.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port) },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
