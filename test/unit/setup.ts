import { afterAll, vi } from 'vitest';

/**
 * Runs before each unit test file. The files of a worker share one process and one module graph (vitest.config.ts,
 * `isolate: false`): what a file changes in process.env (the chassis' configuration, the channels' words) and the
 * modules it read that configuration into (functions/lib/chassis/config.ts keeps it once read) are put back once the
 * file ends, as are the clock, the globals and the spies a file replaced, so the next file starts from the state the run
 * began with. The packages stay loaded.
 */
const environment = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
