import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveWebBuild } from '../../local/web.js';
import { publishWebBuild } from '../../local/web-build.js';

/**
 * Two `npm start` on one checkout (docs/decisions/0053-deploy-under-open-tabs.md): the second one's
 * web build goes into the folder the first one serves without taking a file from under it — every
 * page answered while the build is published loads scripts that are there — and the previous
 * release's files stay for the tabs that run it.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');

/** A small release of the site, published into `distDir` as a build of `npm start` is: pages that load one script. */
function publishRelease(distDir: string, name: string): string {
  const build = `${distDir}.build-${name}`;
  const script = `assets/${name}-1.js`;
  const page = `<!doctype html><title>${name}</title><div id="root"></div><script type="module" src="/${script}"></script>`;
  for (const [file, text] of [
    ['index.html', page],
    ['app.html', page],
    [script, `console.log(${JSON.stringify(name)});`],
  ] as const) {
    mkdirSync(dirname(join(build, file)), { recursive: true });
    writeFileSync(join(build, file), text);
  }
  publishWebBuild(build, distDir);
  return `/${script}`;
}

/** Runs what `npm start` runs before it starts the stack (package.json), here into `distDir`; resolves with its exit code. */
function startBuildStep(distDir: string): Promise<number | null> {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [build] = scripts.start.split(' && ');
  const child = spawn('sh', ['-c', `${build} "$0"`, distDir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((done) => child.on('exit', done));
}

describe("npm start's web build", () => {
  it('publishes into the folder a running app serves: every page answered loads scripts that are there; the previous release stays', async () => {
    const distDir = join(mkdtempSync(join(tmpdir(), 'subscription-tracker-web-')), 'dist');
    const olderScript = publishRelease(distDir, 'older');
    const oldScript = publishRelease(distDir, 'old');

    // The running app of the first `npm start`, serving that folder.
    const server = createServer((req, res) => void serveWebBuild(req, res, new URL(req.url ?? '/', 'http://localhost'), distDir));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    /** A screen as a tab opens it: its page, then the scripts the page loads; each answer's status. */
    const openScreen = async (path: string) => {
      const page = await fetch(base + path);
      const html = await page.text();
      const scripts = [...html.matchAll(/<script type="module"(?: crossorigin)? src="([^"]+)"/g)].map(([, src]) => src as string);
      const answers = await Promise.all(scripts.map(async (script) => (await fetch(base + script)).status));
      return { page: page.status, scripts, answers };
    };

    try {
      expect(await openScreen('/')).toEqual({ page: 200, scripts: [oldScript], answers: [200] });

      // The second `npm start` builds; the first one's tabs keep asking.
      let ended = false;
      const built = startBuildStep(distDir).finally(() => {
        ended = true;
      });
      const failures: string[] = [];
      let asked = 0;
      while (!ended) {
        for (const path of ['/', '/dashboard']) {
          const screen = await openScreen(path);
          asked += 1;
          if (screen.page !== 200 || screen.scripts.length === 0 || screen.answers.some((status) => status !== 200))
            failures.push(`${path}: ${JSON.stringify(screen)}`);
        }
        const old = (await fetch(base + oldScript)).status;
        if (old !== 200) failures.push(`${oldScript}: ${old}`);
        // Paced, so that the build is not starved of the machine's cores; every answer is checked all the same.
        await new Promise((paced) => setTimeout(paced, 10));
      }
      expect(await built).toBe(0);
      expect(asked).toBeGreaterThan(2);
      expect(failures.slice(0, 6)).toEqual([]);

      // The new release serves; the one it replaced stays, the one before that is gone.
      const current = await openScreen('/dashboard');
      expect(current.page).toBe(200);
      expect(current.scripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
      expect(current.answers).toEqual([200]);
      expect((await fetch(base + oldScript)).status).toBe(200);
      expect((await fetch(base + olderScript)).status).toBe(404);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });
});
