import { routes } from '@shared/api';
import { type AccessToken, accessTokenMessages } from '@shared/api/access-tokens';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { failure, on } from '../../testing/api';
import { renderApp } from '../../testing/render';
import { AccessTokensCard } from './AccessTokensCard';

const agent: AccessToken = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Receipts agent',
  scope: 'write',
  start: 'st_AbCdEf',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-20T08:30:00.000Z',
  lastUsedFrom: '203.0.113.9',
};

describe('Settings → Access tokens (issue 37 §1)', () => {
  test('lists each token with what recognises it and its last use; a new one is shown once, selected, and listed', async () => {
    const made = {
      ...agent,
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Backup script',
      scope: 'read' as const,
      lastUsedAt: null,
      lastUsedFrom: null,
    };
    const { user, api } = renderApp(<AccessTokensCard />, {
      api: [
        on(routes.listAccessTokens, [agent]),
        on(routes.createAccessToken, { message: accessTokenMessages.created, token: `st_${'x'.repeat(43)}`, accessToken: made }),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Your access tokens' });
    expect(within(list).getByText(/st_AbCdEf…/)).toBeTruthy();
    expect(within(list).getByText(/from 203\.0\.113\.9$/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New access token' });
    await user.type(within(form).getByLabelText('Name'), 'Backup script');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    const shown = (await screen.findByLabelText('Your new access token')) as HTMLInputElement;
    expect(shown.value).toBe(`st_${'x'.repeat(43)}`);
    await waitFor(() => expect(document.activeElement).toBe(shown));
    expect(api.callsTo(routes.createAccessToken).map((call) => call.body)).toEqual([
      { name: 'Backup script', scope: 'read', expiresInDays: 90 },
    ]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Backup script Read', 'Receipts agent Read and write']);
  });

  test('the server’s refusal of the name shows on the field; revoking asks first, then drops the token', async () => {
    const { user, api } = renderApp(<AccessTokensCard />, {
      api: [
        on(routes.listAccessTokens, [agent]),
        on(routes.createAccessToken, failure(400, accessTokenMessages.nameRequired)),
        on(routes.revokeAccessToken, { message: accessTokenMessages.revoked }),
      ],
    });
    await screen.findByRole('list', { name: 'Your access tokens' });
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(accessTokenMessages.nameRequired)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke Receipts agent' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo(routes.revokeAccessToken).map((call) => call.params.id)).toEqual([agent.id]));
    expect(await screen.findByText(accessTokenMessages.revoked)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your access tokens' })).toBeNull();
  });
});
