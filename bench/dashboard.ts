import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { projectRoot } from '../infra/bundling.js';
import { CHROMIUM_ARGS, chromiumPath } from '../test/e2e/chromium.js';
import { median } from './common.js';
import { benchSubscriptionName, signedInUser } from './signed-in-user.js';

/**
 * Times one interaction inside the page, without Playwright's round trips and polling: from
 * just before the input event is dispatched until the frame after the DOM first shows `text`
 * (a MutationObserver sees the text, then requestAnimationFrame + a task: the main thread's part of
 * that frame is done; raster and draw follow, as bench/NOTES.md 'First paint, timed on screen' measured).
 */
function interaction(page: Page, action: 'search' | 'clear' | 'next' | 'previous', text: string) {
  return page.evaluate(
    ([action, text]) =>
      new Promise<number>((resolve) => {
        // The bench's tsconfig has no DOM types: the page's globals are read untyped.
        const page = globalThis as any;
        const doc = page.document;
        const started = performance.now();
        const observer = new page.MutationObserver(() => {
          if (!doc.body.textContent.includes(text)) return;
          observer.disconnect();
          page.requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
        });
        observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
        const buttons = doc.querySelectorAll('nav[aria-label="Subscription pages"] button');
        if (action === 'next') buttons[buttons.length - 1].click();
        else if (action === 'previous') buttons[0].click();
        else {
          // What a keystroke does to a React-controlled input: a new value, then an input event.
          const input = doc.querySelector('input[type="search"]');
          const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
          setValue?.call(input, action === 'search' ? 'Service 99' : '');
          input.dispatchEvent(new page.Event('input', { bubbles: true }));
        }
      }),
    [action, text] as const,
  );
}

const ROUNDS = 5;

/** Loads /dashboard for a user with 1,000 subscriptions and times the first render, a search keystroke and paging. */
export async function dashboardTiming(url: string) {
  if (!chromiumPath) return undefined;
  const login = await signedInUser(url, 'dash', 1000);
  const { chromium: playwright } = await import('@playwright/test');
  const browser = await playwright.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${url}/login`);
    await page.evaluate(
      ([t, u]) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
        storage.setItem('token', t);
        storage.setItem('user', u);
      },
      [login.token, login.user],
    );
    const started = Date.now();
    await page.goto(`${url}/dashboard`);
    await page.getByText(benchSubscriptionName(0), { exact: true }).first().waitFor({ timeout: 30_000 });
    const firstRender = Date.now() - started;
    const searches: number[] = [];
    const pages: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Service 99 and 990–999.
      searches.push(await interaction(page, 'search', 'Showing 1–8 of 11'));
      await interaction(page, 'clear', 'Showing 1–8 of 1000');
      pages.push(await interaction(page, 'next', 'Page 2 of 125'));
      await interaction(page, 'previous', 'Page 1 of 125');
    }
    const ms = (value: number) => Math.round(value * 10) / 10;
    return {
      'first render': firstRender,
      'search keystroke → result (first)': ms(searches[0]),
      [`search keystroke → result (median of ${ROUNDS})`]: ms(median(searches)),
      'next page (first)': ms(pages[0]),
      [`next page (median of ${ROUNDS})`]: ms(median(pages)),
    };
  } catch (error) {
    const screenshot = join(projectRoot, '.bench', 'dashboard-failure.png');
    await browser
      .contexts()[0]
      ?.pages()[0]
      ?.screenshot({ path: screenshot })
      .catch(() => undefined);
    console.log(`(dashboard timing failed: ${(error as Error).message.split('\n')[0]}; screenshot: ${screenshot})`);
    return undefined;
  } finally {
    await browser.close();
  }
}
