// `npm test`: everything a change must pass, in order — lint and format (Biome), type check, web build, unit, API and
// infra tests (vitest; the infra tests run cdk-nag and cfn-lint over every stack), the README's commands run as a user runs them (vitest), `cdk synth` with no
// AWS account, then the browser tests (Playwright in Chromium). Stops at the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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

const steps = [
  ['lint and format (npm run lint: Biome, zero findings)', 'npm', ['run', '--silent', 'lint']],
  ['type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['type check (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']],
  ['web build', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']],
  ['unit, API and infra tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api', '--project', 'infra']],
  // After the others: `npm start` rebuilds web/dist, which the API tests' stack serves.
  ['README commands (start, dev, reminders, openapi, format)', 'npx', ['vitest', 'run', '--project', 'commands']],
  ['CDK synth, offline (npm run synth)', 'npm', ['run', '--silent', 'synth']],
  ['browser tests', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts']],
];

for (const [name, command, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log('\nAll checks passed.');
