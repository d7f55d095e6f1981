// `npm test`: everything a change must pass — lint and format (Biome), type check, web build, `cdk synth` with no
// AWS account (it bundles every function), unit, API and infra tests (vitest; the infra tests run cdk-nag and
// cfn-lint over every stack), the README's commands run as a user runs them (vitest), and the browser tests
// (Playwright in Chromium). Independent steps run side by side, each one's output printed whole when it ends.
// Stops at the first failure, and ends with a table of each step's wall and CPU time, each stage's wall and CPU time, and the
// ten slowest test files of each test step (docs/decisions/0078-test-speed.md,
// docs/decisions/0107-api-tests-side-by-side.md, docs/decisions/0129-browser-stage-headless-shell.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { relative, resolve as resolvePath } from 'node:path';

const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

function requirement(ok, message) {
  if (!ok) {
    console.error(`\nCannot run the tests: ${message}\n`);
    process.exit(1);
  }
}

const [major] = process.versions.node.split('.').map(Number);
requirement(major >= 20, `Node.js 20 or newer is required (this is ${process.version}).`);
requirement(
  spawnSync('java', ['-version']).status === 0,
  'a Java runtime was not found. DynamoDB Local needs Java 11 or newer: sudo apt-get install -y default-jre-headless',
);
requirement(
  spawnSync(env.CFN_LINT || 'cfn-lint', ['--version']).status === 0,
  'cfn-lint was not found. The infra tests lint the synthesized templates with it: pip install cfn-lint (1.51 or newer), or set CFN_LINT to its path.',
);
const chromium = env.PLAYWRIGHT_CHROMIUM_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '');
requirement(chromium === '' || existsSync(chromium), `PLAYWRIGHT_CHROMIUM_PATH points to ${chromium}, which does not exist.`);
if (!chromium) {
  console.warn("Chromium not found at /usr/bin/chromium and PLAYWRIGHT_CHROMIUM_PATH is not set: using Playwright's own browser.");
  console.warn('If that is not installed either, install Chromium (sudo apt-get install -y chromium) or set PLAYWRIGHT_CHROMIUM_PATH.');
}
const headlessShell =
  env.PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL_PATH || (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '');
requirement(
  headlessShell === '' || existsSync(headlessShell),
  `PLAYWRIGHT_CHROMIUM_HEADLESS_SHELL_PATH points to ${headlessShell}, which does not exist.`,
);
if (!headlessShell) {
  console.warn(
    "Chromium's headless shell not found at /usr/bin/chromium-headless-shell: the browser tests run in the full browser, with about",
  );
  console.warn(
    'half again the CPU (sudo apt-get install -y chromium-headless-shell; docs/decisions/0129-browser-stage-headless-shell.md).',
  );
}

/** Where the test steps' JSON reports go: the closing table reads each file's time from them. */
const TIMINGS = resolvePath('test-results/timings');

/**
 * A vitest step over `projects`: the usual console output, and each file's time for the closing table
 * (scripts/vitest-file-times.mjs). A project named here that vitest.config.ts does not define is skipped, as
 * long as one of them is defined.
 */
function vitest(name, slug, projects) {
  const report = `${TIMINGS}/${slug}.json`;
  const args = ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])];
  return [
    name,
    'npx',
    [...args, '--reporter=default', '--reporter=./scripts/vitest-file-times.mjs'],
    { report, env: { VITEST_FILE_TIMES: report } },
  ];
}

/**
 * The browser tests: the reporters of test/e2e/playwright.config.ts (the list on the console, the HTML report in
 * test-results/e2e-report) and a JSON report for the closing table. `--reporter` replaces the config's
 * reporters, so they are named again here, the HTML report's folder and its never opening by environment.
 */
function playwright(name, slug) {
  const report = `${TIMINGS}/${slug}.json`;
  return [
    name,
    'npx',
    ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts', '--reporter=list,html,json'],
    {
      report,
      env: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        PLAYWRIGHT_HTML_OUTPUT_DIR: resolvePath('test-results/e2e-report'),
        PLAYWRIGHT_HTML_OPEN: 'never',
      },
    },
  ];
}

/**
 * Stages run in order. A stage's lanes run side by side, the steps of a lane one after another: `cdk synth`
 * publishes web/dist as the site, so it follows the web build (without web/dist it would build the site itself).
 * A stage's `thenInFirstFreeLane` steps run after its lanes' own, each in the first lane that has ended its steps.
 */
const stages = [
  [
    [['lint and format (npm run lint: Biome, zero findings)', 'npm', ['run', '--silent', 'lint']]],
    [['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']]],
    [['type check (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']]],
    [
      // web/dist, with the hash of its sources: the later steps serve it, and build it again only if a source changed.
      ['web build', 'node', ['--import', 'tsx', 'scripts/build-web.ts']],
      // The one run of CDK's own bundling of every function (the infra tests synthesize without it).
      ['CDK synth, offline (npm run synth)', 'npm', ['run', '--silent', 'synth']],
    ],
  ],
  // The unit, component and infra tests keep the cores busy (esbuild, cdk-nag, cfn-lint); the API tests and the
  // README's commands mostly wait on their local stacks. In one vitest run the API files (their own group, a
  // stack per worker) would start only after the others: two runs side by side overlap them
  // (docs/decisions/0107-api-tests-side-by-side.md). The README's commands follow whichever of the two ends
  // first (docs/decisions/0126-fast-api-tests.md), and the browser tests the lane that ends next: the machine's two
  // cores are never left to one run while a step still waits (the README's commands mostly wait on the stacks they
  // start; docs/decisions/0129-browser-stage-headless-shell.md).
  {
    lanes: [
      // The web app's component tests (project `web`) run with the unit and infra tests.
      [vitest('unit, web component and infra tests', 'unit-web-infra', ['unit', 'web', 'infra'])],
      [vitest('API tests', 'api', ['api'])],
    ],
    // `npm start` and the browser tests serve web/dist, built in the first stage.
    thenInFirstFreeLane: [
      vitest('README commands (start, dev, reminders, openapi, format)', 'commands', ['commands']),
      playwright('browser tests', 'browser'),
    ],
  },
];

const times = [];
/** Each stage's wall time and the machine's CPU time meanwhile: on a busy 2-core machine the wall time follows the load, the CPU time the work. */
const stageTimes = [];
const started = Date.now();

/** The machine's CPU time so far (user, nice and system, every core), in seconds; undefined without /proc/stat (not Linux). */
function machineCpuSeconds() {
  try {
    const [, user, nice, system] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return (user + nice + system) / 100;
  } catch {
    return undefined;
  }
}
const seconds = (ms) => (ms / 1000).toFixed(1);

function printTable(outcome) {
  const total = 'total (wall clock)';
  const width = Math.max(...times.map(([name]) => name.length), total.length);
  console.log(`\n${'step'.padEnd(width)}  time (s)  CPU (s)`);
  console.log(`${'-'.repeat(width)}  --------  -------`);
  for (const [name, ms, status, , cpu] of times) {
    const cpuColumn = cpu === undefined ? '' : cpu.toFixed(1);
    console.log(`${name.padEnd(width)}  ${seconds(ms).padStart(8)}  ${cpuColumn.padStart(7)}${status ? `  ${status}` : ''}`);
  }
  console.log(`${'-'.repeat(width)}  --------  -------`);
  console.log(`${total.padEnd(width)}  ${seconds(Date.now() - started).padStart(8)}  ${outcome}`);
  printStages();
  printSlowestFiles();
}

/** Each stage's wall time, the machine's CPU time meanwhile and how many cores that kept busy on average. */
function printStages() {
  if (stageTimes.some(({ cpu }) => cpu === undefined)) return;
  console.log('\nstage  wall (s)  CPU (s)  cores busy');
  for (const [i, { ms, cpu }] of stageTimes.entries())
    console.log(
      `${String(i + 1).padEnd(5)}  ${seconds(ms).padStart(8)}  ${cpu.toFixed(1).padStart(7)}  ${(cpu / (ms / 1000)).toFixed(2).padStart(10)}`,
    );
}

/** Each spec file's time in a Playwright JSON report: the sum of its tests' runs (a file runs on one worker). */
function playwrightFileTimes(report) {
  const byFile = new Map();
  const visit = (suite, file) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) for (const result of test.results) byFile.set(name, (byFile.get(name) ?? 0) + result.duration);
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites) visit(suite, suite.file);
  return [...byFile].map(([file, ms]) => ({ file: resolvePath(report.config.rootDir ?? '.', file), ms }));
}

/**
 * The ten slowest test files of each test step that wrote its report (a step stopped early may not have): a
 * vitest file's import (with its setup and, for the API files, the wait for its stack) and its tests; a
 * Playwright spec file's tests.
 */
function printSlowestFiles() {
  for (const [name, , , report] of times) {
    if (!report || !existsSync(report)) continue;
    let files;
    try {
      const parsed = JSON.parse(readFileSync(report, 'utf8'));
      files = parsed.files ?? playwrightFileTimes(parsed);
    } catch {
      continue;
    }
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, 10);
    if (slowest.length === 0) continue;
    const paths = slowest.map(({ file }) => relative(process.cwd(), file));
    const width = Math.max(...paths.map((path) => path.length), 'file'.length);
    const split = slowest[0].importMs !== undefined;
    console.log(`\nslowest test files: ${name} (${files.length} files)`);
    console.log(`${'file'.padEnd(width)}  time (s)${split ? '  import  tests' : ''}`);
    for (const [i, file] of slowest.entries()) {
      const parts = split ? `  ${seconds(file.importMs).padStart(6)}  ${seconds(file.testsMs).padStart(5)}` : '';
      console.log(`${paths[i].padEnd(width)}  ${seconds(file.ms).padStart(8)}${parts}`);
    }
  }
}

/**
 * Each running step's CPU time, from /proc: once a second, every process of a step's tree (found by its parents,
 * so Chromium's renderers count, which no process waits for when the browser closes) with the CPU time it had
 * used when last seen. A process that lived less than a second, and a process's last second, go uncounted: the
 * figure is a little low, never high. Without /proc (not Linux) there is none.
 */
const cpuSampler = {
  /** Per step's root pid: per process (pid and start time), its user and system time when last seen, in ticks. */
  steps: new Map(),
  timer: undefined,
  sample() {
    let entries;
    try {
      entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    const processes = new Map();
    for (const pid of entries) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        processes.set(Number(pid), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), started: fields[19] });
      } catch {
        // gone meanwhile
      }
    }
    for (const [root, seen] of this.steps) {
      for (const [pid, { ticks, started }] of processes) {
        let ancestor = pid;
        for (let depth = 0; depth < 40 && ancestor > 1 && ancestor !== root; depth++) ancestor = processes.get(ancestor)?.parent ?? 0;
        if (ancestor === root) seen.set(`${pid}@${started}`, ticks);
      }
    }
  },
  start(root) {
    this.steps.set(root, new Map());
    this.timer ??= setInterval(() => this.sample(), 1000);
  },
  /** The step's CPU seconds so far, and it is no longer sampled. */
  stop(root) {
    this.sample();
    const seen = this.steps.get(root);
    this.steps.delete(root);
    if (this.steps.size === 0) this.timer = clearInterval(this.timer);
    if (!seen || seen.size === 0) return undefined;
    return [...seen.values()].reduce((sum, ticks) => sum + ticks, 0) / 100;
  },
};

/** Runs one step in a process group of its own (stopOthers ends it whole); its output is kept for the caller. */
function run([name, command, args, options = {}]) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    if (child.pid) cpuSampler.start(child.pid);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (code, signal) =>
      resolve({
        name,
        report: options.report,
        child,
        code: code ?? (signal ? 1 : 0),
        ms: Date.now() - begun,
        cpu: child.pid ? cpuSampler.stop(child.pid) : undefined,
        output: Buffer.concat(output).toString(),
      }),
    );
    run.children.add(child);
  });
}
run.children = new Set();

/** Stops the steps still running, each with its own process group (npx, npm and their children). */
function stopOthers() {
  for (const child of run.children) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

function fail(name, ms) {
  endStage();
  console.error(`\n✖ ${name} failed after ${seconds(ms)} s`);
  printTable(`failed at: ${name}`);
  process.exit(1);
}

rmSync(TIMINGS, { recursive: true, force: true });
mkdirSync(TIMINGS, { recursive: true });
let stageStart;
function beginStage() {
  stageStart = { at: Date.now(), cpu: machineCpuSeconds() };
}
function endStage() {
  if (!stageStart) return;
  const cpu = machineCpuSeconds();
  stageTimes.push({
    ms: Date.now() - stageStart.at,
    cpu: cpu === undefined || stageStart.cpu === undefined ? undefined : cpu - stageStart.cpu,
  });
  stageStart = undefined;
}

for (const stage of stages) {
  beginStage();
  const { lanes, thenInFirstFreeLane = [] } = Array.isArray(stage) ? { lanes: stage } : stage;
  const then = thenInFirstFreeLane.length ? `; then, in the first lane free: ${thenInFirstFreeLane.map(([name]) => name).join(', ')}` : '';
  console.log(`\n▶ side by side: ${lanes.map((lane) => lane.map(([name]) => name).join(', then ')).join('; ')}${then}`);
  const stageStarted = Date.now();
  const running = new Set();
  const waiting = [...thenInFirstFreeLane];
  const runStep = async (step) => {
    running.add(step[0]);
    const result = await run(step);
    running.delete(step[0]);
    console.log(`\n▶ ${result.name}`);
    if (result.output.trim()) process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
    times.push([result.name, result.ms, undefined, result.report, result.cpu]);
    if (result.code !== 0) {
      stopOthers();
      for (const name of running) times.push([name, Date.now() - stageStarted, 'stopped']);
      fail(result.name, result.ms);
    }
    console.log(`✔ ${result.name} (${seconds(result.ms)} s)`);
  };
  const lane = async (steps) => {
    for (const step of steps) await runStep(step);
    while (waiting.length > 0) await runStep(waiting.shift());
  };
  await Promise.all(lanes.map(lane));
  endStage();
}
printTable('all checks passed');
