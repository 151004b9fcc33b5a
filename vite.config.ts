import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@common': path.join(root, 'common'),
      '@client': path.join(root, 'client'),
    },
  },
  build: {
    outDir: process.env.CLIENT_DIST_DIR
      ? path.resolve(process.env.CLIENT_DIST_DIR)
      : path.join(root, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // Dependencies (zod) carry comments Rollup cannot read as annotations; it drops them
        // harmlessly, and the warning is theirs to fix, not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
