import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
