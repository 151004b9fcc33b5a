import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
/** Vitest's 5 s default fails image re-encoding tests on a busy 2-core CI machine by timing alone. */
const SLOW_MACHINE_TEST_TIMEOUT_MS = 20_000;
/**
 * Vitest's default (one worker per core but one) is a single worker on a 2-core CI machine, which then
 * idles while a test waits on its HTTP server or PostgreSQL: one more worker than that keeps both cores busy.
 */
const TEST_WORKERS = Math.max(2, os.availableParallelism() - 1);
const alias = { '@common': path.join(root, 'common'), '@client': path.join(root, 'client') };

export default defineConfig({
  resolve: { alias },
  test: {
    root,
    maxWorkers: TEST_WORKERS,
    setupFiles: [path.join(root, 'scripts/vitest-setup.ts')],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          root,
          environment: 'node',
          include: [
            'common/**/*.test.ts',
            'server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['server/**/*.api.test.ts', 'node_modules/**'],
          setupFiles: [path.join(root, 'scripts/vitest-setup.ts')],
          testTimeout: SLOW_MACHINE_TEST_TIMEOUT_MS,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          root,
          environment: 'node',
          include: ['server/**/*.api.test.ts'],
          setupFiles: [path.join(root, 'scripts/vitest-setup.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          root,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: [
            path.join(root, 'scripts/vitest-setup.ts'),
            path.join(root, 'scripts/vitest-setup-dom.ts'),
          ],
          // No budget for a UI test as a whole: it ends when what it waits for is on screen, or when one
          // of its waits gives up (UI_WAIT_LIMIT_MS in vitest-setup-dom.ts) and fails it. A budget for the
          // whole test failed tests that were only slow on a loaded machine (auth-page, ListingForm).
          testTimeout: 0,
          hookTimeout: 0,
        },
      },
    ],
  },
});
