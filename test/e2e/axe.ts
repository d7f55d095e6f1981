import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core (WCAG 2.1 A and AA) finds nothing on the page as it is now. Runs once every finite
 * animation and transition has finished: a dialog fading in would otherwise be measured at half
 * opacity. Endless ones (a profile effect's ring) are left running.
 */
export async function expectNoAxeViolations(page: Page, context: string): Promise<void> {
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  )`);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
