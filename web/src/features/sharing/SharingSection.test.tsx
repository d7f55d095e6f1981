import { type SubscriptionMembers, sharingRouteMessages, sharingRoutes } from '@shared/api/sharing';
import { sharingMessages } from '@shared/domain/sharing/sharing';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { failure, on, type Stub } from '../../testing/api';
import { aSubscription } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { SharingSection } from './SharingSection';

const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const sub = aSubscription({ name: 'Spotify', amount: 15, currency: 'EUR' });

function members(over: Partial<SubscriptionMembers> = {}): SubscriptionMembers {
  return {
    subscriptionId: sub.id,
    currency: 'EUR',
    amount: 15,
    payer: { userId: ALICE, username: 'alice', amount: 15 },
    members: [],
    invitations: [],
    cycles: [],
    isPayer: true,
    ...over,
  };
}

function renderSharing(...api: Stub[]) {
  return renderApp(<SharingSection subscription={sub} onLeave={() => undefined} />, { api });
}

describe('the details dialog’s Sharing', () => {
  test('loading, then a subscription shared with nobody invites to split the cost', async () => {
    renderSharing(on(sharingRoutes.listMembers, members()));
    expect(screen.getByText('Loading who shares this subscription')).toBeTruthy();
    expect(await screen.findByText('Only you pay for Spotify. Invite someone to split the cost.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Invite someone' })).toBeTruthy();
  });

  test('a failure to load says so', async () => {
    renderSharing(on(sharingRoutes.listMembers, failure(500, '')));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load who shares this subscription');
  });

  test('the payer sees each share and the open invitations', async () => {
    renderSharing(
      on(
        sharingRoutes.listMembers,
        members({
          payer: { userId: ALICE, username: 'alice', amount: 10 },
          members: [{ userId: BOB, username: 'bob', share: { mode: 'fixed', value: 5 }, amount: 5, joinedAt: '2026-11-01T00:00:00.000Z' }],
          invitations: [
            {
              id: 'inv-1',
              invitedAs: 'carol@example.com',
              share: { mode: 'fixed', value: 2.5 },
              invitedAt: '2026-11-20T00:00:00.000Z',
              expiresAt: '2026-12-04T00:00:00.000Z',
            },
          ],
        }),
      ),
    );
    const people = await screen.findByRole('list', { name: 'Who shares the cost' });
    expect(
      within(people)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/Change share|Remove/g, '')),
    ).toEqual(['You PaysThe rest€10.00', 'bobFixed €5.00€5.00']);
    expect(screen.getByText('carol@example.com')).toBeTruthy();
    expect(screen.getByText('Fixed €2.50 · expires Dec 4, 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw the invitation to carol@example.com' })).toBeTruthy();
  });

  test('inviting: an empty name is refused at once; a share the server refuses is shown at the share; a sent one is confirmed', async () => {
    const { user, api } = renderSharing(
      on(sharingRoutes.listMembers, members()),
      on(sharingRoutes.inviteMember, failure(400, sharingMessages.percentInvalid), 1),
      on(sharingRoutes.inviteMember, failure(400, sharingRouteMessages.selfInvite), 1),
      on(sharingRoutes.inviteMember, { message: sharingRouteMessages.invited }),
    );
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const who = within(form).getByLabelText('Username or e-mail');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(who.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Enter a username or an e-mail address')).toBeTruthy();
    expect(api.callsTo(sharingRoutes.inviteMember)).toHaveLength(0);

    await user.type(who, 'bob');
    await user.selectOptions(within(form).getByLabelText('Split'), 'percent');
    await user.type(within(form).getByLabelText('Percentage'), '150');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    const percentage = within(form).getByLabelText('Percentage');
    await vi.waitFor(() => expect(percentage.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(sharingMessages.percentInvalid)).toBeTruthy();
    expect(api.callsTo(sharingRoutes.inviteMember)[0].body).toEqual({ usernameOrEmail: 'bob', share: { mode: 'percent', value: 150 } });

    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    await vi.waitFor(() => expect(who.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(sharingRouteMessages.selfInvite)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText(sharingRouteMessages.invited)).toBeTruthy();
    expect((who as HTMLInputElement).value).toBe('');
  });

  test('past the plan’s sharing limit (403) the answer comes with the way to upgrade', async () => {
    const { user } = renderSharing(
      on(sharingRoutes.listMembers, members()),
      on(sharingRoutes.inviteMember, failure(403, sharingMessages.paidOnly)),
    );
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    await user.type(within(form).getByLabelText('Username or e-mail'), 'bob');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    const upsell = await within(form).findByText(/Share with more people/);
    expect(upsell.closest('[role="status"]')?.textContent).toContain(sharingMessages.paidOnly);
    expect(within(form).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/upgrade');
  });
});
