import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
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
    // Set by global-setup.ts, which runs before the workers load this file.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
      },
    },
  ],
});
