/**
 * The gzip weight of each screen of the built web app, read from Vite's manifest
 * (web/dist/.vite/manifest.json). A screen's JavaScript is the entry's static import closure (what
 * index.html loads before anything renders), the lazy chunks of the route guard it sits under (the
 * signed-in session of /dashboard, /settings, /admin …), and the screen's lazy module with
 * everything it imports, its own lazy chunks included (tabs, dialogs): all a visitor of that screen
 * downloads. Budgets count the first JavaScript (what renders the screen), not its lazy chunks.
 * Shared by `npm run bench` and the budget test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's manifest, keyed by its source path relative to web/. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Budgets in KB of gzipped first JavaScript (issue 8 §4; the sign-in, sign-up, reset and verify pages issue 36 §6:
 * a visitor who only signs in does not fetch what the dashboard needs); screens without one are reported only.
 */
export const ROUTE_BUDGETS_KB: Record<string, number> = {
  '/': 90,
  '/login': 110,
  '/register': 110,
  '/forgot-password': 110,
  '/reset-password': 110,
  '/verify-email': 110,
  '/dashboard': 200,
};

/**
 * The lazy modules each route guard of router.tsx loads before its screen renders (session/guards.tsx);
 * a guard missing here fails routeWeights, so a new guard is weighed with what it loads.
 */
export const GUARD_MODULES: Record<string, string[]> = {
  PublicOnlyRoute: [],
  PrivateRoute: ['src/session/SignedInSession.tsx'],
  AdminRoute: ['src/session/SignedInSession.tsx'],
};

export interface RouteWeight {
  path: string;
  module: string;
  /** The route guard the screen sits under, if any. */
  guard?: string;
  /** Every JS file a first visit downloads, the entry's first. */
  files: string[];
  /** The JS files needed before the screen first renders: the static imports of the entry, the guard's chunks and the screen (no lazy chunks). */
  firstFiles: string[];
  /** KB of gzipped first JavaScript (firstFiles): what the budget counts. */
  firstKb: number;
  gzipKb: number;
  budgetKb?: number;
}

const ENTRY = 'index.html';

/** A screen of router.tsx: its path, its module (relative to web/), whether the entry imports it statically, its guard. */
export interface RouteModule {
  path: string;
  module: string;
  /** In the entry chunk (`const landing = <LandingPage />` with a static import), not a lazy chunk of its own. */
  inEntry?: boolean;
  guard?: string;
}

/**
 * The screens of web/src/router.tsx: each `path` with the module its `screen(() => import(...))`
 * loads, also when the element is a named constant (`const landing = screen(...)`, or
 * `const landing = <LandingPage />` for a screen the entry imports), and the guard whose
 * `children` it is in (`{ element: <PrivateRoute />, children: [...] }`).
 */
export function routeModules(routerSource: string): RouteModule[] {
  const staticImports = new Map(
    [...routerSource.matchAll(/import \{ (\w+) \} from '\.\/(features\/[^']+)'/g)].map((m) => [m[1], `src/${m[2]}.tsx`]),
  );
  const constants = new Map<string, Omit<RouteModule, 'path'>>();
  for (const [, name, source] of routerSource.matchAll(/const (\w+) = screen\(\(\) => import\('\.\/([^']+)'\)/g)) {
    constants.set(name, { module: `src/${source}.tsx` });
  }
  for (const [, name, component] of routerSource.matchAll(/const (\w+) = <(\w+) \/>;/g)) {
    const module = staticImports.get(component);
    if (module) constants.set(name, { module, inEntry: true });
  }
  const guarded: Array<{ guard: string; from: number; to: number }> = [];
  for (const block of routerSource.matchAll(/element: <(\w+) \/>,\s*children: \[/g)) {
    let depth = 1;
    let end = block.index + block[0].length;
    while (depth > 0 && end < routerSource.length) {
      if (routerSource[end] === '[') depth++;
      if (routerSource[end] === ']') depth--;
      end++;
    }
    guarded.push({ guard: block[1], from: block.index, to: end });
  }
  const routes = [...routerSource.matchAll(/path: '([^']+)',\s*element: (?:screen\(\s*\(\) => import\('\.\/([^']+)'\)|(\w+))/g)];
  return routes.map((route) => {
    const [, path, module, constant] = route;
    const screen = module ? { module: `src/${module}.tsx` } : constants.get(constant);
    if (!screen) throw new Error(`router.tsx: the screen of ${path} is neither a lazy import nor a screen the entry imports`);
    const guard = guarded.find(({ from, to }) => route.index > from && route.index < to)?.guard;
    return { path, ...screen, ...(guard ? { guard } : {}) };
  });
}

/**
 * The modules a screen in the entry chunk loads lazily (`import('./Demo')` in its source): the
 * manifest lists them under the entry, not under the screen.
 */
function lazyImportsOf(webRoot: string, module: string): string[] {
  const source = readFileSync(join(webRoot, module), 'utf8');
  return [...source.matchAll(/import\('(\.[^']+)'\)/g)].map(([, target]) => {
    const key = posix.join(posix.dirname(module), target);
    return existsSync(join(webRoot, `${key}.tsx`)) ? `${key}.tsx` : `${key}.ts`;
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

const WEB_ROOT = join(import.meta.dirname, '..', 'web');

/** The gzip KB of JavaScript of every screen in router.tsx (read from `webRoot`), for the build in `dist`. */
export function routeWeights(dist: string, webRoot = WEB_ROOT): RouteWeight[] {
  const routerSource = readFileSync(join(webRoot, 'src', 'router.tsx'), 'utf8');
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
    .map(({ path, module, inEntry, guard }) => {
      const guardModules = guard === undefined ? [] : GUARD_MODULES[guard];
      if (!guardModules) throw new Error(`bench/route-weights.ts: GUARD_MODULES has no entry for ${guard}`);
      // The entry's files first, then the guard's and the screen's, each file once.
      const keys = new Set(entry);
      const screenModules = inEntry ? lazyImportsOf(webRoot, module) : [module];
      for (const key of [...guardModules, ...screenModules]) closure(manifest, key, true, keys);
      const initial = new Set(entry);
      for (const key of [...guardModules, ...(inEntry ? [] : [module])]) closure(manifest, key, false, initial);
      const jsFiles = (of: Set<string>) => [...new Set([...of].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
      const files = jsFiles(keys);
      const kb = (of: string[]) => Math.round(of.reduce((sum, file) => sum + weigh(file), 0) / 102.4) / 10;
      const firstFiles = jsFiles(initial);
      return {
        path,
        module,
        ...(guard ? { guard } : {}),
        files,
        firstFiles,
        firstKb: kb(firstFiles),
        gzipKb: kb(files),
        budgetKb: ROUTE_BUDGETS_KB[path],
      };
    });
}
