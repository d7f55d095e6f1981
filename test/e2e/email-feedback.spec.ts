import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { apiCall, createMember, openSettings } from './helpers';
import { mailsTo } from './mailbox';

/**
 * Issue 11 §3 in Chromium: Settings says why reminders stopped after SES reported a permanent bounce
 * (delivered as SNS would, at the local stack's /_local/ses-notifications), and the reminder e-mail's
 * unsubscribe link opens a page that asks, then turns reminders off.
 */
const RUN_DATE = '2042-05-01';

test('Settings shows the bounce notice by the e-mail field', async ({ page, baseURL }) => {
  const user = await createMember('bounced');
  const email = `${user.username}@example.com`;
  const delivered = await fetch(`${baseURL}/_local/ses-notifications`, {
    method: 'POST',
    body: JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email }] } }),
  });
  expect(delivered.status).toBe(200);

  await openSettings(page, user);
  await expect(page.getByText('Reminders to this address are stopped')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(/E-mail to this address bounced/);
  await expectNoAxeViolations(page, 'settings with the bounce notice');
});

test('the unsubscribe link asks, then turns reminders off', async ({ page, baseURL }) => {
  const user = await createMember('unsub');
  const email = `${user.username}@example.com`;
  await apiCall('POST', '/api/subscriptions', {
    token: user.token,
    body: { name: 'Newsletter Plus', amount: 5, category: 'streaming', dueDate: '2042-05-11' },
  });
  expect((await fetch(`${baseURL}/_local/reminders?date=${RUN_DATE}`, { method: 'POST' })).status).toBe(200);
  const reminder = (await mailsTo(email)).find((mail) => mail.subject.startsWith('Reminder:'));
  const link = /https?:\/\/[^\s"<>]+\/unsubscribe\?token=[^\s"<>]+/.exec(reminder?.body.text ?? '')?.[0];
  expect(link, 'an unsubscribe link in the reminder').toBeDefined();

  const url = new URL(link as string);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from reminders' })).toBeVisible();
  await expectNoAxeViolations(page, 'the unsubscribe page');
  await page.getByRole('button', { name: 'Turn Off Reminders' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Reminder e-mails are off.' })).toContainText('Reminder e-mails are off.');
  const me = await apiCall<{ notify10Days: boolean; notify3Days: boolean }>('GET', '/api/auth/me', { token: user.token });
  expect(me).toMatchObject({ notify10Days: false, notify3Days: false });
});
