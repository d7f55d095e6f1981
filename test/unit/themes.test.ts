import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SOURCES = fileURLToPath(new URL('../../web/src', import.meta.url));

/** The web app's scripts (not its style sheets), as paths under web/src. */
const scripts = (): string[] => readdirSync(WEB_SOURCES, { recursive: true, encoding: 'utf8' }).filter((path) => /\.(ts|tsx)$/.test(path));

describe('the light and dark themes', () => {
  it('are CSS alone: no script reads the colour scheme, so a theme changes colours and nothing else (decision 0133)', () => {
    // The browser tests run every axe-core rule in one theme and only the colour rules in the other
    // (test/e2e/axe.ts): right only while the markup is the same in both.
    const readers = scripts().filter((path) => readFileSync(join(WEB_SOURCES, path), 'utf8').includes('prefers-color-scheme'));
    expect(readers).toEqual([]);
    expect(readFileSync(join(WEB_SOURCES, 'styles/tokens.css'), 'utf8')).toContain('@media (prefers-color-scheme: light)');
  });
});
