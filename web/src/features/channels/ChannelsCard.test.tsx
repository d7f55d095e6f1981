import { routes } from '@shared/api';
import { channelMessages } from '@shared/api/channels';
import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { deferred, failure, on } from '../../testing/api';
import { aChannel, aUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { ChannelsCard } from './ChannelsCard';

const vip = aUser({ role: 'vip', subscriptionType: 'vip' });
const phone = aChannel({ id: 'ch-phone', name: 'Phone', config: { serverUrl: 'https://ntfy.sh', topic: 'alice', accessToken: null } });
const hook = aChannel({
  id: 'ch-hook',
  type: 'webhook',
  name: 'My server',
  config: { url: 'https://example.com/hook', secret: '••••abcd' },
});

describe('Settings → Notification channels', () => {
  test('a member is told what channels are and how to get them, and nothing is asked', async () => {
    const { api } = renderApp(<ChannelsCard />);
    expect(await screen.findByText(/Available for VIP and Premium members\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/upgrade');
    expect(screen.queryByRole('button', { name: 'Add channel' })).toBeNull();
    expect(api.callsTo(routes.listChannels)).toHaveLength(0);
  });

  test('a spinner while the channels load, then the empty state', async () => {
    const answer = deferred<never[]>();
    renderApp(<ChannelsCard />, { signedIn: vip, api: [on(routes.listChannels, () => answer.promise)] });
    expect(await screen.findByText('Loading channels')).toBeTruthy();
    answer.resolve([]);
    expect(await screen.findByText('No channels yet. Your reminders go to your e-mail only.')).toBeTruthy();
  });

  test('channels that fail to load say so', async () => {
    renderApp(<ChannelsCard />, { signedIn: vip, api: [on(routes.listChannels, failure(500, ''))] });
    expect((await screen.findByRole('alert')).textContent).toBe('Your channels could not be loaded. Please try again.');
  });

  test('each channel shows its type and target; browsers are left to their own card', async () => {
    renderApp(<ChannelsCard />, {
      signedIn: vip,
      api: [on(routes.listChannels, [phone, hook, aChannel({ id: 'ch-push', type: 'webpush', name: 'Firefox' })])],
    });
    const list = await screen.findByRole('list', { name: 'Your notification channels' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Phonentfy');
    expect(items[0].textContent).toContain('https://ntfy.sh/alice');
    expect(items[1].textContent).toContain('Signing secret: ••••abcd');
  });

  test('adding: the type’s fields are asked, the server’s refusal is shown word for word, and the added channel is listed', async () => {
    const created = aChannel({ id: 'ch-new', name: 'Laptop', config: { serverUrl: 'https://ntfy.sh', topic: 'mine', accessToken: null } });
    const { user, api } = renderApp(<ChannelsCard />, {
      signedIn: vip,
      api: [
        on(routes.listChannels, []),
        on(routes.createChannel, failure(400, channelMessages.topicInvalid), 1),
        on(routes.createChannel, created),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Add channel' });
    expect(within(dialog).getByLabelText('Server URL (optional)')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Laptop');
    await user.type(within(dialog).getByLabelText('Topic'), 'no spaces allowed');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal.textContent).toBe(channelMessages.topicInvalid);
    expect(document.activeElement).toBe(refusal);

    await user.clear(within(dialog).getByLabelText('Topic'));
    await user.type(within(dialog).getByLabelText('Topic'), 'mine');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [item] = within(screen.getByRole('list', { name: 'Your notification channels' })).getAllByRole('listitem');
    expect(item.textContent).toContain('Laptopntfy');
    expect(api.callsTo(routes.createChannel)[1].body).toEqual({
      type: 'ntfy',
      name: 'Laptop',
      config: { serverUrl: '', topic: 'mine', accessToken: '' },
    });
  });

  test('a webhook added shows its signing secret once, in a dialog', async () => {
    const created = aChannel({
      id: 'ch-wh',
      type: 'webhook',
      name: 'Server',
      config: { url: 'https://example.com/h', secret: 'whsec_full' },
    });
    const { user } = renderApp(<ChannelsCard />, {
      signedIn: vip,
      api: [on(routes.listChannels, []), on(routes.createChannel, created)],
    });
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Add channel' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'webhook');
    await user.type(within(dialog).getByLabelText('Name'), 'Server');
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'https://example.com/h');
    await user.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    const shown = await screen.findByRole('dialog', { name: 'Webhook added' });
    expect(within(shown).getByText('whsec_full')).toBeTruthy();
  });

  test('Send test shows the provider’s answer; a refused switch is put back with the reason', async () => {
    const { user } = renderApp(<ChannelsCard />, {
      signedIn: vip,
      api: [
        on(routes.listChannels, [phone]),
        on(routes.testChannel, { ok: false, status: 403, body: 'forbidden', error: null, durationMs: 80 }),
        on(routes.updateChannel, failure(404, channelMessages.notFound)),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Send test to Phone' }));
    expect(await screen.findByText('Not sent. The server answered 403: “forbidden”')).toBeTruthy();

    const enabled = screen.getByRole('checkbox', { name: 'Enabled' }) as HTMLInputElement;
    await user.click(enabled);
    expect((await screen.findByRole('alert')).textContent).toBe(channelMessages.notFound);
    expect(enabled.checked).toBe(true);
  });

  test('deleting asks first, then the channel leaves the list', async () => {
    const { user, api } = renderApp(<ChannelsCard />, {
      signedIn: vip,
      api: [on(routes.listChannels, [phone]), on(routes.deleteChannel, { message: channelMessages.deleted })],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Phone' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Phone?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Channel' }));
    expect(await screen.findByText('No channels yet. Your reminders go to your e-mail only.')).toBeTruthy();
    expect(api.callsTo(routes.deleteChannel)[0].params).toEqual({ id: 'ch-phone' });
  });
});
