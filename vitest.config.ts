import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** API test files at once, each with a local stack of its own (API_TEST_WORKERS overrides it, e.g. 1 to run them one at a time). */
const API_WORKERS = Number(process.env.API_TEST_WORKERS) || 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share one process and module graph: the packages (the AWS SDK, zod, fast-check)
          // load once per worker, not once per file (three quarters of the project's CPU time). test/unit/setup.ts
          // puts back the environment and the project's own modules after each file.
          isolate: false,
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files run side by side, each on its worker's own local stack (test/api/global-setup.ts,
          // docs/decisions/0107-api-tests-side-by-side.md). Vitest's default is one worker less than the
          // cores (one on a 2-core machine); the files mostly wait on their stacks.
          maxWorkers: API_WORKERS,
          // The files of a worker share one process and module graph (the runner, the AWS SDK, the helpers and
          // the worker's stack are loaded once per worker, not once per file: a fresh process per file was a
          // quarter of the run's CPU). test/api/setup.ts resets what the helpers keep per file
          // (docs/decisions/0126-fast-api-tests.md).
          isolate: false,
          setupFiles: ['test/api/setup.ts'],
          // Its own group: a run of several projects takes the others' files first, then these with their workers.
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share one module graph, so a product one file synthesized (test/infra/synth.ts)
          // serves the others that ask for the same context, and aws-cdk-lib loads once per worker
          // (docs/decisions/0125-infra-tests-synthesize-once.md). Its cloud assemblies go to one folder for the run.
          isolate: false,
          globalSetup: ['test/infra/global-setup.ts'],
          // Its own group: in a run with other projects (npm test's unit, web and infra) vitest keeps a worker's
          // module graph only from one file to the next of the same project, and a group of its own hands a
          // single worker all the files at once.
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // `npm run test:deploy` (not part of npm test): the product deployed to the local AWS emulator at
          // AWS_ENDPOINT_URL and walked there (test/deploy; docs/decisions/0146). CI runs it on MiniStack.
          name: 'deploy',
          include: ['test/deploy/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/deploy/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 600_000,
        },
      },
      {
        test: {
          // The README's commands (npm start, npm run dev, npm run reminders) run as a user runs them.
          name: 'commands',
          include: ['test/commands/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // Each starts its own stack, Java included: one at a time on a small machine.
          fileParallelism: false,
        },
      },
      {
        // The web app's components (docs/decisions/0108-component-tests.md): beside the code they test,
        // under web/src, so web/tsconfig.json and the web lint rules check them with it. The JSX and the
        // '@shared' alias as web/vite.config.ts has them; CSS modules are not processed (class names are
        // not what a user sees).
        plugins: [react()],
        resolve: { alias: { '@shared': fileURLToPath(new URL('shared', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testing/setup.ts'],
          // A busy machine (the whole suite on two cores) slows a test that types and clicks through a form.
          testTimeout: 20_000,
          // The files of a worker share one module graph (React, the router, the query cache, the icons are
          // loaded once per worker, not once per file: a third of the CPU time); setup.ts resets what a test
          // leaves behind (the page, the cache, the storage, fetch).
          isolate: false,
        },
      },
    ],
  },
});
