import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { addDays } from '../../shared/domain/dates.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { createMember, openSettings, section, seedSubscription, updateProfile } from './helpers';

/**
 * Settings → Notification channels and Deliveries (issue 25 §2) in Chromium against the embedded local
 * stack: a webhook pointing at a loopback receiver is added with the keyboard, 'Send test' shows the
 * receiver's answers, a reminder run fills the deliveries list; axe-core in both themes, the phone width,
 * and a member's upgrade path.
 */
test.describe.configure({ mode: 'serial' });

const RUN_DATE = '2037-03-01';
let receiver: Server;
let receiverUrl: string;
const answer = { status: 200, body: 'received' };
let received = 0;

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('a member sees what channels are and how to get them; made a VIP, adds a webhook with the keyboard, sends tests, and reads the deliveries', async ({
  page,
  baseURL,
}) => {
  // Four axe-core runs, a reminder run and two reloads.
  test.slow();
  const vip = await createMember('chanv');
  await openSettings(page, vip);
  const channels = section(page, 'Notification channels');
  await expect(channels).toContainText('Available for VIP and Premium members.');
  await expect(channels.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
  await expect(channels.getByRole('button', { name: 'Add channel' })).toHaveCount(0);
  await expect(section(page, 'Deliveries')).toContainText('No reminders were sent in the last 90 days.');

  // The same user made a VIP.
  await updateProfile(vip.id, { role: 'vip' });
  await seedSubscription(vip, { name: 'Hulu', amount: 7.99, category: 'streaming', dueDate: addDays(RUN_DATE, 3) });
  await page.reload();
  await expect(channels).toContainText('No channels yet.');

  // The dialog, by keyboard: Escape closes it and focus goes back to the button that opened it.
  const add = channels.getByRole('button', { name: 'Add channel' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add channel' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Type').selectOption('webhook');
  await dialog.getByLabel('Name').fill('Home server');
  // The contract's message, from the server, for a URL that is not one.
  await dialog.getByLabel('Webhook URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Add Channel' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Webhook URL must be an http(s) URL');
  await expect(dialog.getByRole('alert')).toBeFocused();
  await expectNoAxeViolationsInBothThemes(page, 'the Add channel dialog');

  await dialog.getByLabel('Webhook URL').fill(receiverUrl);
  await dialog.getByLabel('Webhook URL').press('Enter');
  const added = page.getByRole('dialog', { name: 'Webhook added' });
  await expect(added).toContainText(/whsec_[A-Za-z0-9_-]{43}/);
  await added.getByRole('button', { name: 'Done' }).click();

  const item = channels.getByRole('listitem').filter({ hasText: 'Home server' });
  await expect(item).toContainText(receiverUrl);
  // The Reminders card on the same page offers it at once, without a reload.
  const firstRule = section(page, 'Reminders').getByRole('form', { name: 'Your reminders' }).getByRole('group', { name: 'Reminder 1' });
  await expect(firstRule.getByLabel('Home server (Webhook)')).toBeVisible();
  await item.getByRole('button', { name: 'Send test to Home server' }).click();
  await expect(item.getByRole('status')).toHaveText(/^Sent\. The server answered 200 in \d+ ms: “received”$/);
  expect(received).toBe(1);

  answer.status = 500;
  answer.body = 'database on fire';
  await item.getByRole('button', { name: 'Send test to Home server' }).click();
  await expect(item.getByRole('status')).toHaveText('Not sent. The server answered 500: “database on fire”');
  answer.status = 200;
  answer.body = 'received';

  // A reminder run delivers to it, and the deliveries list shows it beside the e-mail.
  const run = await fetch(`${baseURL}/_local/reminders?date=${RUN_DATE}`, { method: 'POST' });
  expect(run.status).toBe(200);
  expect(received).toBe(3);
  await page.reload();
  const deliveries = section(page, 'Deliveries').getByRole('list', { name: 'Your reminder deliveries' });
  // The two tests are in the log too (issue 34 §3), beside the reminder's webhook and e-mail.
  await expect(deliveries.getByRole('listitem')).toHaveCount(4);
  await expect(deliveries.getByRole('listitem').filter({ hasText: 'Send test' })).toHaveCount(2);
  await expect(deliveries).toContainText('Hulu: renewal in 3 days');
  await expect(deliveries).toContainText('Webhook: Home server');
  await expect(deliveries).toContainText(`E-mail (${vip.username}@example.com)`);
  await expectNoAxeViolationsInBothThemes(page, 'settings with a channel and deliveries');

  // The phone width: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await channels.scrollIntoViewIfNeeded();
  expect(Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'))).toBe(0);
  await channels.screenshot({ path: test.info().outputPath('channels-390.png') });
  await section(page, 'Deliveries').screenshot({ path: test.info().outputPath('deliveries-390.png') });

  // Switched off, edited, then deleted after a confirmation.
  await item.getByLabel('Enabled').uncheck();
  await expect(item.getByLabel('Enabled')).not.toBeChecked();
  await item.getByRole('button', { name: 'Edit Home server' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Home server' });
  await edit.getByLabel('Name').fill('Backup server');
  await edit.getByRole('button', { name: 'Save Channel' }).click();
  const renamed = channels.getByRole('listitem').filter({ hasText: 'Backup server' });
  await expect(renamed).toBeVisible();
  await expect(firstRule.getByLabel('Backup server (Webhook)')).toBeVisible();
  await renamed.getByRole('button', { name: 'Delete Backup server' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Backup server?' }).getByRole('button', { name: 'Delete Channel' }).click();
  await expect(channels).toContainText('No channels yet.');
  await expect(firstRule.getByRole('checkbox')).toHaveCount(1);
  await expect(firstRule.getByLabel('E-mail')).toBeVisible();
});
