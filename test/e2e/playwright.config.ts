import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath, headlessShellPath } from './chromium';
import { type StackName, startedStacks } from './stacks';

/** The headless shell: every spec but push.spec.ts (chromium.ts). */
const browser = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: headlessShellPath, args: CHROMIUM_ARGS },
};

/** The full browser, for what only it has: notifications a service worker shows, its own user agent (push.spec.ts). */
const fullBrowser = { ...browser, launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS } };
const FULL_BROWSER_SPECS = ['push.spec.ts'];

/**
 * Specs that read state every test shares: the admin console counts every user (its pager and role
 * counters), and announcements are shown to everyone (announcements.spec.ts starts from none). They run on the
 * staff stack (global-setup.ts), one after the other on one worker, from the start, beside the other specs on
 * the other worker (docs/decisions/0130-browser-specs-on-stacks-of-their-own.md, 0133); every other spec uses
 * the main stack, each with users of its own.
 */
const OWN_STACK_SPECS = ['admin.spec.ts', 'announcements.spec.ts'];

// Set by global-setup.ts, which runs before the workers load this file (undefined while the runner loads it first).
const stacks = startedStacks();
/** A project's stack: its addresses for the helpers (stacks.ts `stack()`, from `metadata.stack`) and its URL for the pages. */
const on = (name: StackName, use: typeof browser) => ({
  metadata: { stack: stacks?.[name] },
  use: { ...use, baseURL: stacks?.[name].url },
});

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The console gets the list; the HTML report (with the layout check's screenshots of the widths it found a problem at) goes to
  // test-results/e2e-report (open it with `npx playwright show-report test-results/e2e-report`).
  reporter: [['list'], ['html', { outputFolder: '../../test-results/e2e-report', open: 'never' }]],
  outputDir: '../../test-results/e2e',
  use: {
    // No trace is recorded: recording one (its screencast above all) cost more CPU than the rest of Chromium's work
    // together (docs/decisions/0127-browser-stage-cpu.md). A failure keeps its screenshot and the page's snapshot
    // (error-context.md); to trace a failing test, run it again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (web/public/sw.js) answers navigations, which page.route() does not see:
    // specs stub the network without it; push.spec.ts, which tests it, allows it.
    serviceWorkers: 'block',
  },
  // No project depends on another: they all start at once, and the workers take the files in this order, so the
  // staff specs (serial files, one after the other: they keep one worker about 140 s) start first rather than end
  // the stage.
  projects: [
    { name: 'staff', testMatch: OWN_STACK_SPECS, workers: 1, ...on('staff', browser) },
    { name: 'chromium', testIgnore: [...OWN_STACK_SPECS, ...FULL_BROWSER_SPECS], ...on('main', browser) },
    { name: 'full browser', testMatch: FULL_BROWSER_SPECS, ...on('main', fullBrowser) },
  ],
});
