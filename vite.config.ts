import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { precompressDirectory } from './scripts/precompress';
import { prerenderVisitorPages } from './scripts/prerender';
import { pwa } from './scripts/pwa';

const root = import.meta.dirname;
const outDir = process.env.CLIENT_DIST_DIR
  ? path.resolve(process.env.CLIENT_DIST_DIR)
  : path.join(root, 'dist/client');

/**
 * Once the client is on disk: the pages visitors land on rendered to HTML (scripts/prerender.ts), then
 * brotli and gzip copies of every built text file. Not for the server-side build prerendering makes.
 */
function prerenderAndPrecompress(): Plugin {
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'encore-prerender-and-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
      configFile = config.configFile;
    },
    closeBundle: {
      // After the service worker is written (vite-plugin-pwa's closeBundle), so that it is compressed too.
      order: 'post',
      sequential: true,
      async handler(error) {
        if (error) return;
        await prerenderVisitorPages(outDir, configFile);
        precompressDirectory(outDir);
      },
    },
  };
}

/**
 * Rollup warnings about dependencies that are theirs to fix, not ours: comments it cannot read as
 * annotations (zod), which it drops harmlessly, and "use client" directives (Radix, sonner), which mean
 * nothing in a browser bundle.
 */
function quietDependencyWarnings(): Plugin {
  const fromDependency = (warning: Rollup.RollupLog) => Boolean(warning.id?.includes('node_modules'));
  return {
    name: 'encore-quiet-dependency-warnings',
    config: () => ({
      build: {
        rollupOptions: {
          onwarn(warning, warn) {
            if (warning.code === 'INVALID_ANNOTATION' && fromDependency(warning)) return;
            if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && fromDependency(warning)) return;
            warn(warning);
          },
        },
      },
    }),
  };
}

/** Libraries every page needs, in chunks of their own that stay cached across app releases. */
const VENDOR_CHUNKS: Record<string, string[]> = {
  react: ['react', 'react-dom', 'scheduler'],
  router: ['react-router'],
  query: ['@tanstack/query-core', '@tanstack/react-query'],
};

function vendorChunk(id: string): string | undefined {
  // Rollup's CommonJS helpers go with the framework: left to Rollup, they land in the router chunk,
  // which the framework chunk would then import while the router imports the framework.
  if (id.startsWith('\0commonjsHelpers')) return 'react';
  const [, after] = id.split('/node_modules/');
  if (!after) return undefined;
  const parts = after.split('/');
  const name = parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  return Object.keys(VENDOR_CHUNKS).find((chunk) => VENDOR_CHUNKS[chunk]?.includes(name ?? ''));
}

export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  // The service worker is built (closeBundle) before the pages are prerendered and the files precompressed.
  plugins: [react(), quietDependencyWarnings(), tailwindcss(), ...pwa(outDir), prerenderAndPrecompress()],
  resolve: {
    alias: {
      '@common': path.join(root, 'common'),
      '@client': path.join(root, 'client'),
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // No source maps: the build is what production serves, and its maps would publish the sources.
    sourcemap: false,
    // .vite/manifest.json: bench/first-load.bench.ts reads which chunks each page loads.
    manifest: true,
    // Every browser that runs the app's JavaScript supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
