import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/** axe-core's browser build, injected into a page once (the app has no frames to reach into). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The rules of TAGS whose outcome depends on colours: all a theme changes. The themes are CSS alone (the
 * prefers-color-scheme media query of web/src/styles/tokens.css; no script reads it), so the markup, names, roles
 * and focus order every other rule checks are the same in both.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Waits until every finite animation and transition has finished and two frames passed with none started. */
const SETTLED = `(async () => {
  const running = () =>
    document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (let round = 0; round < 20; round++) {
    await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
    await frame();
    await frame();
    if (running().length === 0) return;
  }
})()`;

/**
 * axe-core (WCAG 2.1 A and AA) finds nothing on the page as it is now. Runs once every finite
 * animation and transition has finished and two frames passed with none started: a dialog fading in
 * would otherwise be measured at half opacity, and one screen of a dialog can start its transition a
 * frame after the previous one ended. Endless ones (a profile effect's ring) are left running.
 * `include` limits the check to the elements a CSS selector names; `onlyColourRules` runs COLOUR_RULES alone, for
 * the second theme of what every rule has checked in the first.
 *
 * axe runs in the page itself (`axe.run`), injected once per document: @axe-core/playwright's way
 * (inject on every call, then finish the run in a new blank page) cost about a second a check.
 */
export async function expectNoAxeViolations(
  page: Page,
  context: string,
  options: { include?: string; onlyColourRules?: boolean } = {},
): Promise<void> {
  await page.evaluate(SETTLED);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, runOnly }) => {
      // In the page: its global object has axe-core and the document (the test project has no DOM types).
      const inPage = globalThis as unknown as { axe: typeof import('axe-core'); document: import('axe-core').ElementContext };
      const { violations } = await inPage.axe.run(include ?? inPage.document, { runOnly, resultTypes: ['violations'] });
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    {
      include: options.include,
      runOnly: options.onlyColourRules ? { type: 'rule' as const, values: COLOUR_RULES } : { type: 'tag' as const, values: TAGS },
    },
  );
  expect(violations, `axe-core in ${context}`).toEqual([]);
}

/**
 * The same in the light and in the dark theme; the page is left in the dark one. Every rule runs in the light
 * theme, the colour rules again in the dark one (a theme changes colours only: COLOUR_RULES).
 */
export async function expectNoAxeViolationsInBothThemes(page: Page, context: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page, `${context}, light theme`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, `${context}, dark theme`, { onlyColourRules: true });
}
