import { existsSync } from 'node:fs';

/**
 * How the browser tests and the bench start Chromium here (DESIGN §6, §9): PLAYWRIGHT_CHROMIUM_PATH,
 * else the system Chromium, else (undefined) Playwright's own download.
 */
export const chromiumPath: string | undefined =
  process.env.PLAYWRIGHT_CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** Headless, and none of Chromium's own network traffic, which this machine's closed network refuses. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
