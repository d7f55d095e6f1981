import { routes } from '@shared/api';
import { authMessages } from '@shared/api/auth-messages';
import { twoFactorMessages } from '@shared/api/twofa';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { deferred, failure, on, type Stub } from '../../testing/api';
import { aUser } from '../../testing/fixtures';
import { expectFieldError } from '../../testing/queries';
import { renderApp } from '../../testing/render';
import { TwoFactorSetupWizard } from './TwoFactorSetupWizard';

const setup = { qrCode: 'data:image/png;base64,iVBORw0KGgo=', manualEntry: 'JBSWY3DPEHPK3PXP' };
const backupCodes = [
  'AAAA-1111',
  'BBBB-2222',
  'CCCC-3333',
  'DDDD-4444',
  'EEEE-5555',
  'FFFF-6666',
  'GGGG-7777',
  'HHHH-8888',
  'JJJJ-9999',
  'KKKK-0000',
];

function renderWizard(...api: Stub[]) {
  const onClose = vi.fn();
  const view = renderApp(<TwoFactorSetupWizard onClose={onClose} />, { api });
  return { ...view, onClose };
}

async function pastPassword(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Scan the QR code' });
}

describe('the two-factor setup wizard', () => {
  test('asks for the password first; an empty one is refused at the field, without a request', async () => {
    const { user, api } = renderWizard();
    const dialog = await screen.findByRole('dialog', { name: 'Set Up Two-Factor Authentication' });
    expect(within(dialog).getByRole('heading', { name: 'Confirm your password' })).toBeTruthy();
    const password = within(dialog).getByLabelText('Password');
    expect(document.activeElement).toBe(password);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expectFieldError(password, authMessages.passwordRequiredForTwoFactor);
    expect(api.callsTo(routes.setupTwoFactor)).toHaveLength(0);
  });

  test('a wrong password is shown at the field; any other failure above it', async () => {
    const { user } = renderWizard(
      on(routes.setupTwoFactor, failure(400, authMessages.currentPasswordWrong), 1),
      on(routes.setupTwoFactor, failure(500, '')),
    );
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expectFieldError(password, authMessages.currentPasswordWrong));
    await vi.waitFor(() => expect(document.activeElement).toBe(password));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(twoFactorMessages.setupFailed);
  });

  test('step 1 shows the QR code, the key in groups of four, the apps, and copies the key', async () => {
    const { user, api } = renderWizard(on(routes.setupTwoFactor, setup));
    await pastPassword(user);
    expect(api.callsTo(routes.setupTwoFactor)[0].body).toEqual({ password: 'correct horse' });
    expect(screen.getByRole('img', { name: 'QR code to add your account to an authenticator app' }).getAttribute('src')).toBe(setup.qrCode);
    expect(screen.getByTestId('manual-key').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('list', { name: 'Setup progress' }).querySelector('[aria-current="step"]')?.textContent).toBe('1Step 1: Scan');
    expect(screen.getByText('Google Authenticator')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    const copiedAt = Date.now();
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(setup.manualEntry);
    // SPEC §9: 'Copied!' lasts 2 seconds.
    await vi.waitFor(() => screen.getByRole('button', { name: 'Copy key' }), { timeout: 4000, interval: 100 });
    expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(1900);
  });

  test('step 2: a short code is refused with SPEC’s message; a wrong one clears the field and says so', async () => {
    const { user, api } = renderWizard(
      on(routes.setupTwoFactor, setup),
      on(routes.enableTwoFactor, failure(400, twoFactorMessages.invalidCode)),
    );
    await pastPassword(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Enter the verification code' }));
    const code = screen.getByLabelText('Verification code') as HTMLInputElement;
    await user.type(code, '12a3');
    expect(code.value).toBe('123');
    await user.click(screen.getByRole('button', { name: 'Verify & Enable' }));
    expectFieldError(code, twoFactorMessages.codeFormat);
    expect(api.callsTo(routes.enableTwoFactor)).toHaveLength(0);

    await user.type(code, '456');
    await vi.waitFor(() => expectFieldError(code, twoFactorMessages.invalidCode));
    expect(code.value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(api.callsTo(routes.enableTwoFactor)[0].body).toEqual({ token: '123456' });
  });

  test('the sixth digit sends the code by itself; step 3 shows the ten backup codes once, and Done closes', async () => {
    const enabled = deferred<{ message: string; backupCodes: string[]; user: ReturnType<typeof aUser> }>();
    const { user, onClose } = renderWizard(
      on(routes.setupTwoFactor, setup),
      on(routes.enableTwoFactor, () => enabled.promise),
    );
    await pastPassword(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await vi.waitFor(() => expect((screen.getByLabelText('Verification code') as HTMLInputElement).disabled).toBe(true));
    enabled.resolve({
      message: twoFactorMessages.enabled,
      backupCodes,
      user: aUser({ two_factor_enabled: true, backupCodesRemaining: 10 }),
    });

    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication Enabled' })).toBeTruthy();
    expect(await screen.findByText(twoFactorMessages.enabled)).toBeTruthy();
    const codes = within(screen.getByRole('list', { name: 'Backup codes' })).getAllByRole('listitem');
    expect(codes.map((item) => item.textContent)).toEqual(backupCodes);
    expect(screen.getByRole('button', { name: 'Download Backup Codes' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  test('Back from step 2 returns to the QR code; Cancel closes', async () => {
    const { user, onClose } = renderWizard(on(routes.setupTwoFactor, setup));
    await pastPassword(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { name: 'Scan the QR code' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
