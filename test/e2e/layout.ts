import { readFileSync } from 'node:fs';
import { expect, type Page, type TestInfo, test } from '@playwright/test';

/** findLayoutProblems() from layout-probe.js: what is wrong with the layout, in words, as the page shows it now. */
const PROBE = `${readFileSync(new URL('./layout-probe.js', import.meta.url), 'utf8')}\nfindLayoutProblems();`;

/** The widths every screen is checked at: small and common phones, a tablet, a laptop (issue 12). */
export const LAYOUT_WIDTHS = [360, 390, 768, 1280] as const;

/** The height the checks use (the page is measured and shot in full, dialogs as the viewport shows them). */
const HEIGHT = 800;

/** Waits until the layout after a resize has settled: finite animations done, two frames painted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  ).then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))`);
}

/**
 * The layout check of issue 12: at each of LAYOUT_WIDTHS (no reload, the viewport is resized) the
 * page does not scroll sideways and no control's text is clipped or wrapped (findLayoutProblems).
 * A width with a problem attaches its screenshot to the test's report (only then: a clean width costs
 * no screenshot). Every width is looked at before the test fails, and the viewport is put back as it was.
 */
export async function expectCleanLayout(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  const problems: string[] = [];
  await test.step(`layout of ${name}`, async () => {
    for (const width of LAYOUT_WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      await settle(page);
      const found = (await page.evaluate(PROBE)) as string[];
      for (const problem of found) problems.push(`${width} px: ${problem}`);
      if (found.length === 0) continue;
      const dialogOpen = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
      await testInfo.attach(`${name} at ${width} px`, {
        body: await page.screenshot({ fullPage: !dialogOpen, animations: 'disabled', type: 'jpeg', quality: 70 }),
        contentType: 'image/jpeg',
      });
    }
    if (original) await page.setViewportSize(original);
    await settle(page);
  });
  expect.soft(problems, `layout of ${name}`).toEqual([]);
}
