import { existsSync } from 'node:fs';

/**
 * How the browser tests and the bench start Chromium here (DESIGN §6, §9): PLAYWRIGHT_CHROMIUM_PATH,
 * else the system Chromium, else (undefined) Playwright's own download.
 */
export const chromiumPath: string | undefined =
  process.env.PLAYWRIGHT_CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the old headless mode Playwright itself runs
 * headless tests in): the same Blink, V8 and network stack without the browser's UI layers, a third less CPU
 * per test than the full browser in its headless mode (docs/decisions/0129-browser-stage-headless-shell.md).
 * PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL_PATH, else the system's, else the full browser above. It shows no
 * notifications and calls itself HeadlessChrome, so push.spec.ts runs in the full browser.
 */
export const headlessShellPath: string | undefined =
  process.env.PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumPath);

/**
 * Headless, and none of Chromium's own network traffic, which this machine's closed network refuses. The GPU
 * process's work (software compositing, with no GPU) runs on a thread of the browser's process: a quarter less
 * of Chromium's CPU time in the browser tests, no process and no IPC between it and the browser
 * (docs/decisions/0132-less-cpu-per-run.md).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
