import { resolve } from 'node:path';
import { buildWebSite } from '../local/web-build.js';

/**
 * `npm start`'s web build: into web/dist (or the folder given) without taking a file from an app
 * that serves it meanwhile, and only when a source changed since the build there (local/web-build.ts).
 * Exits 1 when the build fails, web/dist untouched.
 */
const [distDir] = process.argv.slice(2);
process.exitCode = buildWebSite(distDir ? resolve(distDir) : undefined, { whenStale: true }) ? 0 : 1;
