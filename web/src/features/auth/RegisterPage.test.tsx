import { routes } from '@shared/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '../../testing/api';
import { renderApp } from '../../testing/render';
import { RegisterPage } from './RegisterPage';

/**
 * The registration form's own states (SPEC §2 Registration, §5 order of the checks), once checked in the
 * browser journey (test/e2e/auth-journey.spec.ts) and the sharing spec, which keep the journey itself.
 */
describe('the registration form', () => {
  test('offers only the single sign-on provider when the site turned password sign-in off (issue 38 §2)', async () => {
    renderApp(<RegisterPage />, {
      at: '/register',
      api: [on(routes.ssoSettings, { provider: { name: 'Example ID' }, passwordSignIn: false })],
    });
    expect(await screen.findByRole('button', { name: 'Continue with Example ID' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
  });

  test('the sign-up invitation’s link fills in the e-mail address', async () => {
    renderApp(<RegisterPage />, {
      at: '/register?email=new.friend%40example.com',
      api: [on(routes.ssoSettings, { provider: null, passwordSignIn: true })],
    });
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('new.friend@example.com');
  });

  test('checks the e-mail, the password’s strength, the confirmation and the terms in SPEC §5’s order, then sends the form', async () => {
    const { user, api } = renderApp(<RegisterPage />, {
      at: '/register',
      api: [
        on(routes.register, { userId: '22222222-2222-4222-8222-222222222222', message: 'ok' }),
        on(routes.ssoSettings, { provider: null, passwordSignIn: true }),
      ],
    });
    const create = await screen.findByRole('button', { name: 'Create Account' });
    await user.type(screen.getByLabelText('Username'), 'journey1');
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(create);
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'journey1@example.com');

    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(screen.getByText('Password strength:').parentElement?.textContent).toContain('Weak');
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
    await user.clear(password);
    await user.type(password, 'abcdefg1');
    expect(screen.getByText('Password strength:').parentElement?.textContent).toContain('Medium');
    await user.clear(password);
    await user.type(password, 'Journey123!');
    expect(screen.getByText('Password strength:').parentElement?.textContent).toContain('Strong');
    expect(screen.queryByText('At least 8 characters')).toBeNull();

    await user.type(screen.getByLabelText('Confirm password'), 'Different1!');
    await user.click(create);
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Journey123!');
    expect(screen.getByText('Passwords match')).toBeTruthy();

    await user.click(create);
    expect(await screen.findByText('You must agree to the Terms of Service and Privacy Policy')).toBeTruthy();
    expect(api.callsTo(routes.register)).toHaveLength(0);
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(create);
    expect(await screen.findByRole('dialog', { name: 'Registration Successful!' })).toBeTruthy();
    expect(api.callsTo(routes.register)[0].body).toEqual({
      username: 'journey1',
      email: 'journey1@example.com',
      password: 'Journey123!',
    });
  });
});
