import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleOptions, functionEntries, projectRoot } from '../infra/bundling.js';
import { table } from './common.js';

/** Minified bundle size and module-init time of each function, bundled with the stack's options. */
export async function lambdaSection() {
  const outDir = join(projectRoot, '.bench', 'bundles');
  mkdirSync(outDir, { recursive: true });
  const bundles = [];
  for (const { name, entry } of functionEntries()) {
    const outfile = join(outDir, name, 'index.mjs');
    await build({ ...bundleOptions, sourcemap: false, entryPoints: [entry], outfile, logLevel: 'error' });
    const size = statSync(outfile).size;
    const init = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `const t = performance.now(); await import(${JSON.stringify(outfile)}); console.log((performance.now() - t).toFixed(1));`],
      { env: { ...process.env, AWS_REGION: 'us-east-1' }, encoding: 'utf8' },
    );
    bundles.push({
      function: name,
      'minified KB': (size / 1024).toFixed(1),
      'gzip KB': (gzipSync(readFileSync(outfile)).length / 1024).toFixed(1),
      'module init ms': init.status === 0 ? Number(init.stdout.trim()) : 'failed',
    });
  }
  table('Lambda bundles (esbuild, the stack\'s options)', bundles);
}
