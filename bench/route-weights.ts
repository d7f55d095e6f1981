/**
 * The gzip weight of each screen of the built web app, read from Vite's manifest
 * (web/dist/.vite/manifest.json). A screen's first JavaScript is the entry's static import closure
 * (what index.html loads before anything renders) plus the screen's lazy module with everything it
 * statically imports: what it takes to render the screen. Its lazy chunks (the landing page's
 * counters and demo dashboard, a dialog) come after; the total counts them too: all a visitor of that
 * screen downloads. Budgets apply to the first JavaScript. Shared by `npm run bench` and the budget test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's manifest, keyed by its source path relative to web/. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Budgets in KB of gzipped first JavaScript (issue 8 §4); screens without one are reported only. */
export const ROUTE_BUDGETS_KB: Record<string, number> = { '/': 90, '/dashboard': 200 };

export interface RouteWeight {
  path: string;
  module: string;
  /** Every JavaScript file of the screen, first ones first. */
  files: string[];
  /** The files it takes to render the screen: the entry's and the screen module's static imports. */
  firstFiles: string[];
  /** KB of gzipped first JavaScript: what the budget counts. */
  firstKb: number;
  /** KB of gzipped JavaScript in all, the screen's lazy chunks included. */
  gzipKb: number;
  budgetKb?: number;
}

const ENTRY = 'index.html';

/**
 * The screens of web/src/router.tsx: each `path` with the module its `screen(() => import(...))`
 * loads, also when the element is a named constant (`const landing = screen(...)`).
 */
export function routeModules(routerSource: string): Array<{ path: string; module: string }> {
  const constants = new Map([...routerSource.matchAll(/const (\w+) = screen\(\(\) => import\('\.\/([^']+)'\)/g)].map((m) => [m[1], m[2]]));
  const routes = [...routerSource.matchAll(/path: '([^']+)',\s*element: (?:screen\(\(\) => import\('\.\/([^']+)'\)|(\w+))/g)];
  return routes.map(([, path, module, constant]) => {
    const source = module ?? constants.get(constant);
    if (!source) throw new Error(`router.tsx: the screen of ${path} is not a lazy import`);
    return { path, module: `src/${source}.tsx` };
  });
}

/**
 * Every manifest key `key` statically imports, itself included; with `lazy`, its dynamic imports'
 * closures too. Keys already in `seen` are not walked again (the entry's lazy screens stay out of a screen's weight).
 */
function closure(manifest: Manifest, key: string, lazy: boolean, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Vite's manifest has no chunk for ${key}`);
  seen.add(key);
  for (const next of chunk.imports ?? []) closure(manifest, next, lazy, seen);
  if (lazy) for (const next of chunk.dynamicImports ?? []) closure(manifest, next, lazy, seen);
  return seen;
}

/** The gzip KB of JavaScript of every screen in router.tsx, for the build in `dist`. */
export function routeWeights(dist: string, routerSource: string): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  if (!manifest[ENTRY]?.isEntry) throw new Error(`Vite's manifest has no ${ENTRY} entry`);
  const entry = closure(manifest, ENTRY, false);
  const gzipBytes = new Map<string, number>();
  const weigh = (file: string) => {
    if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(join(dist, file))).length);
    return gzipBytes.get(file) ?? 0;
  };
  const seen = new Set<string>();
  return routeModules(routerSource)
    .filter(({ path }) => !seen.has(path) && seen.add(path))
    .map(({ path, module }) => {
      const jsFiles = (keys: Set<string>) =>
        [...new Set([...keys].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
      const kb = (files: string[]) => Math.round(files.reduce((sum, file) => sum + weigh(file), 0) / 102.4) / 10;
      const firstFiles = jsFiles(closure(manifest, module, false, new Set(entry)));
      const files = [...new Set([...firstFiles, ...jsFiles(closure(manifest, module, true, new Set(entry)))])];
      return { path, module, files, firstFiles, firstKb: kb(firstFiles), gzipKb: kb(files), budgetKb: ROUTE_BUDGETS_KB[path] };
    });
}
