import { forgetOwnerSession } from './helpers.js';

/**
 * Runs before each API test file. The files of a worker share one module graph (vitest.config.ts,
 * `isolate: false`), so what test/api/helpers.ts keeps for a file starts afresh here.
 */
forgetOwnerSession();
