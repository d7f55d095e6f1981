import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { SITE_PAGES } from '../infra/site-files.js';
import { WEB_DIST } from './web.js';

/**
 * `npm start`'s web build (docs/decisions/0053-deploy-under-open-tabs.md): another `npm start` on the
 * same checkout may be serving web/dist to open tabs, so the build never empties it. Vite builds
 * into a folder of its own beside it, whose files then move into web/dist one rename each (a rename
 * replaces a file at once: a request gets the old file or the new one, never a missing or half-written
 * one): the hashed assets first, the pages that load them last. The previous release's files stay,
 * as the cloud keeps them, for the tabs that still run it; older releases' files go.
 */

const ROOT = resolve(import.meta.dirname, '..');

/** The files of the release in web/dist, written by each publish: the next one keeps them. */
export const RELEASE_FILES = '.vite/release-files.json';

/**
 * What the web build reads (web/vite.config.ts): the app, the contract and domain rules it imports from
 * shared/, the site's page names, and the packages. Their hash is written beside the build.
 */
const WEB_SOURCES = ['web', 'shared', 'infra/site-files.ts', 'package.json', 'package-lock.json'];
/** Not sources: the build's own output and the folders `npm start` builds into. */
const NOT_SOURCES = /^web\/dist(\.build-[^/]*)?(\/|$)/;

/** The hash of every file the web build reads, paths and contents: another hash means another build. */
export function webSourceHash(): string {
  const hash = createHash('sha256');
  for (const source of WEB_SOURCES) {
    const path = join(ROOT, source);
    const files = statSync(path).isDirectory() ? filesBelow(path).map((file) => `${source}/${file}`) : [source];
    for (const file of files.filter((f) => !NOT_SOURCES.test(f)).sort((a, b) => a.localeCompare(b))) {
      hash.update(`${file}\0`);
      hash.update(readFileSync(join(ROOT, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** The hash of the sources the build in `distDir` was made from (webSourceHash), written by buildWebSite. */
export const SOURCE_HASH_FILE = '.vite/source-hash';

/** Whether `distDir` holds a build of the current sources: built by buildWebSite from sources with this hash. */
export function webBuildIsFresh(distDir = WEB_DIST, sourceHash = webSourceHash()): boolean {
  try {
    return readFileSync(join(distDir, SOURCE_HASH_FILE), 'utf8').trim() === sourceHash;
  } catch {
    return false;
  }
}

/** Every file below `dir`, as paths relative to it with `/` separators. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      // A file another `npm start`'s publish removed meanwhile is no file.
      .filter((file) => statSync(join(dir, file), { throwIfNoEntry: false })?.isFile())
      .map((file) => file.split(sep).join('/'))
  );
}

/** The files the release now in `distDir` consists of; when unknown (a plain `vite build` wrote it), every file there. */
function currentRelease(distDir: string): string[] {
  try {
    return JSON.parse(readFileSync(join(distDir, RELEASE_FILES), 'utf8')) as string[];
  } catch {
    return filesBelow(distDir);
  }
}

/** Publish order: hashed assets, then every other file, then the pages that load them. */
function publishRank(file: string): number {
  if (file.startsWith('assets/')) return 0;
  return file === SITE_PAGES.landing || file === SITE_PAGES.appShell ? 2 : 1;
}

/**
 * Moves the build in `buildDir` into `distDir`, one rename per file, pages last; then removes the
 * files of `distDir` that belong neither to this release nor to the one it replaces. `buildDir`
 * must be on the same file system (beside `distDir`).
 */
export function publishWebBuild(buildDir: string, distDir: string): void {
  const previous = new Set(currentRelease(distDir));
  const release = filesBelow(buildDir).filter((file) => file !== RELEASE_FILES);
  mkdirSync(dirname(join(buildDir, RELEASE_FILES)), { recursive: true });
  writeFileSync(join(buildDir, RELEASE_FILES), JSON.stringify(release));
  const ordered = [...release].sort((a, b) => publishRank(a) - publishRank(b));
  for (const file of [...ordered, RELEASE_FILES]) {
    mkdirSync(dirname(join(distDir, file)), { recursive: true });
    renameSync(join(buildDir, file), join(distDir, file));
  }
  const kept = new Set([...release, RELEASE_FILES]);
  for (const file of filesBelow(distDir)) {
    if (!kept.has(file) && !previous.has(file)) rmSync(join(distDir, file), { force: true });
  }
}

/**
 * Builds the web app (web/vite.config.ts) into a new folder beside `distDir` and publishes it there
 * (publishWebBuild), with the hash of its sources (SOURCE_HASH_FILE). `whenStale`: only when `distDir`
 * is not a build of the current sources (`npm start`, the tests: a newcomer's first start builds, the
 * next ones reuse it). False, with Vite's error on stderr, when the build fails: `distDir` is untouched.
 */
export function buildWebSite(distDir = WEB_DIST, { whenStale = false }: { whenStale?: boolean } = {}): boolean {
  const sourceHash = webSourceHash();
  if (whenStale && webBuildIsFresh(distDir, sourceHash)) {
    console.log(`${relative(ROOT, distDir) || distDir} is a build of the current sources: not building it again.`);
    return true;
  }
  const buildDir = `${distDir}.build-${process.pid}-${Date.now()}`;
  try {
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(
      process.execPath,
      [vite, 'build', '--config', join(ROOT, 'web', 'vite.config.ts'), '--outDir', buildDir, '--emptyOutDir'],
      // A production build whatever the caller's NODE_ENV (vitest's is `test`, which would bundle React's development build).
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (build.status !== 0) return false;
    publishWebBuild(buildDir, distDir);
    writeFileSync(join(distDir, SOURCE_HASH_FILE), `${sourceHash}\n`);
    return true;
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}
