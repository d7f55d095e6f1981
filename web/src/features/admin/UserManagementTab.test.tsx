import { routes } from '@shared/api';
import { adminMessages, type UserPage } from '@shared/api/admin';
import type { User } from '@shared/api/user';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '../../testing/api';
import { aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { UserManagementTab } from './UserManagementTab';

/**
 * The All Users table's Membership column (SPEC §2 'Admin Dashboard', issue 35 §2.14,
 * docs/decisions/0121-admin-membership-column.md): Grant Membership, Extend Subscription (only with a
 * non-forever end date) and Change Email in each row's Membership menu; details, role and delete in Actions.
 */

const owner = aUser({ id: '99999999-9999-4999-8999-999999999999', username: 'root', displayName: 'root', role: 'owner' });
const developer = aUser({ id: '88888888-8888-4888-8888-888888888888', username: 'dev', displayName: 'dev', role: 'developer' });
const bob = aUser({ id: '22222222-2222-4222-8222-222222222222', username: 'bob', displayName: 'bob' });
const vip = aUser({
  id: '33333333-3333-4333-8333-333333333333',
  username: 'carol',
  displayName: 'carol',
  role: 'vip',
  subscriptionType: 'vip',
  subscriptionEnd: '2099-01-01T00:00:00.000Z',
});
const forever = aUser({
  id: '44444444-4444-4444-8444-444444444444',
  username: 'dora',
  displayName: 'dora',
  role: 'premium',
  subscriptionType: 'premium',
  isForever: true,
});

const pageOf = (users: User[]): UserPage => ({
  users,
  nextCursor: null,
  counts: { totalUsers: users.length, developers: 1, premium: 1, vip: 1 },
});

function renderTab(signedIn: User, users: User[]) {
  return renderApp(<UserManagementTab />, { signedIn, api: [on(routes.listUsers, pageOf(users))] });
}

const rowOf = (username: string) => screen.getByRole('rowheader', { name: new RegExp(`^${username}\\b`) }).closest('tr') as HTMLElement;

/** Opens the row's Membership menu by a click and answers its items: name, and the reason when refused. */
async function membershipMenu(render: ReturnType<typeof renderTab>, username: string) {
  await render.user.click(within(rowOf(username)).getByRole('button', { name: `Membership for ${username}` }));
  const menu = screen.getByRole('menu', { name: `Membership for ${username}` });
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) =>
      item.getAttribute('aria-disabled') === 'true' ? `${item.textContent} (${item.getAttribute('title')})` : item.textContent,
    );
}

describe('the All Users table’s Membership column', () => {
  test('Membership is the last column; Actions hold details, the role and delete', async () => {
    renderTab(owner, [owner, bob]);
    await screen.findAllByRole('rowheader');
    const table = screen.getByRole('table', { name: /All Users/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Username', 'Role', 'Subscription', 'Time Left', 'Created', 'Actions', 'Membership']);
    const cells = within(rowOf('bob')).getAllByRole('cell');
    expect(
      within(cells[4])
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['View details of bob', 'Delete bob']);
    expect(within(cells[4]).getByLabelText('Role of bob')).toBeTruthy();
    expect(within(cells[5]).getByRole('button', { name: 'Membership for bob' }).getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('button', { name: /^More actions/ })).toBeNull();
  });

  test('Extend Subscription is offered only when a non-forever end date exists', async () => {
    const render = renderTab(owner, [bob, vip, forever]);
    await screen.findAllByRole('rowheader');
    expect(await membershipMenu(render, 'bob')).toEqual(['Grant Membership', 'Change Email']);
    await render.user.keyboard('{Escape}');
    expect(await membershipMenu(render, 'carol')).toEqual(['Grant Membership', 'Extend Subscription', 'Change Email']);
    await render.user.keyboard('{Escape}');
    expect(await membershipMenu(render, 'dora')).toEqual(['Grant Membership', 'Change Email']);
  });

  test('a membership action opens its dialog for that user, and closing it returns focus to the Membership button', async () => {
    const render = renderTab(owner, [bob, vip]);
    await screen.findAllByRole('rowheader');
    await membershipMenu(render, 'carol');
    await render.user.click(screen.getByRole('menuitem', { name: 'Extend Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Extend Subscription' });
    expect(within(dialog).getByText('VIP')).toBeTruthy();
    await render.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(rowOf('carol')).getByRole('button', { name: 'Membership for carol' }));
  });

  test('your own row: the membership actions and delete stay listed, refused with their reasons, and do nothing', async () => {
    const render = renderTab(owner, [owner, bob]);
    await screen.findAllByRole('rowheader');
    expect(await membershipMenu(render, 'root')).toEqual([
      `Grant Membership (${adminMessages.ownMembership})`,
      `Change Email (${adminMessages.ownEmail})`,
    ]);
    await render.user.click(screen.getByRole('menuitem', { name: 'Grant Membership' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await render.user.keyboard('{Escape}');

    const del = within(rowOf('root')).getByRole('button', { name: 'Delete root' });
    expect(del.getAttribute('aria-disabled')).toBe('true');
    expect(del.getAttribute('title')).toBe('Cannot delete yourself');
    await render.user.click(del);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((within(rowOf('root')).getByLabelText('Role of root') as HTMLSelectElement).disabled).toBe(true);

    await render.user.click(within(rowOf('bob')).getByRole('button', { name: 'Delete bob' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete User' })).toBeTruthy();
  });

  test('a developer sees the owner’s membership actions and delete refused with the server’s reason', async () => {
    const render = renderTab(developer, [owner, developer, bob]);
    await screen.findAllByRole('rowheader');
    expect(await membershipMenu(render, 'root')).toEqual([
      `Grant Membership (${adminMessages.ownerOnly})`,
      `Change Email (${adminMessages.ownerOnly})`,
    ]);
    await render.user.keyboard('{Escape}');
    const del = within(rowOf('root')).getByRole('button', { name: 'Delete root' });
    expect(del.getAttribute('aria-disabled')).toBe('true');
    expect(del.getAttribute('title')).toBe(adminMessages.ownerOnly);
    expect(await membershipMenu(render, 'bob')).toEqual(['Grant Membership', 'Change Email']);
  });
});

describe('the All Users pager', () => {
  test("says 'Page 1 of N', N from the users counter, and walks the pages by their cursors", async () => {
    const second = aUser({ id: '55555555-5555-4555-8555-555555555555', username: 'erin', displayName: 'erin' });
    const { user, api } = renderApp(<UserManagementTab />, {
      signedIn: owner,
      api: [
        on(routes.listUsers, (call) =>
          call.query.get('cursor') === 'c2'
            ? { users: [second], nextCursor: null, counts: { totalUsers: 51, developers: 0, premium: 0, vip: 0 } }
            : { users: [owner, bob], nextCursor: 'c2', counts: { totalUsers: 51, developers: 0, premium: 0, vip: 0 } },
        ),
      ],
    });
    const pager = await screen.findByRole('navigation', { name: 'All Users pages' });
    await screen.findAllByRole('rowheader');
    expect(within(pager).getByText('Page 1 of 3')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await within(pager).findByText('Page 2 of 3')).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: /^erin\b/ })).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await within(pager).findByText('Page 1 of 3')).toBeTruthy();
    expect(
      api
        .callsTo(routes.listUsers)
        .map((call) => call.query.get('cursor'))
        .slice(0, 2),
    ).toEqual([null, 'c2']);
  });
});
