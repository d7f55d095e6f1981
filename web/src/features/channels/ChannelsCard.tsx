import { type Channel, type ChannelTestResult, routes } from '@shared/api';
import { CHANNEL_TYPE_LABELS, hasReminderChannels, ntfyTopicUrl } from '@shared/domain/reminders/channels';
import { Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { channelsChanged, channelsQuery, queryClient } from '../../api/queries';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import { ChannelDialog, type Editing } from './ChannelDialog';
import styles from './Channels.module.css';

const DESCRIPTION =
  'Get every reminder on your phone with ntfy, Telegram, Pushover or Gotify, in Discord or Slack, or on your own server with a signed webhook.';

/** Where a channel sends, for its row: secrets stay masked as the server answers them. */
function targetOf(channel: Channel): string {
  if (channel.type === 'ntfy') return ntfyTopicUrl({ serverUrl: channel.config.serverUrl ?? '', topic: channel.config.topic ?? '' });
  if (channel.type === 'telegram') return `Chat ${channel.config.chatId ?? ''}`;
  if (channel.type === 'gotify') return channel.config.serverUrl ?? '';
  if (channel.type === 'pushover') return `User key ${channel.config.userKey ?? ''}`;
  return channel.config.url ?? '';
}

function testAnswerText(result: ChannelTestResult): string {
  const excerpt = result.body ? `: “${result.body.slice(0, 120)}”` : '';
  if (result.ok) return `Sent. The server answered ${result.status} in ${result.durationMs} ms${excerpt}`;
  if (result.status !== null) return `Not sent. The server answered ${result.status}${excerpt}`;
  return `Not sent. ${result.error ?? 'No answer'}`;
}

/**
 * Notification channels (issue 25 §2), VIP and Premium: the list, 'Add channel', each one's switch,
 * 'Send test' with the provider's answer inline, edit and delete. Members see what channels are and how
 * to get them.
 */
export function ChannelsCard() {
  const user = useCurrentUser();
  if (!hasReminderChannels(user.role)) {
    return (
      <Card title="Notification channels" description={DESCRIPTION}>
        <p className={styles.upsell}>
          <Badge tone="gold">VIP</Badge> Available for VIP and Premium members. <Link to="/upgrade">Upgrade</Link> to get reminders on ntfy,
          Discord, Slack or a webhook.
        </p>
      </Card>
    );
  }
  return <PaidChannelsCard />;
}

function PaidChannelsCard() {
  const [channels, setChannels] = useState<Channel[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Channel | null>(null);
  const [busy, setBusy] = useState(false);
  const [tests, setTests] = useState<Record<string, { running: boolean; result?: ChannelTestResult; failure?: string }>>({});
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const addButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    try {
      // Browsers' channels are shown, tested and removed in Browser notifications (BrowserNotificationsCard).
      setChannels((await queryClient.fetchQuery(channelsQuery)).filter((channel) => channel.type !== 'webpush'));
    } catch (error) {
      setFailure(errorMessage(error, 'Your channels could not be loaded. Please try again.'));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const replace = (channel: Channel) => setChannels((list) => (list ?? []).map((c) => (c.id === channel.id ? channel : c)));

  /** The switch moves at once; a refusal puts it back and says why. */
  async function toggle(channel: Channel, enabled: boolean) {
    setFailure(null);
    replace({ ...channel, enabled });
    try {
      replace(await api(routes.updateChannel, { params: { id: channel.id }, body: { enabled } }));
      channelsChanged();
    } catch (error) {
      replace(channel);
      setFailure(errorMessage(error, 'The channel could not be changed. Please try again.'));
    }
  }

  async function sendTest(channel: Channel) {
    setTests((t) => ({ ...t, [channel.id]: { running: true } }));
    try {
      const result = await api(routes.testChannel, { params: { id: channel.id } });
      setTests((t) => ({ ...t, [channel.id]: { running: false, result } }));
    } catch (error) {
      setTests((t) => ({
        ...t,
        [channel.id]: { running: false, failure: errorMessage(error, 'The test could not be sent. Please try again.') },
      }));
    }
  }

  async function showSecret(channel: Channel) {
    try {
      const { secret } = await api(routes.channelSecret, { params: { id: channel.id } });
      setSecrets((s) => ({ ...s, [channel.id]: secret }));
    } catch (error) {
      setFailure(errorMessage(error, 'The secret could not be loaded. Please try again.'));
    }
  }

  async function remove(channel: Channel) {
    setBusy(true);
    try {
      await api(routes.deleteChannel, { params: { id: channel.id } });
      setChannels((list) => (list ?? []).filter((c) => c.id !== channel.id));
      channelsChanged();
      setDeleting(null);
      addButton.current?.focus();
    } catch (error) {
      setFailure(errorMessage(error, 'The channel could not be deleted. Please try again.'));
      setDeleting(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Notification channels"
      description={DESCRIPTION}
      actions={
        <Button ref={addButton} size="sm" icon={<Plus aria-hidden="true" />} onClick={() => setEditing({ channel: null })}>
          Add channel
        </Button>
      }
    >
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      {!channels ? (
        !failure && <Spinner label="Loading channels" />
      ) : channels.length === 0 ? (
        <p className={styles.empty}>No channels yet. Your reminders go to your e-mail only.</p>
      ) : (
        <ul className={styles.list} aria-label="Your notification channels">
          {channels.map((channel) => {
            const test = tests[channel.id];
            return (
              <li key={channel.id} className={styles.item}>
                <div className={styles.head}>
                  <div className={styles.names}>
                    <span className={styles.name}>{channel.name}</span>
                    <Badge tone="info">{CHANNEL_TYPE_LABELS[channel.type]}</Badge>
                  </div>
                  <Checkbox label="Enabled" checked={channel.enabled} onChange={(e) => void toggle(channel, e.currentTarget.checked)} />
                </div>
                <p className={styles.target}>{targetOf(channel)}</p>
                {channel.type === 'webhook' && (
                  <p className={styles.target}>
                    Signing secret: <code>{secrets[channel.id] ?? channel.config.secret}</code>{' '}
                    {!secrets[channel.id] && (
                      <button type="button" className={styles.linkButton} onClick={() => void showSecret(channel)}>
                        Show<span className="visually-hidden"> the signing secret of {channel.name}</span>
                      </button>
                    )}
                  </p>
                )}
                <div className={styles.actions}>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<Send aria-hidden="true" />}
                    loading={test?.running}
                    onClick={() => void sendTest(channel)}
                  >
                    Send test<span className="visually-hidden"> to {channel.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" icon={<Pencil aria-hidden="true" />} onClick={() => setEditing({ channel })}>
                    Edit<span className="visually-hidden"> {channel.name}</span>
                  </Button>
                  <Button size="sm" variant="ghost" icon={<Trash2 aria-hidden="true" />} onClick={() => setDeleting(channel)}>
                    Delete<span className="visually-hidden"> {channel.name}</span>
                  </Button>
                </div>
                <div role="status" className={styles.testLine}>
                  {test?.result && <span className={test.result.ok ? styles.ok : styles.bad}>{testAnswerText(test.result)}</span>}
                  {test?.failure && <span className={styles.bad}>{test.failure}</span>}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ChannelDialog
          channel={editing.channel}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            if (created) setChannels((list) => [...(list ?? []), saved]);
            else replace(saved);
            channelsChanged();
            if (created && saved.type === 'webhook' && saved.config.secret)
              setSecrets((s) => ({ ...s, [saved.id]: saved.config.secret as string }));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        type="danger"
        title={`Delete ${deleting?.name ?? 'this channel'}?`}
        message={<p>Reminders stop going to this channel. Its past deliveries stay in the log.</p>}
        confirmLabel="Delete Channel"
        loadingLabel="Deleting..."
        loading={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Card>
  );
}
