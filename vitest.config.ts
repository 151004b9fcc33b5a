import path from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;
/**
 * Vitest's 5 s default fails image re-encoding and whole-page client tests on a busy 2-core CI machine
 * by timing alone; what a test waits for is still bounded by its own assertions.
 */
const SLOW_MACHINE_TEST_TIMEOUT_MS = 20_000;
const alias = { '@common': path.join(root, 'common'), '@client': path.join(root, 'client') };

export default defineConfig({
  resolve: { alias },
  test: {
    root,
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
        // The components run on Preact's React compatibility layer, as they do in the build (decision 0025).
        plugins: [preact()],
        resolve: {
          // ES module builds, whose imports of React the preset points at Preact: the CommonJS builds
          // that node would pick (react-remove-scroll and its helpers, by their `main`) require React.
          mainFields: ['module', 'main'],
          alias: {
            ...alias,
            // The same for packages whose `exports` give node their CommonJS build.
            '@testing-library/react': path.join(
              root,
              'node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
            ),
            'react-router': path.join(root, 'node_modules/react-router/dist/development/index.mjs'),
            'lucide-react': path.join(root, 'node_modules/lucide-react/dist/esm/lucide-react.mjs'),
            // A CommonJS shim that requires React; Preact has the hook itself.
            'use-sync-external-store/shim': 'preact/compat',
          },
        },
        test: {
          name: 'client',
          // Libraries that import React go through Vite, so that they get Preact too.
          server: { deps: { inline: true } },
          root,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: [
            path.join(root, 'scripts/vitest-setup.ts'),
            path.join(root, 'scripts/vitest-setup-dom.ts'),
          ],
          testTimeout: SLOW_MACHINE_TEST_TIMEOUT_MS,
        },
      },
    ],
  },
});
