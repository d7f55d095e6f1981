import { routes } from '@shared/api';
import { authMessages } from '@shared/api/auth-messages';
import type { User } from '@shared/api/user';
import { usernameMessages } from '@shared/domain/username';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { storedToken } from '../../session/storage';
import { type ApiCall, failure, on } from '../../testing/api';
import { aUser } from '../../testing/fixtures';
import { expectFieldError, expectFieldValid } from '../../testing/queries';
import { renderApp } from '../../testing/render';
import { AccountInfoForm } from './AccountInfoForm';
import { ChangePasswordForm } from './ChangePasswordForm';

/**
 * Settings' Change Password and Account Information cards (SPEC §2 'Account Settings', §4 'Saving account info',
 * §5): each check and message at its field, with the server's answers stubbed. The browser tests keep the journeys
 * across devices and the mailed link (test/e2e/settings.spec.ts).
 */

/** The settings card with this heading, once it shows. */
async function findCard(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name });
  return within(heading.closest('section') as HTMLElement);
}

describe('Change Password', () => {
  test('is sent only with both passwords; a mismatch is caught at the confirmation, without a request', async () => {
    const { user, api } = renderApp(<ChangePasswordForm />);
    const form = await findCard('Change Password');
    const submit = form.getByRole('button', { name: 'Change Password' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(form.getByLabelText('Current password'), 'Dashboard123!');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(form.getByLabelText('New password'), 'Fresh-Pass-42!');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    expect(form.getByText('Password strength:', { exact: false })).toBeTruthy();

    const confirm = form.getByLabelText('Confirm new password');
    await user.type(confirm, 'Fresh-Pass-43!');
    await user.click(submit);
    expectFieldError(confirm, authMessages.newPasswordsMismatch);
    expect(document.activeElement).toBe(confirm);
    expect(api.callsTo(routes.updateSettings)).toHaveLength(0);
    // Typing in the confirmation clears its error.
    await user.type(confirm, 'x');
    expectFieldValid(confirm);
  });

  test("a wrong current password is the server's message under the form; the fields keep what was typed", async () => {
    const { user } = renderApp(<ChangePasswordForm />, {
      api: [on(routes.updateSettings, failure(400, authMessages.currentPasswordWrong))],
    });
    const form = await findCard('Change Password');
    await user.type(form.getByLabelText('Current password'), 'Not-My-Pass-1!');
    await user.type(form.getByLabelText('New password'), 'Fresh-Pass-42!');
    await user.type(form.getByLabelText('Confirm new password'), 'Fresh-Pass-42!');
    await user.click(form.getByRole('button', { name: 'Change Password' }));
    const message = await form.findByText(authMessages.currentPasswordWrong);
    await vi.waitFor(() => expect(document.activeElement).toBe(message));
    expect((form.getByLabelText('Current password') as HTMLInputElement).value).toBe('Not-My-Pass-1!');
  });

  test('success empties the fields, says so with the focus on it, and keeps the new session token', async () => {
    const { user, api } = renderApp(<ChangePasswordForm />, {
      api: [on(routes.updateSettings, { message: authMessages.passwordChanged, user: aUser(), token: 'the-new-token' })],
    });
    const form = await findCard('Change Password');
    await user.type(form.getByLabelText('Current password'), 'Dashboard123!');
    await user.type(form.getByLabelText('New password'), 'Fresh-Pass-42!');
    await user.type(form.getByLabelText('Confirm new password'), 'Fresh-Pass-42!');
    await user.click(form.getByRole('button', { name: 'Change Password' }));
    const message = await form.findByText(authMessages.passwordChanged);
    await vi.waitFor(() => expect(document.activeElement).toBe(message));
    for (const label of ['Current password', 'New password', 'Confirm new password'])
      expect((form.getByLabelText(label) as HTMLInputElement).value).toBe('');
    expect(api.callsTo(routes.updateSettings)[0].body).toEqual({ currentPassword: 'Dashboard123!', newPassword: 'Fresh-Pass-42!' });
    expect(storedToken()).toBe('the-new-token');
  });
});

describe('Account Information', () => {
  const saved = (signedIn: User, call: ApiCall) => ({
    message: authMessages.settingsUpdated,
    user: { ...signedIn, ...(call.body as Partial<User>) },
  });

  test('a short or missing username shows at the field, which takes the focus, without a request', async () => {
    const { user, api } = renderApp(<AccountInfoForm />);
    const form = await findCard('Account Information');
    const username = form.getByLabelText('Username');
    expect((form.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    await user.clear(username);
    await user.type(username, 'ab');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expectFieldError(username, usernameMessages.tooShort);
    expect(document.activeElement).toBe(username);
    await user.clear(username);
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expectFieldError(username, usernameMessages.required);
    expect(api.callsTo(routes.updateSettings)).toHaveLength(0);
  });

  test("a taken username is the server's 409, shown at the field; a saved change says so under the form", async () => {
    const signedIn = aUser();
    const { user, api } = renderApp(<AccountInfoForm />, {
      signedIn,
      api: [
        on(routes.updateSettings, failure(409, authMessages.usernameTaken), 1),
        on(routes.updateSettings, (call) => saved(signedIn, call)),
      ],
    });
    const form = await findCard('Account Information');
    const username = form.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'taken-name');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expectFieldError(username, authMessages.usernameTaken));
    expect(document.activeElement).toBe(username);

    await user.clear(username);
    await user.type(username, 'alice');
    await user.type(form.getByLabelText('Display name'), ' Tracker');
    await user.type(form.getByLabelText('Phone number (optional)'), '+1 555 0100');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    const message = await form.findByText(authMessages.settingsUpdated);
    await vi.waitFor(() => expect(document.activeElement).toBe(message));
    expect(api.callsTo(routes.updateSettings)[1].body).toEqual({
      email: 'alice@example.com',
      username: 'alice',
      displayName: 'Alice Tracker',
      phoneNumber: '+1 555 0100',
    });
  });

  test('a changed address asks for the current password, in a field shown only while the address differs', async () => {
    const { user, api } = renderApp(<AccountInfoForm />, {
      api: [on(routes.updateSettings, failure(400, authMessages.currentPasswordWrong))],
    });
    const form = await findCard('Account Information');
    const email = form.getByLabelText('Email');
    expect(form.queryByLabelText('Current password')).toBeNull();
    await user.clear(email);
    await user.type(email, 'alice-new@example.com');
    const password = form.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');

    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    expectFieldError(password, authMessages.passwordRequiredForEmail);
    expect(document.activeElement).toBe(password);
    expect(api.callsTo(routes.updateSettings)).toHaveLength(0);

    await user.type(password, 'Not-My-Pass-1!');
    await user.click(form.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expectFieldError(password, authMessages.currentPasswordWrong));
    expect(document.activeElement).toBe(password);
    expect(api.callsTo(routes.updateSettings)[0].body).toMatchObject({ email: 'alice-new@example.com', currentPassword: 'Not-My-Pass-1!' });

    // The saved address typed back needs no password.
    await user.clear(email);
    await user.type(email, 'alice@example.com');
    expect(form.queryByLabelText('Current password')).toBeNull();
  });
});
