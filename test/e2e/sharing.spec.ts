import { expect, type Locator, type Page, test } from '@playwright/test';
import type { InvitationList } from '../../shared/api/sharing.js';
import { formatDateShort } from '../../shared/domain/dates.js';
import { expectNoAxeViolationsInBothThemes } from './axe';
import { apiCall, card, createMember, day, openDashboard, seedSubscription, type TestUser, toast, updateProfile } from './helpers';

/**
 * Shared subscriptions in the browser (issue 26): the payer invites by username, the member accepts
 * on the dashboard and sees 'Shared by' and 'Your share', the totals count the share (or the full
 * price with the switch), €17.99 splits three ways as 5.99 / 5.99 / 6.01, a cycle is settled, a member
 * leaves and the payer removes one. The sign-up invitation's link filling in the e-mail address is the
 * registration form's component test's (web/src/features/auth/RegisterPage.test.tsx).
 */

async function openDetails(page: Page, name: string): Promise<Locator> {
  await card(page, name).getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('heading', { name: 'Sharing' })).toBeVisible();
  return dialog.getByRole('region', { name: 'Sharing' });
}

/** Closes the open details dialog and opens it again: its Sharing section asks the server again. */
async function reopenDetails(page: Page, name: string): Promise<Locator> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();
  return openDetails(page, name);
}

/** One person's row in 'Who shares the cost'. */
const person = (sharing: Locator, name: string) =>
  sharing.getByRole('list', { name: 'Who shares the cost' }).getByRole('listitem').filter({ hasText: name });

const monthlyTotal = (page: Page) =>
  page.getByRole('list', { name: 'Subscription statistics' }).getByRole('listitem').filter({ hasText: 'Monthly Total' });

async function invite(payer: TestUser, subscriptionId: string, member: TestUser): Promise<void> {
  await apiCall('POST', `/api/subscriptions/${subscriptionId}/members`, {
    token: payer.token,
    body: { usernameOrEmail: member.username, share: { mode: 'equal' } },
  });
}

async function acceptAll(member: TestUser): Promise<void> {
  const { invitations } = await apiCall<InvitationList>('GET', '/api/invitations', { token: member.token });
  for (const invitation of invitations.filter((i) => i.state === 'pending')) {
    await apiCall('POST', `/api/invitations/${invitation.id}/accept`, { token: member.token });
  }
}

/*
 * Each journey runs in the test's one page: another account's turn signs that page in with its token and
 * opens the dashboard again (as another device would), which costs a fraction of a browser context of its
 * own (issue 40 §1). What a member sees changes only when their page loads again, so nothing is lost.
 */

test('two accounts: invite by username, accept on the dashboard, the totals count the share or the full price, the member leaves', async ({
  page,
}) => {
  // Two accounts taking turns in one page, two axe runs in both themes: a long journey.
  test.slow();
  const payer = await createMember('payer');
  const mate = await createMember('mate');
  const netflixInput = {
    name: 'Netflix',
    amount: 17.99,
    currency: 'USD',
    category: 'streaming',
    dueDate: day(10),
    billingCycle: 'monthly',
    autoRenew: true,
  } as const;
  const netflixId = (await seedSubscription(payer, netflixInput)).id;

  // The payer invites by username in the details dialog; the focus stays on the emptied field for the next one.
  await openDashboard(page, payer);
  const sharing = await openDetails(page, 'Netflix');
  await expect(sharing).toContainText('Only you pay for Netflix.');
  await sharing.getByLabel('Username or e-mail').fill(mate.username);
  // A refused share is said at its field, which takes the focus.
  await sharing.getByLabel('Split').selectOption('percent');
  await sharing.getByLabel('Percentage').fill('150');
  await sharing.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(sharing.getByText('A percentage share needs a value greater than 0 and at most 100')).toBeVisible();
  await expect(sharing.getByLabel('Percentage')).toBeFocused();
  await sharing.getByLabel('Split').selectOption('equal');
  await sharing.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(sharing.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await expect(sharing.getByLabel('Username or e-mail')).toBeFocused();
  await expect(sharing.getByLabel('Username or e-mail')).toHaveValue('');
  await expect(sharing.getByText(mate.username)).toBeVisible();

  const hulu = await seedSubscription(payer, {
    name: 'Hulu',
    amount: 7.99,
    currency: 'USD',
    category: 'streaming',
    dueDate: day(20),
    billingCycle: 'monthly',
    autoRenew: false,
  });
  await invite(payer, hulu.id, mate);

  // The member sees the invitations above the list; declining one moves the focus to the next one's 'Accept'.
  await openDashboard(page, mate);
  const invitations = page.getByRole('region', { name: '2 invitations to share' });
  await expect(invitations).toContainText(`${payer.username} invited you to share Netflix — your share $8.99/month`);
  await expect(invitations).toContainText(`${payer.username} invited you to share Hulu — your share $3.99/month`);
  await expectNoAxeViolationsInBothThemes(page, 'the dashboard with invitations');
  await page.emulateMedia({ colorScheme: 'light' });
  await invitations.getByRole('button', { name: 'Decline: share Hulu' }).click();
  await expect(toast(page, 'Invitation declined')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept: share Netflix' })).toBeFocused();

  // Accepting the other one adds it to the list, and the focus goes to its card.
  await page.getByRole('button', { name: 'Accept: share Netflix' }).click();
  await expect(toast(page, 'You now share this subscription')).toBeVisible();
  await expect(page.getByRole('region', { name: /invitations? to share/ })).toBeHidden();
  const netflix = card(page, 'Netflix');
  await expect(netflix.getByRole('button', { name: 'Netflix', exact: true })).toBeFocused();
  await expect(netflix).toContainText(`Shared by ${payer.username}`);
  await expect(netflix).toContainText('Your share $8.99');
  // Only the payer edits, cancels or deletes it: the member's card offers 'Leave'.
  await expect(netflix.getByRole('button', { name: 'Edit Netflix' })).toHaveCount(0);
  await expect(netflix.getByRole('button', { name: 'Delete Netflix' })).toHaveCount(0);
  await expect(netflix.getByRole('button', { name: 'Leave Netflix' })).toBeVisible();

  // The totals count the share; the switch counts the full price, and is remembered in this browser.
  await expect(monthlyTotal(page)).toContainText('$8.99');
  await page.getByLabel('Count full price').check();
  await expect(monthlyTotal(page)).toContainText('$17.99');
  await page.reload();
  await expect(page.getByLabel('Count full price')).toBeChecked();
  await expect(monthlyTotal(page)).toContainText('$17.99');
  await page.getByLabel('Count full price').uncheck();
  await expect(monthlyTotal(page)).toContainText('$8.99');

  // The member's details: who pays and their share, no payments of the payer's.
  const mateSharing = await openDetails(page, 'Netflix');
  await expect(mateSharing).toContainText(`Paid by ${payer.username} · Your share $8.99`);
  await expect(person(mateSharing, 'You')).toContainText('$8.99');
  await expectNoAxeViolationsInBothThemes(page, "a member's sharing section");
  await page.emulateMedia({ colorScheme: 'light' });

  // The payer's card and totals: their own share, 'Shared · 2 people'.
  await openDashboard(page, payer);
  await expect(card(page, 'Netflix')).toContainText('Shared · 2 people');
  await expect(card(page, 'Netflix')).toContainText('Your share $9.00');
  // Their share of Netflix and all of Hulu, whose invitation was declined.
  await expect(monthlyTotal(page)).toContainText('$16.99');

  // Past due: the member, who has no Renew, is told who renews it.
  await apiCall('PUT', `/api/subscriptions/${netflixId}`, {
    token: payer.token,
    body: { ...netflixInput, dueDate: day(-3), autoRenew: false },
  });
  await openDashboard(page, mate);
  await expect(card(page, 'Netflix').getByRole('note')).toHaveText(
    `This date has already passed. ${payer.username} pays for this subscription, and the date moves on when they renew it.`,
  );

  // The member leaves from the card, after saying so in the confirmation.
  await card(page, 'Netflix').getByRole('button', { name: 'Leave Netflix' }).click();
  await page.getByRole('alertdialog', { name: 'Leave this shared subscription?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(toast(page, 'You no longer share this subscription')).toBeVisible();
  await expect(card(page, 'Netflix')).toHaveCount(0);
});

test('three accounts: €17.99 splits 5.99 / 5.99 / 6.01, a cycle is settled, a share changes and the payer removes one', async ({
  page,
}) => {
  // Three accounts, two of them taking turns in one page: a long journey.
  test.slow();
  const payer = await createMember('payer');
  const [ann, ben] = [await createMember('ann'), await createMember('ben')];
  // Sharing with a second person is a VIP feature (the upgrade path of a member-tier payer is the
  // component test's and the API test's: SharingSection.test.tsx, test/api/sharing.test.ts 'tiers').
  await updateProfile(payer.id, { role: 'vip' });
  const family = await seedSubscription(payer, {
    name: 'Music Family',
    amount: 17.99,
    currency: 'EUR',
    category: 'music',
    dueDate: day(3),
    billingCycle: 'monthly',
    autoRenew: true,
  });
  await invite(payer, family.id, ann);
  await invite(payer, family.id, ben);
  await acceptAll(ann);
  await acceptAll(ben);

  await openDashboard(page, payer);
  let sharing = await openDetails(page, 'Music Family');
  await expect(person(sharing, 'You')).toContainText('€6.01');
  await expect(person(sharing, ann.username)).toContainText('€5.99');
  await expect(person(sharing, ben.username)).toContainText('€5.99');

  // Ann says 'I paid' for the next renewal; the payer confirms it and marks Ben's settled.
  const due = formatDateShort(day(3));
  await openDashboard(page, ann);
  await expect(card(page, 'Music Family')).toContainText('Your share €5.99');
  const annSharing = await openDetails(page, 'Music Family');
  await annSharing.getByRole('button', { name: `I paid: your share of ${due}` }).click();
  await expect(annSharing.getByRole('button', { name: `I paid: your share of ${due}` })).toHaveCount(0);
  await expect(annSharing.getByText('Paid, to confirm')).toBeVisible();

  await openDashboard(page, payer);
  sharing = await openDetails(page, 'Music Family');
  await sharing.getByRole('button', { name: `Confirm: ${ann.username}’s share of ${due}` }).click();
  await sharing.getByRole('button', { name: `Mark settled: ${ben.username}’s share of ${due}` }).click();
  await expect(sharing.getByText('Settled')).toHaveCount(2);
  await expectNoAxeViolationsInBothThemes(page, "the payer's sharing section");
  await page.emulateMedia({ colorScheme: 'light' });

  // Ben leaves (a member's Leave on the card is the journey above's); the dialog opened again asks the server again.
  await apiCall('DELETE', `/api/subscriptions/${family.id}/members/${ben.id}`, { token: ben.token });
  sharing = await reopenDetails(page, 'Music Family');
  await expect(person(sharing, ben.username)).toHaveCount(0);
  // The payer changes Ann's share to 50 %: she pays 8.99 (rounded down), the payer the rest.
  await sharing.getByRole('button', { name: `Change share of ${ann.username}` }).click();
  const shareForm = sharing.getByRole('form', { name: `${ann.username}’s share` });
  await shareForm.getByLabel('Split').selectOption('percent');
  await shareForm.getByLabel('Percentage').fill('50');
  await shareForm.getByRole('button', { name: 'Save share' }).click();
  await expect(toast(page, `${ann.username}’s share changed`)).toBeVisible();
  await expect(person(sharing, ann.username)).toContainText('50%');
  await expect(person(sharing, ann.username)).toContainText('€8.99');
  await expect(person(sharing, 'You')).toContainText('€9.00');
  await expect(sharing.getByRole('button', { name: `Change share of ${ann.username}` })).toBeFocused();

  // The payer removes Ann: the payer pays it all again (that she no longer has it is test/api/sharing.test.ts
  // 'the payer removes a member and withdraws an invitation; a member leaves').
  await sharing.getByRole('button', { name: `Remove ${ann.username}` }).click();
  await page
    .getByRole('alertdialog', { name: `Remove ${ann.username}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(toast(page, 'Member removed')).toBeVisible();
  await expect(person(sharing, ann.username)).toHaveCount(0);
  await expect(sharing).toContainText('Only you pay for Music Family.');
});
