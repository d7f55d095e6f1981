import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { SITE_PAGES } from '../infra/site-files.js';
import { brandLogos } from './brand-logos.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const sharedRoot = fileURLToPath(new URL('../shared', import.meta.url));
/** jsPDF's optional packages, which the report's PDF never uses, point at a module that says so (web/src/lib/notInThisBuild.ts). */
const notInThisBuild = fileURLToPath(new URL('src/lib/notInThisBuild.ts', import.meta.url));
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

/** Where the landing page's server build goes: inside the project, so Node resolves its packages from node_modules. */
const prerenderDir = fileURLToPath(new URL('../node_modules/.cache/prerender', import.meta.url));

/**
 * The landing page paints from the HTML (docs/decisions/0056-first-paint.md): after the browser build,
 * a server build of web/src/prerender.tsx renders it, and the plugin writes the site's two pages —
 * `index.html` with the landing page's markup in its root, its title and its stylesheet inline
 * (main.tsx hydrates it), and
 * `app.html`, the same page with an empty root, for every other screen (infra/site-files.ts SITE_PAGES).
 */
function prerenderLanding(): Plugin {
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      await build({
        configFile: fileURLToPath(import.meta.url),
        logLevel: 'warn',
        build: {
          ssr: 'src/prerender.tsx',
          outDir: prerenderDir,
          emptyOutDir: true,
          manifest: false,
          sourcemap: false,
          copyPublicDir: false,
        },
      });
      const server: { renderLanding(): string } = await import(
        `${pathToFileURL(join(prerenderDir, 'prerender.js')).href}?build=${Date.now()}`
      );
      // React puts the page's <title> first; it replaces the shell's own.
      const [, title = '', markup] = /^(<title>.*?<\/title>)?([\s\S]*)$/.exec(server.renderLanding()) ?? [];
      const shell = readFileSync(join(outDir, SITE_PAGES.landing), 'utf8');
      const emptyRoot = '<div id="root"></div>';
      if (!shell.includes(emptyRoot) || !title)
        throw new Error('prerender-landing: the page has no empty #root or the landing page no <title>');
      writeFileSync(join(outDir, SITE_PAGES.appShell), shell);
      // The landing page's stylesheet comes inline: its first frame waits for no request
      // (docs/decisions/0056-first-paint.md). Its link stays, disabled (not applied, not render-blocking; Chromium still fetches
      // it at low priority), so that Vite's chunk loader, which looks for a stylesheet's <link> before
      // adding one, does not add the file again at the end of the head when the landing page loads a
      // chunk (the demo dashboard's), where it would outrank that chunk's styles.
      const landing = shell
        .replace(/<title>.*?<\/title>/, title)
        .replace(
          /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
          (link, css: string) => `<style>${readFileSync(join(outDir, css), 'utf8')}</style>\n    ${link.replace('>', ' disabled>')}`,
        )
        .replace(emptyRoot, `<div id="root">${markup}</div>`);
      writeFileSync(join(outDir, SITE_PAGES.landing), landing);
    },
  };
}

/**
 * The modules the entry loads before anything renders: its static import closure, noted at the end
 * of the module graph for the `app` chunk group below, which must take none of them. lucide-react's
 * barrel re-exports every icon, so its own imports would make all 1,600 icons initial: an initial
 * module's named imports from it count instead, each resolved through the barrel's re-exports.
 */
const initialModules = new Set<string>();
/**
 * The modules the public screens (sign-in and sign-up, the password reset, the e-mail links, the legal pages, the
 * contact form) import, noted with the initial ones: their shared code goes in a `public` chunk of its own, so a
 * visitor who only signs in downloads none of what the signed-in screens share (issue 36 §6). The single sign-on
 * provider's return screen (SsoCallbackPage, issue 38 §2) is not one of them: what it shares with the sign-in page's
 * other ways in (the provider's routes) would otherwise weigh on every public screen's first visit.
 */
const publicModules = new Set<string>();
const PUBLIC_SCREENS = /[\\/]src[\\/]features[\\/](auth|legal|contact)[\\/](?!SsoCallback)\w+Page\.tsx$/;
const ICON_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

function noteInitialModules(): Plugin {
  return {
    name: 'note-initial-modules',
    apply: 'build',
    buildEnd() {
      initialModules.clear();
      const barrel = [...this.getModuleIds()].find((id) => ICON_BARREL.test(id));
      const iconFiles = new Map<string, string>();
      for (const [, names, file] of (barrel &&
        this.getModuleInfo(barrel)?.code?.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)) ??
        []) {
        for (const [, name] of names.matchAll(/default as (\w+)/g)) iconFiles.set(name, join(barrel as string, '..', file));
      }
      /** Adds to `closure` the static import closure of `roots`, icons taken one by one from the barrel. */
      const collect = (roots: string[], closure: Set<string>) => {
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (closure.has(id)) continue;
          closure.add(id);
          const info = this.getModuleInfo(id);
          pending.push(...(info?.importedIds ?? []).filter((imported) => imported !== barrel));
          for (const [, names] of info?.code?.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g) ?? []) {
            for (const name of names.split(',').map((part) => part.trim().split(/\s+as\s+/)[0])) {
              const icon = iconFiles.get(name);
              if (icon) pending.push(icon);
            }
          }
        }
      };
      const ids = [...this.getModuleIds()];
      collect(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        initialModules,
      );
      publicModules.clear();
      collect(
        ids.filter((id) => PUBLIC_SCREENS.test(id)),
        publicModules,
      );
    },
  };
}

export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react(), treeShakeReactRouter(), noteInitialModules(), prerenderLanding(), brandLogos()],
  resolve: {
    alias: {
      '@shared': sharedRoot,
      ...(command === 'build' ? { 'react-router': reactRouterProduction } : {}),
      html2canvas: notInThisBuild,
      dompurify: notInThisBuild,
      canvg: notInThisBuild,
    },
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
    // The code that screens outside the entry share, in two chunks instead of ~25 small ones (which six
    // HTTP/1.1 connections fetch a round at a time): `public`, what the public screens share (sign-in and sign-up,
    // the e-mail links, the legal pages, the contact form), and `app`, the rest, which only the signed-in screens
    // load (docs/decisions/0138-the-public-screens-own-chunk.md). Never a module of the entry's, so the landing page
    // loads none of it before it renders. Each screen keeps its own code in its chunk.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The entry's own modules stay in the entry: a lazy chunk that reads some of them (the two-factor
              // dialog's) would otherwise have them split into a chunk of their own, a request more for the landing.
              name: 'index',
              test: (id) => initialModules.has(id),
              priority: 4,
              includeDependenciesRecursively: false,
            },
            {
              name: 'public',
              test: (id) => publicModules.has(id) && !initialModules.has(id),
              minShareCount: 2,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'app',
              test: (id) => !initialModules.has(id),
              minShareCount: 2,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    modulePreload: {
      // Every browser the app supports knows <link rel=modulepreload>: no polyfill in the entry.
      polyfill: false,
      // What the landing page loads after it renders (LandingLive; from there the dashboard's chunk for
      // the demo dashboard) comes with its stylesheets, and its scripts follow their own imports: the names of
      // the dashboard's ~25 scripts would weigh on the landing page's first JavaScript (docs/decisions/0050-public-site.md).
      resolveDependencies: (_file, deps, { hostId }) =>
        /Landing(Page|Live)/.test(hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
  },
}));
