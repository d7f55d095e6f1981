import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleOptionsFor, functionEntries, projectRoot } from '../infra/bundling.js';
import { AREAS } from '../shared/api/index.js';
import { quick, table } from './common.js';

/** The budgets of issue 8: every function's minified bundle and its module init (median). */
const BUNDLE_BUDGET_KB = 250;
const INIT_BUDGET_MS = 40;
/**
 * Issue 22 §6: a request function's module init at most this many times the floor's
 * (bench/floor-function.ts), in CPU time: on this shared machine wall time swings with the other
 * work (a median of 5 moved 25 → 150 ms between runs), CPU time hardly; in Lambda's own sandbox the
 * import's wall time is its CPU time.
 */
const FLOOR_RATIO_GOAL = 1.5;
const FLOOR = 'floor (chassis + DynamoDB document client)';
/** Module init is timed in this many fresh processes; the median is reported. */
const INIT_RUNS = quick ? 5 : 11;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One `await import(bundle)` in a new Node process, as Lambda starts the function: its wall time,
 * and the CPU time it used (steadier than wall time on a machine busy with other work).
 */
function timeInit(outfile: string): { wallMs: number; cpuMs: number } {
  const script = `const cpu = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(outfile)});
    const used = process.cpuUsage(cpu); console.log(JSON.stringify({ wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000 }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    // As deployed: no NODE_OPTIONS (source maps are not enabled at run time; docs/decisions/0054-lean-function-bundles.md).
    env: { ...process.env, AWS_REGION: 'us-east-1', NODE_OPTIONS: '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`Importing ${outfile} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { wallMs: number; cpuMs: number };
}

/**
 * Minified bundle size and module-init time of each function, bundled with the stack's options
 * (source map written beside it, as deployed), against the budgets.
 */
export async function lambdaSection() {
  const outDir = join(projectRoot, '.bench', 'bundles');
  mkdirSync(outDir, { recursive: true });
  const functions = [];
  const floor = { name: FLOOR, entry: join(projectRoot, 'bench', 'floor-function.ts') };
  for (const { name, entry } of [floor, ...functionEntries()]) {
    const outfile = join(outDir, name === FLOOR ? 'floor' : name, 'index.mjs');
    await build({ ...bundleOptionsFor(name), entryPoints: [entry], outfile, logLevel: 'error' });
    functions.push({ name, outfile, inits: [] as Array<{ wallMs: number; cpuMs: number }> });
  }
  // Round by round across the functions, so a busy moment of the machine weighs on all of them alike.
  for (let round = 0; round < INIT_RUNS; round++) {
    for (const fn of functions) fn.inits.push(timeInit(fn.outfile));
  }
  const floorMs = median(functions[0].inits.map((init) => init.wallMs));
  const floorCpuMs = median(functions[0].inits.map((init) => init.cpuMs));
  const bundles = functions.map(({ name, outfile, inits }) => {
    const sizeKb = statSync(outfile).size / 1024;
    const wallMs = inits.map((init) => init.wallMs);
    const initMs = median(wallMs);
    const ratio = initMs / floorMs;
    const cpuMs = median(inits.map((init) => init.cpuMs));
    const cpuRatio = cpuMs / floorCpuMs;
    const requestFunction = (AREAS as readonly string[]).includes(name);
    return {
      function: name,
      'minified KB': sizeKb.toFixed(1),
      'gzip KB': (gzipSync(readFileSync(outfile)).length / 1024).toFixed(1),
      'source map KB': (statSync(`${outfile}.map`).size / 1024).toFixed(1),
      [`init ms (median of ${INIT_RUNS})`]: initMs.toFixed(1),
      'init range ms': `${Math.min(...wallMs).toFixed(0)}–${Math.max(...wallMs).toFixed(0)}`,
      'init CPU ms (median)': cpuMs.toFixed(1),
      'init ÷ floor': `${ratio.toFixed(2)}×`,
      'init CPU ÷ floor': `${cpuRatio.toFixed(2)}×`,
      [`request ≤ ${FLOOR_RATIO_GOAL}× floor (CPU)`]: requestFunction ? (cpuRatio <= FLOOR_RATIO_GOAL ? 'pass' : 'FAIL') : '–',
      [`size ≤ ${BUNDLE_BUDGET_KB} KB`]: sizeKb <= BUNDLE_BUDGET_KB ? 'pass' : 'FAIL',
      [`init ≤ ${INIT_BUDGET_MS} ms`]: initMs <= INIT_BUDGET_MS ? 'pass' : 'FAIL',
    };
  });
  table("Lambda bundles (esbuild with the stack's options; init = `await import()` in a fresh Node process)", bundles);
}
