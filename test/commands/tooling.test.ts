import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OPENAPI_DOC, openApiText } from '../../scripts/openapi.js';
import { runCommand } from './command.js';

/** The README's tooling commands, run as written: on a clean checkout they change nothing. */
describe('npm run openapi', () => {
  it('writes the contract’s description to docs/openapi.json', async () => {
    const openapi = runCommand(['run', 'openapi']);
    expect(await openapi.exited).toBe(0);
    expect(openapi.output()).toContain(`Wrote ${OPENAPI_DOC}`);
    expect(readFileSync(OPENAPI_DOC, 'utf8')).toBe(openApiText());
  });
});

describe('npm run format', () => {
  it('formats every file, and finds nothing to change once `npm run lint` passes', async () => {
    const format = runCommand(['run', 'format']);
    expect(await format.exited).toBe(0);
    expect(format.output()).toMatch(/Checked \d+ files in .*No fixes applied/s);
  });
});

describe('npm run cost', () => {
  it('writes the cost model to docs/COST.md, the same document as committed', async () => {
    const committed = readFileSync('docs/COST.md', 'utf8');
    const cost = runCommand(['run', 'cost']);
    expect(await cost.exited).toBe(0);
    expect(cost.output()).toMatch(/Wrote .*docs\/COST\.md/);
    expect(readFileSync('docs/COST.md', 'utf8')).toBe(committed);
  });
});

describe('npm run test:deploy and npm run destroy:local', () => {
  // Port 9 (discard) has nothing listening on loopback: no emulator answers there.
  const noEmulator = { AWS_ENDPOINT_URL: 'http://127.0.0.1:9' };
  const sentence =
    'No AWS emulator is answering at http://127.0.0.1:9: start LocalStack or MiniStack first (README, "Test on LocalStack"), or set AWS_ENDPOINT_URL to where one runs.';

  it('say in one sentence what is missing when no emulator answers, before deploying or deleting anything', async () => {
    for (const script of ['test:deploy', 'destroy:local']) {
      const run = runCommand(['run', script], noEmulator);
      expect(await run.exited, script).toBe(1);
      expect(run.stderr().trim().split('\n').at(-1), script).toBe(sentence);
      expect(run.output(), script).not.toMatch(/^\s+at /m);
    }
  });
});

describe('npm run lint', () => {
  /**
   * The project's own lint script and Biome configuration, run on a folder outside the repository
   * (so a lint step running at the same time never sees the planted files): package.json, biome.json
   * and .gitignore copied, node_modules linked.
   */
  const root = resolve(import.meta.dirname, '..', '..');
  let folder: string | undefined;
  afterEach(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    folder = undefined;
  });

  function lintFolderWith(files: Record<string, string>) {
    folder = mkdtempSync(join(tmpdir(), 'lint-'));
    for (const name of ['package.json', 'biome.json', '.gitignore']) copyFileSync(join(root, name), join(folder, name));
    symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    const lint = spawnSync('npm', ['run', 'lint'], { cwd: folder, encoding: 'utf8' });
    return { exitCode: lint.status, output: lint.stdout + lint.stderr };
  }

  // Type-only imports on both sides: Biome's default (ignoreTypes) would not count this cycle.
  const ant = "import type { Bee } from './bee.js';\n\nexport interface Ant {\n  bee?: Bee;\n}\n";
  const beeImportingAnt = "import type { Ant } from './ant.js';\n\nexport interface Bee {\n  ant?: Ant;\n}\n";
  const beeAlone = 'export interface Bee {\n  legs: number;\n}\n';

  it('fails on two modules that import each other, type-only imports included', () => {
    const lint = lintFolderWith({ 'src/ant.ts': ant, 'src/bee.ts': beeImportingAnt });
    expect(lint.exitCode).not.toBe(0);
    expect(lint.output).toMatch(/src\/ant\.ts:1:\d+ lint\/suspicious\/noImportCycles/);
    expect(lint.output).toMatch(/src\/bee\.ts:1:\d+ lint\/suspicious\/noImportCycles/);
  });

  it('passes once the cycle is cut', () => {
    const lint = lintFolderWith({ 'src/ant.ts': ant, 'src/bee.ts': beeAlone });
    expect(lint.output).not.toContain('noImportCycles');
    expect(lint.exitCode).toBe(0);
  });

  // Web features (docs/decisions, 'Web feature boundaries'): another feature only through its index.ts.
  const statsRow = "export const StatsRow = 'stats';\n";
  const subscriptionsEntry = "export { StatsRow } from './StatsRow';\n";
  const landingUsing = (source: string) => `import { StatsRow } from '${source}';\n\nexport const Demo = StatsRow;\n`;
  const features = (landingImport: string) => ({
    'web/src/features/subscriptions/StatsRow.ts': statsRow,
    'web/src/features/subscriptions/index.ts': subscriptionsEntry,
    'web/src/features/landing/Demo.ts': landingUsing(landingImport),
  });

  it("fails on a web feature importing another feature's file", () => {
    const lint = lintFolderWith(features('../subscriptions/StatsRow'));
    expect(lint.exitCode).not.toBe(0);
    expect(lint.output).toMatch(/web\/src\/features\/landing\/Demo\.ts:1:\d+ lint\/style\/noRestrictedImports/);
  });

  it('fails on shared web code importing a feature', () => {
    const lint = lintFolderWith({
      ...features('../subscriptions'),
      'web/src/components/Stats.ts': landingUsing('../features/subscriptions'),
    });
    expect(lint.exitCode).not.toBe(0);
    expect(lint.output).toMatch(/web\/src\/components\/Stats\.ts:1:\d+ lint\/style\/noRestrictedImports/);
  });

  it('passes when the feature imports what the other offers through its index.ts', () => {
    const lint = lintFolderWith(features('../subscriptions'));
    expect(lint.output).not.toContain('noRestrictedImports');
    expect(lint.exitCode).toBe(0);
  });

  // The chassis stands on the ground (docs/decisions/0109-chassis-floor.md): no import from a domain.
  const chassisUsing = (source: string) => `import { settle } from '${source}';\n\nexport const step = settle;\n`;
  const domains = {
    'functions/lib/membership/membership.ts': "export const settle = 'settle';\n",
    'shared/domain/roles.ts': "export const settle = 'role';\n",
  };

  it('fails on the chassis importing a domain of functions/lib', () => {
    const lint = lintFolderWith({ ...domains, 'functions/lib/chassis/http.ts': chassisUsing('../membership/membership.js') });
    expect(lint.exitCode).not.toBe(0);
    expect(lint.output).toMatch(/functions\/lib\/chassis\/http\.ts:1:\d+ lint\/style\/noRestrictedImports/);
    expect(lint.output).toContain('The chassis is the floor the domains stand on');
  });

  it('passes when the chassis imports the shared contract and rules, and a domain imports the chassis', () => {
    const lint = lintFolderWith({
      ...domains,
      'functions/lib/chassis/http.ts': chassisUsing('../../../shared/domain/roles.js'),
      'functions/lib/membership/sign-in.ts': chassisUsing('../chassis/http.js'),
    });
    expect(lint.output).not.toContain('noRestrictedImports');
    expect(lint.exitCode).toBe(0);
  });
});
