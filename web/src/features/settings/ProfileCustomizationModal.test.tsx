import { routes } from '@shared/api';
import { accountMessages } from '@shared/api/account';
import { AVATAR_LIMITS } from '@shared/domain/profile';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { failure, on, type Stub } from '../../testing/api';
import { aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { ProfileCustomizationModal, profileMessages } from './ProfileCustomizationModal';

function renderDialog(role: 'member' | 'vip', ...api: Stub[]) {
  const onClose = vi.fn();
  const view = renderApp(<ProfileCustomizationModal open onClose={onClose} />, {
    signedIn: aUser({ role, profileEffect: 'none', profileColor: 'cyan' }),
    api,
  });
  return { ...view, onClose };
}

/** A picture of `bytes` bytes, chosen in the hidden file input the avatar button opens. */
async function choosePicture(user: ReturnType<typeof renderApp>['user'], type: string, bytes: number) {
  const file = new File([new Uint8Array(bytes)], type === 'image/gif' ? 'me.gif' : 'me.png', { type });
  await user.upload(screen.getByLabelText('Profile picture file'), file);
}

describe('the profile customization dialog', () => {
  test('a member: the VIP and Premium effects and colours are locked, GIF pictures too, and Upgrade Now leads to the plans', async () => {
    renderDialog('member');
    const dialog = await screen.findByRole('dialog', { name: 'Customize Profile' });
    const effects = within(dialog).getByRole('group', { name: 'Border Effects' });
    expect((within(effects).getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
    expect((within(effects).getByRole('radio', { name: 'Rotating Gradient' }) as HTMLInputElement).disabled).toBe(false);
    expect((within(effects).getByRole('radio', { name: /^Pulse Glow/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(effects).getAllByText('Locked, requires').length).toBeGreaterThan(0);
    const colours = within(dialog).getByRole('group', { name: 'Color Schemes' });
    expect((within(colours).getByRole('radio', { name: /^Gold/ }) as HTMLInputElement).disabled).toBe(true);
    const gif = within(dialog).getByRole('checkbox', { name: /Enable GIF Profile Pictures/ }) as HTMLInputElement;
    expect(gif.disabled).toBe(true);
    expect(within(dialog).getByText('Animated profile pictures are available for VIP and Premium members.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/upgrade');
  });

  test('a VIP sees no upgrade banner; Save sends the choice, and a refused save says why and can be tried again', async () => {
    const { user, api } = renderDialog('vip', on(routes.updateSettings, failure(500, '')));
    const dialog = await screen.findByRole('dialog', { name: 'Customize Profile' });
    expect(within(dialog).queryByRole('link', { name: 'Upgrade Now' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Pulse Glow' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(profileMessages.saveFailed)).toBeTruthy();
    expect(api.callsTo(routes.updateSettings)[0].body).toEqual({
      profileEffect: 'pulse-glow',
      profileColor: 'green',
      allowAnimatedPfp: false,
    });
    expect((within(dialog).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('a picture too large, and a GIF a member may not use, are refused before any upload', async () => {
    const { user, api } = renderDialog('member');
    await screen.findByRole('dialog', { name: 'Customize Profile' });
    await choosePicture(user, 'image/png', AVATAR_LIMITS.imageBytes + 1);
    expect((await screen.findByRole('alert', { name: '' })).textContent).toBe(accountMessages.imageTooLarge);
    await choosePicture(user, 'image/gif', 1000);
    expect(screen.getByRole('alert', { name: '' }).textContent).toBe(accountMessages.gifLocked);
    expect(api.calls.filter((call) => call.path !== '/api/auth/me')).toHaveLength(0);
  });

  test('a VIP’s GIF needs the toggle on first', async () => {
    const { user } = renderDialog('vip');
    await screen.findByRole('dialog', { name: 'Customize Profile' });
    await choosePicture(user, 'image/gif', 1000);
    expect((await screen.findByRole('alert', { name: '' })).textContent).toBe(accountMessages.gifNeedsToggle);
  });
});
