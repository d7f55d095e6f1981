import { expect, type Page, test } from '@playwright/test';
import { LANDING_COUNTERS_KEY } from '../../shared/domain/landing-counters';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { baseUrl } from './helpers';
import { mailsTo } from './mailbox';

/** The public site (SPEC §1, §2 'Landing page', 'Contact', 'Terms and Privacy'). */

const counter = (page: Page, name: string) => page.locator(`[data-counter="${name}"] [aria-hidden="true"]`);
const plus = (value: number, money = false) => `${money ? '$' : ''}${Math.round(value).toLocaleString('en-US')}+`;

test('landing on a new install: no figures from GET /api/stats, a line without numbers, no empty band before Features', async ({
  page,
}) => {
  // One load, then the phone width by resizing the same page: the layout follows the width, not the load.
  await page.setViewportSize({ width: 1280, height: 800 });
  const stats = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/stats');
  await page.goto('/');
  // The e2e stack's LANDING_COUNTERS_MIN_USERS is never reached (global-setup.ts): the server says so.
  expect(await (await stats).json()).toEqual({ showFigures: false });
  await expect(page.getByText('Trusted by thousands')).toBeVisible();
  const line = page.getByTestId('landing-counters-without-figures');
  await expect(line).toHaveText('Every subscription in one place, every renewal on time.');
  await expect(page.locator('[data-counter]')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(line).toBeVisible();
    // The hero ends soon after the line: no band left reserved for counters that are not there.
    const gap = await page.evaluate(`(() => {
      const line = document.querySelector('[data-without-figures]').getBoundingClientRect();
      return document.querySelector('#features').getBoundingClientRect().top - line.bottom;
    })()`);
    expect(gap, `gap under the line at ${width} px`).toBeLessThanOrEqual(width > 720 ? 96 : 64);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: test.info().outputPath(`landing-new-install-${width}-${colorScheme}.png`) });
    }
  }
});

test('landing: the counters count up to the figures GET /api/stats gives; See How It Works shows the read-only demo', async ({ page }) => {
  // A deployment past its LANDING_COUNTERS_MIN_USERS: the answer as the stats function gives it then (test/api/stats.test.ts).
  const answer = { showFigures: true, totalUsers: 1234, totalSubscriptions: 5678, moneySaved: 910.5 };
  await page.route('**/api/stats', (route) => route.fulfill({ json: answer }));
  await page.goto('/');
  await expect(page.locator('dl[data-complete="true"]')).toBeVisible();
  await expect(counter(page, 'totalUsers')).toHaveText(plus(answer.totalUsers));
  await expect(counter(page, 'totalSubscriptions')).toHaveText(plus(answer.totalSubscriptions));
  await expect(counter(page, 'moneySaved')).toHaveText(plus(answer.moneySaved, true));

  await page.getByRole('button', { name: 'See How It Works' }).click();
  const section = page.locator('#demo');
  await expect(section).toBeFocused();
  await expect(section).toBeInViewport();
  const demo = page.getByTestId('demo-dashboard');
  await expect(demo.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();

  // Every control of the real dashboard components is there, and disabled.
  for (const control of [
    demo.getByRole('searchbox', { name: 'Search' }),
    demo.getByRole('combobox', { name: 'Sort by' }),
    demo.getByRole('combobox', { name: 'Currency' }),
    demo.getByRole('button', { name: 'Filters' }),
    demo.getByRole('button', { name: 'Add Subscription' }),
    demo.getByRole('button', { name: /Yearly Spending/ }),
  ]) {
    await expect(control).toBeDisabled();
  }
  const cards = demo.getByRole('list', { name: 'Subscriptions' }).getByRole('article');
  await expect(cards).toHaveCount(6);
  // The entry's stylesheet, inline in the landing page, is not added again by the demo's chunk (web/vite.config.ts).
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/index-"]')).toHaveCount(1);
  const cardButtons = demo.getByRole('list', { name: 'Subscriptions' }).getByRole('button');
  expect(await cardButtons.count()).toBeGreaterThan(6);
  for (const button of await cardButtons.all()) await expect(button).toBeDisabled();
  await expect(demo.getByRole('button', { name: 'Cancel subscription Netflix' })).toBeDisabled();
  // Nothing can be added or canceled: a click does nothing at all.
  await demo.getByRole('button', { name: 'Add Subscription' }).click({ force: true });
  await demo.getByRole('button', { name: 'Cancel subscription Netflix' }).click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await expectNoAxeViolationsInBothThemes(page, 'the landing page with its demo dashboard');
});

test("landing: SPEC's stored defaults only when GET /api/stats fails, at once with reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.route('**/api/stats', (route) => route.fulfill({ status: 503, json: { message: 'Service unavailable' } }));
  await page.goto('/');
  await expect(page.locator('dl[data-complete="true"]')).toBeVisible();
  const shown = (await page.evaluate(`JSON.parse(localStorage.getItem('${LANDING_COUNTERS_KEY}') ?? '{}')`)) as Record<string, number>;
  // SPEC §9: 1053, 1047 and 1061, each raised by 1 to 10 on a visit.
  expect(shown.totalUsers).toBeGreaterThanOrEqual(1054);
  expect(shown.totalUsers).toBeLessThanOrEqual(1063);
  expect(shown.totalSubscriptions).toBeGreaterThanOrEqual(1048);
  expect(shown.moneySaved).toBeGreaterThanOrEqual(1062);
  await expect(counter(page, 'totalUsers')).toHaveText(plus(shown.totalUsers));
  await expect(counter(page, 'moneySaved')).toHaveText(plus(shown.moneySaved, true));
});

test("landing: 'See How It Works' lands on the demo dashboard at 1280 and 390 px", async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    // The demo's code arrives only after the click, as on a slow connection: the scroll is under way
    // when the demo renders, and still lands on it.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/DashboardPage-/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('landing-counters-without-figures')).toBeVisible();
    await page.getByRole('button', { name: 'See How It Works' }).click();
    release();
    const demo = page.getByTestId('demo-dashboard');
    await expect(demo.getByRole('heading', { name: 'Your Subscriptions' })).toBeAttached();
    // Once the (smooth) scroll has ended, the section's heading is at the top and the demo under it, in view.
    const top = () => page.evaluate(`Math.round(document.querySelector('#demo').getBoundingClientRect().top)`) as Promise<number>;
    await expect.poll(top, { message: `the demo's top at ${width} px` }).toBeGreaterThanOrEqual(-1);
    await expect.poll(top, { message: `the demo's top at ${width} px` }).toBeLessThanOrEqual(120);
    await expect(page.locator('#demo-title')).toBeInViewport({ ratio: 1 });
    await expect(demo.getByText('A sample dashboard: sign up to track your own subscriptions.')).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath(`see-how-it-works-${width}.png`) });
    await page.unrouteAll();
  }
});

test('terms and privacy: the statements SPEC lists, their titles and descriptions, a back link to the landing page', async ({ page }) => {
  // One page load: /terms typed in, then /privacy through the landing page's footer, as a visitor moves.
  // axe-core checks both screens in layout.spec.ts ('terms', 'privacy').
  await page.goto('/terms');
  for (const [path, heading, description, statements] of [
    [
      '/terms',
      'Terms of Service',
      /what Subscription Tracker does/,
      [
        '8 characters with at least one number and one special character',
        '10 days and 3 days',
        'within 30 days',
        'within 90 days',
        'under 13',
        'JSON',
      ],
    ],
    [
      '/privacy',
      'Privacy Policy',
      /what data Subscription Tracker keeps/,
      ['two-factor authentication', 'JSON', 'within 30 days', 'within 90 days', 'under 13', 'kept for 90 days'],
    ],
  ] as const) {
    if (path === '/privacy') await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Subscription Tracker`);
    // Each page's own description replaces the one before it, never added beside it.
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    // The address named is the one the contact form mails (the server's SUPPORT_EMAIL; issue 23).
    await expect(page.locator('article').getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    const text = await page.locator('article').innerText();
    for (const statement of [...statements, 'Last updated October 10, 2025']) {
      expect(text, `${path}: ${statement}`).toContain(statement);
    }
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: /Take control of/ })).toBeVisible();
  }
});

test('contact: the form sends the message to support, shows the confirmation and goes back after 3 s (SPEC §9); its title, description, icons and manifest', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Support' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'NEED HELP?' })).toBeVisible();
  await expect(page.getByText('We respond within 1-3 business days.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('placeholder', 'Username');
  // axe-core checks this screen in layout.spec.ts ('contact').
  await expect(page).toHaveTitle('Contact Support · Subscription Tracker');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /1-3 business days/);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', '/og-image.png');
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toBe('application/manifest+json');
  const { icons } = (await manifest.json()) as { icons: Array<{ src: string; sizes: string }> };
  for (const path of ['/favicon.svg', '/favicon.ico', '/apple-touch-icon.png', '/og-image.png', ...icons.map((icon) => icon.src)]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()['content-type'], path).toMatch(/^image\//);
  }

  // The form's own checks and its failure messages are its component test's
  // (web/src/features/contact/ContactPage.test.tsx).
  await page.getByLabel('Name').fill('Ann');
  const email = `contact-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('How do I export my <data>?');

  // Sent: the confirmation takes the form's place, in view and focused; 3 s later the page goes back to the one it
  // came from inside the app (decision 0118).
  // The page's clock stands still but for runFor: its 3 s return waits for the test, not the machine.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  const sent = page.getByRole('status').filter({ hasText: "Message sent successfully! We'll respond within 1-3 business days." });
  await expect(sent).toBeVisible();
  await expect(sent.locator('..')).toBeFocused();
  await expect(sent).toBeInViewport({ ratio: 1 });
  await expect(sent).toContainText('Taking you back in 3 seconds.');
  await page.clock.runFor(2_900);
  await expect(page).toHaveURL(/\/contact$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/$/);
  const mail = (await mailsTo('support@example.com')).find((m) => m.body.text?.includes(email)) as { replyTo?: string[] } | undefined;
  expect(mail?.replyTo).toEqual([email]);
});

test("contact on a phone: the confirmation is in view once sent; 'Stay on this page' stops the return", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/terms');
  await page.goto('/contact');
  // The page's clock stands still but for runFor: its 3 s return waits for the test, not the machine.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByLabel('Name').fill('Ann');
  await page.getByLabel('Email').fill(`phone-${Date.now()}@example.com`);
  await page.getByLabel('Message').fill('A question from my phone.');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Message sent successfully!' });
  await expect(sent).toBeInViewport({ ratio: 1 });
  await expect(sent.getByRole('button', { name: 'Go Back' })).toBeInViewport({ ratio: 1 });
  await sent.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(sent).not.toContainText('Taking you back');
  // Frames run again for axe-core's wait for animations; runFor still moves the clock on.
  await page.clock.resume();
  await expectNoAxeViolationsInBothThemes(page, 'the contact page, message sent');
  await page.screenshot({ path: test.info().outputPath('contact-sent-390.png') });
  await page.clock.runFor(30_000);
  await expect(page).toHaveURL(/\/contact$/);
  // 'Send another message' brings the form back, the name and address kept.
  await sent.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByLabel('Name')).toHaveValue('Ann');
  await expect(page.getByLabel('Message')).toHaveValue('');
  // /contact was opened by a full page load typed after /terms: Go Back returns to /terms.
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/terms$/);
});

test("contact's Go Back: home when the page before is not ours, back when it is", async ({ page }) => {
  // One tab, as a visitor's: each case starts with a full page load, as from outside the app.
  const origin = baseUrl();
  // The first page of a tab (a link in an e-mail, a bookmark): home.
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(`${origin}/`);

  // Opened from another site's page (the same server under another name is another origin): home, not back there.
  expect(origin).toContain('localhost');
  const elsewhere = origin.replace('localhost', '127.0.0.1');
  await page.goto(`${elsewhere}/terms`);
  await page.goto('/contact', { referer: `${elsewhere}/terms` });
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(`${origin}/`);

  // Opened by a full page load from the privacy page: back to it.
  await page.goto('/privacy');
  await page.goto('/contact', { referer: `${origin}/privacy` });
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(`${origin}/privacy`);
});
