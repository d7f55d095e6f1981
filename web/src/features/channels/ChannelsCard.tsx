import { type Channel, type ChannelTestResult, type ChannelType, routes } from '@shared/api';
import { CHANNEL_TYPE_LABELS, CHANNEL_TYPES, DEFAULT_NTFY_SERVER, hasReminderChannels } from '@shared/domain/channels';
import { Pencil, Plus, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { channelsChanged, channelsQuery, queryClient } from '../../api/queries';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser } from '../../session/context';
import styles from './Channels.module.css';

const DESCRIPTION = 'Get every reminder on your phone with ntfy, in Discord or Slack, or on your own server with a signed webhook.';

/** The fields a type asks for, in its form. */
const FIELDS: Record<ChannelType, Array<{ key: string; label: string; hint?: string; secret?: boolean; optional?: boolean }>> = {
  ntfy: [
    { key: 'serverUrl', label: 'Server URL', hint: `Leave empty for ${DEFAULT_NTFY_SERVER}`, optional: true },
    { key: 'topic', label: 'Topic', hint: 'Letters, digits, _ and -; subscribe to the same topic in the ntfy app' },
    { key: 'accessToken', label: 'Access token', hint: 'Only for a protected topic', secret: true, optional: true },
  ],
  webhook: [{ key: 'url', label: 'Webhook URL', hint: 'We POST signed JSON here; the signing secret is shown once it is added' }],
  discord: [
    { key: 'url', label: 'Discord webhook URL', hint: 'Server Settings → Integrations → Webhooks → Copy Webhook URL', secret: true },
  ],
  slack: [
    {
      key: 'url',
      label: 'Slack webhook URL',
      hint: 'An incoming webhook of a Slack app: https://hooks.slack.com/services/…',
      secret: true,
    },
  ],
  // A browser's subscription comes from the browser itself, never typed in (BrowserNotificationsCard).
  webpush: [],
};

/** Where a channel sends, for its row: secrets stay masked as the server answers them. */
/** The types added with this dialog: a browser is added from itself (BrowserNotificationsCard). */
const ADDED_HERE = CHANNEL_TYPES.filter((type) => type !== 'webpush');

function targetOf(channel: Channel): string {
  if (channel.type === 'ntfy') return `${channel.config.serverUrl}/${channel.config.topic}`;
  return channel.config.url ?? '';
}

function testAnswerText(result: ChannelTestResult): string {
  const excerpt = result.body ? `: “${result.body.slice(0, 120)}”` : '';
  if (result.ok) return `Sent. The server answered ${result.status} in ${result.durationMs} ms${excerpt}`;
  if (result.status !== null) return `Not sent. The server answered ${result.status}${excerpt}`;
  return `Not sent. ${result.error ?? 'No answer'}`;
}

interface Editing {
  channel: Channel | null;
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

/** Add or edit a channel: type (on adding), name and the type's fields; the server's message on a refusal. */
function ChannelDialog({
  channel,
  onClose,
  onSaved,
}: {
  channel: Channel | null;
  onClose: () => void;
  onSaved: (channel: Channel, created: boolean) => void;
}) {
  const [type, setType] = useState<ChannelType>(channel?.type ?? 'ntfy');
  const [name, setName] = useState(channel?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>(() =>
    channel ? Object.fromEntries(FIELDS[channel.type].filter((f) => !f.secret).map((f) => [f.key, channel.config[f.key] ?? ''])) : {},
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<Channel | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  // The problem is focused once it is on screen (a frame scheduled from the handler could come before React's commit).
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    // Secrets left empty on an edit are left out: the stored ones stay.
    const config = Object.fromEntries(
      FIELDS[type].filter((f) => !(channel && f.secret && !values[f.key])).map((f) => [f.key, values[f.key] ?? '']),
    );
    try {
      if (channel) {
        onSaved(await api(routes.updateChannel, { params: { id: channel.id }, body: { name, config } }), false);
        onClose();
      } else {
        const saved = await api(routes.createChannel, { body: { type, name, config } });
        onSaved(saved, true);
        if (saved.type === 'webhook') setCreated(saved);
        else onClose();
      }
    } catch (error) {
      setProblem(errorMessage(error, 'The channel could not be saved. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  if (created) {
    return (
      <Modal open onClose={onClose} title="Webhook added" footer={<Button onClick={onClose}>Done</Button>}>
        <p>Each request carries X-SubTracker-Timestamp and X-SubTracker-Signature, signed with this secret. Keep it on your server:</p>
        <p className={styles.secret}>
          <code>{created.config.secret}</code>
        </p>
        <p className={styles.hint}>You can show it again from the channel list.</p>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={channel ? `Edit ${channel.name}` : 'Add channel'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="channel-form" loading={saving} loadingText="Saving...">
            {channel ? 'Save Channel' : 'Add Channel'}
          </Button>
        </>
      }
    >
      <form id="channel-form" className={styles.form} onSubmit={onSubmit} noValidate>
        {!channel && (
          <Select
            label="Type"
            value={type}
            options={ADDED_HERE.map((t) => ({ value: t, label: CHANNEL_TYPE_LABELS[t] }))}
            onChange={(e) => setType(e.currentTarget.value as ChannelType)}
          />
        )}
        <Input label="Name" value={name} required maxLength={60} onChange={(e) => setName(e.currentTarget.value)} />
        {FIELDS[type].map((field) => (
          <Input
            key={`${type}-${field.key}`}
            label={field.optional ? `${field.label} (optional)` : field.label}
            hint={channel && field.secret ? 'Leave empty to keep the current one' : field.hint}
            type={field.secret ? 'password' : field.key.toLowerCase().includes('url') ? 'url' : 'text'}
            autoComplete="off"
            value={values[field.key] ?? ''}
            required={!field.optional && !(channel && field.secret)}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setValues((v) => ({ ...v, [field.key]: value }));
            }}
          />
        ))}
        {problem && (
          <p ref={problemRef} tabIndex={-1} role="alert" className={styles.failure}>
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
