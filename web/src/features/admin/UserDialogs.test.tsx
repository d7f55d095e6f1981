import { routes } from '@shared/api';
import { adminMessages, type UserDetails } from '@shared/api/admin';
import { authMessages } from '@shared/api/auth-messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { deferred, failure, on, type Stub } from '../../testing/api';
import { aUser } from '../../testing/fixtures';
import { expectFieldError } from '../../testing/queries';
import { renderApp } from '../../testing/render';
import { AddUserModal } from './AddUserModal';
import { ChangeEmailModal } from './ChangeEmailModal';
import { ExtendModal, GrantModal } from './MembershipModals';
import { UserDetailsModal } from './UserDetailsModal';

const owner = aUser({ id: '99999999-9999-4999-8999-999999999999', username: 'root', role: 'owner' });
const bob = aUser({ id: '22222222-2222-4222-8222-222222222222', username: 'bob', email: 'bob@example.com' });

function renderAsAdmin(ui: React.ReactNode, ...api: Stub[]) {
  return renderApp(ui, { signedIn: owner, api });
}

describe('the admin’s Add New User', () => {
  test('username and password are required, each at its field, and nothing is sent', async () => {
    const { user, api } = renderAsAdmin(<AddUserModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expectFieldError(within(dialog).getByLabelText('Username'), 'Username is required');
    expectFieldError(within(dialog).getByLabelText('Password'), 'Password is required');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Username'));
    expect(api.callsTo(routes.createUser)).toHaveLength(0);
  });

  test('the role defaults to member; a refusal shows the server’s message; a created user closes the dialog with its toast', async () => {
    const onClose = vi.fn();
    const { user, api } = renderAsAdmin(
      <AddUserModal open onClose={onClose} />,
      on(routes.createUser, failure(409, authMessages.usernameTaken), 1),
      on(routes.createUser, { message: adminMessages.userCreated, user: bob }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('member');
    await user.type(within(dialog).getByLabelText('Username'), '  bob ');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(authMessages.usernameTaken);

    await user.selectOptions(within(dialog).getByLabelText('Role'), 'vip');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(adminMessages.userCreated)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(routes.createUser).map((call) => call.body)).toEqual([
      { username: 'bob', password: 'secret123', role: 'member' },
      { username: 'bob', password: 'secret123', role: 'vip' },
    ]);
  });
});

describe('the admin’s Change Email', () => {
  test('shows the current address; the two must match and look like an address', async () => {
    const { user, api } = renderAsAdmin(<ChangeEmailModal user={bob} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change Email' });
    expect(within(dialog).getByText('bob@example.com', { selector: 'strong' })).toBeTruthy();
    await user.type(within(dialog).getByLabelText('New Email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Confirm New Email'), 'other@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Change Email' }));
    expectFieldError(within(dialog).getByLabelText('Confirm New Email'), 'Emails do not match');

    await user.clear(within(dialog).getByLabelText('New Email'));
    await user.type(within(dialog).getByLabelText('New Email'), 'not-an-address');
    await user.clear(within(dialog).getByLabelText('Confirm New Email'));
    await user.type(within(dialog).getByLabelText('Confirm New Email'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Change Email' }));
    expectFieldError(within(dialog).getByLabelText('New Email'), 'Please enter a valid email address');
    expect(api.callsTo(routes.changeEmail)).toHaveLength(0);
  });

  test('a valid address is sent for that user; the server’s refusal is shown', async () => {
    const onClose = vi.fn();
    const { user, api } = renderAsAdmin(
      <ChangeEmailModal user={bob} onClose={onClose} />,
      on(routes.changeEmail, failure(404, adminMessages.userNotFound), 1),
      on(routes.changeEmail, { message: adminMessages.emailChanged, user: { ...bob, email: 'new@example.com' } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Email' });
    await user.type(within(dialog).getByLabelText('New Email'), 'new@example.com');
    await user.type(within(dialog).getByLabelText('Confirm New Email'), 'new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Change Email' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminMessages.userNotFound);
    await user.click(within(dialog).getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText(adminMessages.emailChanged)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(api.callsTo(routes.changeEmail)[1]).toMatchObject({ params: { id: bob.id }, body: { email: 'new@example.com' } });
  });
});

describe('the admin’s Grant Membership and Extend Subscription', () => {
  test('Grant: the summary follows the choices; custom days override the duration; a bad number is refused', async () => {
    const onClose = vi.fn();
    const { user, api } = renderAsAdmin(
      <GrantModal user={bob} onClose={onClose} />,
      on(routes.grantMembership, { message: 'Membership granted', user: { ...bob, role: 'premium' } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Grant Membership' });
    expect(within(dialog).getByText(/^Grants/).textContent).toBe('Grants VIP for 30 days, replacing any current membership.');
    await user.selectOptions(within(dialog).getByLabelText('Membership type'), 'premium');
    await user.selectOptions(within(dialog).getByLabelText('Duration'), 'forever');
    expect(within(dialog).getByText(/^Grants/).textContent).toBe('Grants PREMIUM forever, replacing any current membership.');

    const custom = within(dialog).getByLabelText('Custom days (optional)');
    await user.type(custom, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Grant Membership' }));
    expectFieldError(custom, 'Please enter a valid number of days');
    expect(api.callsTo(routes.grantMembership)).toHaveLength(0);

    await user.clear(custom);
    await user.type(custom, '45');
    expect((within(dialog).getByLabelText('Duration') as HTMLSelectElement).disabled).toBe(true);
    expect(within(dialog).getByText(/^Grants/).textContent).toBe('Grants PREMIUM for 45 days (custom), replacing any current membership.');
    await user.click(within(dialog).getByRole('button', { name: 'Grant Membership' }));
    expect(await screen.findByText('Membership granted successfully!')).toBeTruthy();
    expect(api.callsTo(routes.grantMembership)[0].body).toEqual({
      userId: bob.id,
      subscriptionType: 'premium',
      duration: 45,
      isForever: false,
      reason: 'Granted by admin',
    });
  });

  test('Grant: a refusal shows the server’s message', async () => {
    const { user } = renderAsAdmin(
      <GrantModal user={bob} onClose={() => undefined} />,
      on(routes.grantMembership, failure(404, adminMessages.userNotFound)),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Grant Membership' });
    await user.click(within(dialog).getByRole('button', { name: 'Grant Membership' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(adminMessages.userNotFound);
  });

  test('Extend: the membership’s facts, a quick add chosen, custom days refused when not a number of days, then sent', async () => {
    const vip = { ...bob, role: 'vip' as const, subscriptionType: 'vip' as const, subscriptionEnd: '2030-01-01T00:00:00.000Z' };
    const onClose = vi.fn();
    const { user, api } = renderAsAdmin(
      <ExtendModal user={vip} onClose={onClose} />,
      on(routes.extendMembership, { message: 'Extended', user: vip }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Extend Subscription' });
    const facts = [...dialog.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts[0]).toBe('Membership: VIP');
    expect(facts[1]).toMatch(/^Ends: Jan 1, 2030/);
    const ninety = within(dialog).getByRole('button', { name: '+90 days' });
    await user.click(ninety);
    expect(ninety.getAttribute('aria-pressed')).toBe('true');

    const custom = within(dialog).getByLabelText('Custom days (optional)');
    await user.type(custom, '-3');
    await user.click(within(dialog).getByRole('button', { name: 'Extend Subscription' }));
    expectFieldError(custom, 'Please enter a valid number of days');
    await user.clear(custom);
    await user.click(within(dialog).getByRole('button', { name: 'Extend Subscription' }));
    expect(await screen.findByText('Subscription extended successfully!')).toBeTruthy();
    expect(api.callsTo(routes.extendMembership)[0].body).toMatchObject({ userId: bob.id, additionalDays: 90 });
  });
});

describe('the admin’s User Details', () => {
  const details = (over: Partial<UserDetails> = {}): UserDetails => ({
    user: bob,
    signInMethods: { password: true, passkeys: 2, providers: ['Example ID'] },
    subscriptions: [{ id: 's1', name: 'Netflix', amount: 15.49, dueDate: '2026-12-15', status: 'active' }],
    activities: [
      {
        id: 'a1',
        actionType: 'password_changed',
        createdAt: '2026-11-20T10:00:00.000Z',
        performedBy: 'bob',
        details: { device: 'Firefox', note: null },
        count: 2,
      },
    ],
    ...over,
  });

  test('loading, then the fields, subscriptions, activity and deliveries; empty lists say so', async () => {
    const answer = deferred<UserDetails>();
    const { unmount } = renderAsAdmin(
      <UserDetailsModal user={bob} onClose={() => undefined} />,
      on(routes.userDetails, () => answer.promise),
      on(routes.userDeliveries, { deliveries: [], nextCursor: null }),
    );
    expect((await screen.findByText('Loading user details...')).getAttribute('role')).toBe('status');
    answer.resolve(details());
    const dialog = await screen.findByRole('dialog', { name: 'User Details' });
    expect(await within(dialog).findByRole('heading', { name: 'bob' })).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Subscriptions (1)' })).toBeTruthy();
    expect(within(dialog).getByText('$15.49/month · Due Dec 15, 2026')).toBeTruthy();
    expect(within(dialog).getByText('PASSWORD CHANGED ×2')).toBeTruthy();
    expect(within(dialog).getByText('device: Firefox')).toBeTruthy();
    // How the user signs in (issue 38): staff see the providers linked.
    expect(within(dialog).getByText('Password · 2 passkeys · Example ID')).toBeTruthy();
    expect(await within(dialog).findByText('No reminders were sent in the last 90 days.')).toBeTruthy();
    unmount();

    renderAsAdmin(
      <UserDetailsModal user={bob} onClose={() => undefined} />,
      on(routes.userDetails, details({ subscriptions: [], activities: [] })),
      on(routes.userDeliveries, { deliveries: [], nextCursor: null }),
    );
    expect(await screen.findByText('No subscriptions yet')).toBeTruthy();
    expect(screen.getByText('No activity logged yet')).toBeTruthy();
  });

  test('details that fail to load show the server’s message', async () => {
    renderAsAdmin(
      <UserDetailsModal user={bob} onClose={() => undefined} />,
      on(routes.userDetails, failure(404, adminMessages.userNotFound)),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(adminMessages.userNotFound);
  });

  test('Deactivate asks first and says so; a reset to a user without an e-mail says none can be sent; your own account cannot be deactivated', async () => {
    const { user, api, unmount } = renderAsAdmin(
      <UserDetailsModal user={bob} onClose={() => undefined} />,
      on(routes.userDetails, details()),
      on(routes.userDeliveries, { deliveries: [], nextCursor: null }),
      on(routes.changeStatus, { message: adminMessages.userDeactivated, user: { ...bob, accountStatus: 'deactivated' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate User' });
    expect(within(confirm).getByText('Are you sure you want to deactivate this user account?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(adminMessages.userDeactivated)).toBeTruthy();
    expect(api.callsTo(routes.changeStatus)[0]).toMatchObject({ params: { id: bob.id }, body: { status: 'deactivated' } });
    unmount();

    const noEmail = { ...bob, email: null };
    const second = renderAsAdmin(
      <UserDetailsModal user={noEmail} onClose={() => undefined} />,
      on(routes.userDetails, details({ user: noEmail })),
      on(routes.userDeliveries, { deliveries: [], nextCursor: null }),
    );
    await second.user.click(await screen.findByRole('button', { name: 'Send Password Reset' }));
    expect(screen.getByText('This user has no email address, so no reset link can be sent.')).toBeTruthy();
    second.unmount();

    renderAsAdmin(
      <UserDetailsModal user={owner} onClose={() => undefined} />,
      on(routes.userDetails, details({ user: owner })),
      on(routes.userDeliveries, { deliveries: [], nextCursor: null }),
    );
    const deactivate = await screen.findByRole('button', { name: 'Deactivate' });
    expect((deactivate as HTMLButtonElement).disabled).toBe(true);
    expect(deactivate.getAttribute('title')).toBe('You cannot deactivate your own account');
  });
});
