import { expect, test } from '@playwright/test';
import { addDays, formatDateShort } from '../../shared/domain/dates.js';
import { apiCall, baseUrl, createMember, seedSubscription } from './helpers';
import { mailsTo } from './mailbox';

/**
 * The renewal reminder as its reader sees it (SPEC §1, §9): the job runs on the local stack for a
 * day, and the HTML part it mailed is opened in Chromium, on a desktop and on a phone. Screenshots
 * land in test-results/e2e/reminder-email-*.png.
 */
const RUN_DATE = '2036-03-10';

test('the reminder e-mail says what renews, for how much and when, and reads on a phone', async ({ page }) => {
  const user = await createMember('mail');
  await apiCall('PUT', '/api/auth/settings', { token: user.token, body: { currencyPreference: 'GBP' } });
  await seedSubscription(user, {
    name: 'Adobe Creative Cloud',
    amount: 59.99,
    billingCycle: 'monthly',
    category: 'software',
    dueDate: addDays(RUN_DATE, 10),
    autoRenew: true,
  });
  const run = await fetch(`${baseUrl()}/_local/reminders?date=${RUN_DATE}`, { method: 'POST' });
  expect(run.status).toBe(200);

  const [mail] = (await mailsTo(`${user.username}@example.com`)).filter((m) => m.subject.startsWith('Reminder:'));
  // Billed in pounds, the user's currency when it was added (issue 24 §1): the price as billed, nothing to convert.
  expect(mail.subject).toBe('Reminder: Adobe Creative Cloud renews in 10 days (£59.99)');
  const amount = '£59.99';

  await page.setContent(mail.body.html as string);
  await expect(page.getByRole('heading', { name: 'Adobe Creative Cloud renews in 10 days' })).toBeVisible();
  await expect(page.getByText(`Your Adobe Creative Cloud subscription is due on ${formatDateShort(addDays(RUN_DATE, 10))}.`)).toBeVisible();
  await expect(page.getByText(`${amount}/month`, { exact: true })).toBeVisible();
  await expect(page.getByText('Software', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your dashboard' })).toHaveAttribute('href', `${baseUrl()}/dashboard`);
  await expect(page.getByRole('link', { name: 'Change your reminder settings' })).toHaveAttribute('href', `${baseUrl()}/settings`);
  await page.screenshot({ path: 'test-results/e2e/reminder-email-desktop.png', fullPage: true });

  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  expect(overflow, 'no sideways scrolling on a 360 px phone').toBeLessThanOrEqual(0);
  await expect(page.getByRole('link', { name: 'Open your dashboard' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/e2e/reminder-email-phone.png', fullPage: true });
});

test("the trial's end and the cancel-by date, each price as billed and in the reader's currency (issue 24 §3)", async ({ page }) => {
  // A date of its own: a date the job has planned queues nothing a second time.
  const TRIAL_RUN_DATE = '2036-05-10';
  const user = await createMember('mailtrial');
  await apiCall('PUT', '/api/auth/settings', { token: user.token, body: { currencyPreference: 'GBP' } });
  await seedSubscription(user, {
    name: 'Disney Plus',
    amount: 9.99,
    currency: 'USD',
    billingCycle: 'monthly',
    category: 'streaming',
    dueDate: addDays(TRIAL_RUN_DATE, 10),
    trialEndsAt: addDays(TRIAL_RUN_DATE, 10),
    autoRenew: true,
  });
  await seedSubscription(user, {
    name: 'Gym Membership',
    amount: 40,
    currency: 'EUR',
    billingCycle: 'monthly',
    category: 'other',
    dueDate: addDays(TRIAL_RUN_DATE, 33),
    noticeDays: 30,
  });
  const run = await fetch(`${baseUrl()}/_local/reminders?date=${TRIAL_RUN_DATE}`, { method: 'POST' });
  expect(run.status).toBe(200);
  const mails = (await mailsTo(`${user.username}@example.com`)).filter((m) => m.subject.startsWith('Reminder:'));

  const trial = mails.find((m) => m.subject.includes('Disney Plus'));
  expect(trial?.subject).toBe('Reminder: Your free trial of Disney Plus ends in 10 days \u2014 it then costs $9.99/month (\u2248 £7.89)');
  await page.setContent(trial?.body.html as string);
  await expect(page.getByRole('heading', { name: 'Your free trial of Disney Plus ends in 10 days' })).toBeVisible();
  await expect(
    page.getByText(
      `Your free trial of Disney Plus ends on ${formatDateShort(addDays(TRIAL_RUN_DATE, 10))}. It then costs $9.99/month (\u2248 £7.89), first charged on ${formatDateShort(addDays(TRIAL_RUN_DATE, 10))}.`,
      { exact: false },
    ),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/reminder-email-trial.png', fullPage: true });

  const cancel = mails.find((m) => m.subject.includes('Gym Membership'));
  const by = formatDateShort(addDays(TRIAL_RUN_DATE, 3));
  expect(cancel?.subject).toBe(`Reminder: Cancel Gym Membership by ${by} to avoid the next renewal`);
  await page.setContent(cancel?.body.html as string);
  await expect(page.getByRole('heading', { name: `Cancel Gym Membership by ${by}` })).toBeVisible();
  await expect(page.getByText('€40.00/month (\u2248 £34.35)', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'));
  expect(overflow, 'no sideways scrolling on a 360 px phone').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/e2e/reminder-email-cancel-by.png', fullPage: true });
});
