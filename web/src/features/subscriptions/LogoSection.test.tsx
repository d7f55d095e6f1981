import { routes } from '@shared/api';
import { type LogoOptions, logoMessages } from '@shared/api/logos';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '../../testing/api';
import { aSubscription } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { LogoSection } from './LogoSection';

const netflixLogo = { kind: 'brand' as const, src: '/logos/brands/netflix.svg' };
const netflix = aSubscription({ id: '11111111-1111-4111-8111-111111111111', name: 'Netflix', logo: netflixLogo });
const offered: LogoOptions = { choice: 'automatic', automatic: netflixLogo, brand: netflixLogo, website: null, upload: null };

describe('a subscription’s logo in its details (issue 36 §4)', () => {
  test('says what it shows; Change logo offers what there is, the chosen one focused; Save sends the choice and gives the focus back', async () => {
    const { user, api } = renderApp(<LogoSection subscription={netflix} categoryColor="#7c3aed" />, {
      api: [on(routes.logoOptions, offered), on(routes.chooseLogo, { ...netflix, logo: null })],
    });
    const section = screen.getByRole('region', { name: 'Logo' });
    expect(within(section).getByText('A built-in logo')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Change logo' }));
    const choices = await within(section).findByRole('group', { name: 'Show' });
    // No website icon and no upload yet: those are not offered.
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent?.split('The')[0]),
    ).toHaveLength(3);
    expect(document.activeElement).toBe(within(choices).getByRole('radio', { name: /^Automatic/ }));
    expect(within(choices).queryByRole('radio', { name: /^Its website’s icon/ })).toBeNull();
    await user.click(within(choices).getByRole('radio', { name: /^No logo/ }));
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(routes.chooseLogo).map((call) => call.body)).toEqual([{ choice: 'none' }]));
    expect(await screen.findByText(logoMessages.logoChanged)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('button', { name: 'Change logo' })));
  });

  test('refuses a file of another type or over 512 KB before sending anything', async () => {
    const { user, api } = renderApp(<LogoSection subscription={netflix} categoryColor="#7c3aed" />, {
      api: [on(routes.logoOptions, offered)],
    });
    await user.click(screen.getByRole('button', { name: 'Change logo' }));
    const input = (await screen.findByLabelText('Upload a picture')) as HTMLInputElement;
    // The picker is the browser's: the file it gives is the input's change.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(logoMessages.uploadTypeInvalid);
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(512 * 1024 + 1)], 'logo.png', { type: 'image/png' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(logoMessages.logoTooLarge);
    expect(api.callsTo(routes.startLogoUpload)).toHaveLength(0);
  });
});
