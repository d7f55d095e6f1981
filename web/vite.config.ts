import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRoot = fileURLToPath(new URL('../shared', import.meta.url));
/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102): dev
 * warnings and their strings. Production builds take the package's own production build instead.
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: { '@shared': sharedRoot, ...(command === 'build' ? { 'react-router': reactRouterProduction } : {}) },
  },
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/avatars': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // web/dist/.vite/manifest.json: each chunk's static and lazy imports, from which bench/route-weights.ts weighs every route.
    manifest: true,
    // Every browser the app supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
  },
}));
