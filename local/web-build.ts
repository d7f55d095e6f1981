import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
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
 * (publishWebBuild). False, with Vite's error on stderr, when the build fails: `distDir` is untouched.
 */
export function buildWebSite(distDir = WEB_DIST): boolean {
  const buildDir = `${distDir}.build-${process.pid}-${Date.now()}`;
  try {
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(
      process.execPath,
      [vite, 'build', '--config', join(ROOT, 'web', 'vite.config.ts'), '--outDir', buildDir, '--emptyOutDir'],
      { cwd: ROOT, stdio: 'inherit' },
    );
    if (build.status !== 0) return false;
    publishWebBuild(buildDir, distDir);
    return true;
  } finally {
    rmSync(buildDir, { recursive: true, force: true });
  }
}
