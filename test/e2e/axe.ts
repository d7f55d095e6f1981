import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2.1 A and AA) finds nothing on the page as it is now. Runs once every finite
 * animation and transition has finished and two frames passed with none started: a dialog fading in
 * would otherwise be measured at half opacity, and one screen of a dialog can start its transition a
 * frame after the previous one ended. Endless ones (a profile effect's ring) are left running.
 * `include` limits the check to the elements a CSS selector names.
 */
export async function expectNoAxeViolations(page: Page, context: string, options: { include?: string } = {}): Promise<void> {
  await page.evaluate(`(async () => {
    const running = () =>
      document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity);
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let round = 0; round < 20; round++) {
      await Promise.all(running().map((animation) => animation.finished.catch(() => undefined)));
      await frame();
      await frame();
      if (running().length === 0) return;
    }
  })()`);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // A part of the page only (an open dialog, when the page behind it was checked on its own).
  if (options.include) builder.include(options.include);
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe-core in ${context}`,
  ).toEqual([]);
}

/** The same in the light and in the dark theme; the page is left in the dark one. */
export async function expectNoAxeViolationsInBothThemes(page: Page, context: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `${context}, ${colorScheme} theme`);
  }
}
