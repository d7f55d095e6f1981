import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRoot = fileURLToPath(new URL('../shared', import.meta.url));
/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102): dev
 * warnings and their strings. Production builds take the package's own production build instead.
 */
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url));

/**
 * react-router's production build creates Link, NavLink and Form with `forwardRef(...)` calls
 * followed by `displayName` assignments, which a bundler must keep as possible side effects: Form,
 * which the app never uses, stays in every page with all it needs (remix-run/react-router#15299).
 * Marking those calls pure and dropping the `displayName` assignments (names for React's developer
 * tools only) lets the bundler leave unused components out.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /react-router\/dist\/production\/.*\.mjs$/ },
      handler(code) {
        const shakeable = code.replace(/\b(React\d*\.forwardRef)\(/g, '/* @__PURE__ */ $1(').replace(/^\w+\.displayName = "\w+";$/gm, '');
        return { code: shakeable, map: null };
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), treeShakeReactRouter()],
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
    // Maps for reading stack traces, linked from no file and never published (infra/site-files.ts UNPUBLISHED_SITE_FILES).
    sourcemap: 'hidden',
    // web/dist/.vite/manifest.json: each chunk's static and lazy imports, from which bench/route-weights.ts weighs every route.
    manifest: true,
    // Every browser the app supports knows <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // What the landing page loads after it renders (LandingLive; from there the dashboard's chunk for
      // the demo dashboard) comes with its stylesheets, and its scripts follow their own imports: the names of
      // the dashboard's ~25 scripts would weigh on the landing page's first JavaScript (docs/DECISIONS.md 'The public site').
      resolveDependencies: (_file, deps, { hostId }) =>
        /Landing(Page|Live)/.test(hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
  },
}));
