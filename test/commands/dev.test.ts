import { describe, expect, it } from 'vitest';
import { call, READY_LINE, runCommand, signUp, stackSettings, stackTraceLines, stopWithSigterm } from './command.js';

/** `npm run dev`: the same stack, the web app from Vite's dev server (hot reload) instead of the build. */
describe('npm run dev', () => {
  it("serves the SPA's index page through Vite and the API on a new data folder", async () => {
    const stack = await stackSettings();
    const dev = runCommand(['run', 'dev'], stack.env);
    await dev.waitFor(READY_LINE);

    for (const path of ['/', '/dashboard']) {
      const page = await fetch(stack.url + path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      // Vite's client: hot reload, which the built index.html does not have.
      expect(html).toContain('/@vite/client');
    }
    const source = await fetch(`${stack.url}/src/main.tsx`);
    expect(source.status).toBe(200);

    const bob = await signUp(stack, 'bob');
    expect(await call(stack.url, 'GET', '/api/auth/me', { token: bob.token })).toMatchObject({ status: 200, body: { username: 'bob' } });
    await stopWithSigterm(dev, stack.dataDir);
    expect(stackTraceLines(dev.output())).toEqual([]);
  });
});
