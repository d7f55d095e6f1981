import { type Channel, type ChannelType, routes } from '@shared/api';
import { CHANNEL_TYPE_LABELS, CHANNEL_TYPES, DEFAULT_NTFY_SERVER } from '@shared/domain/reminders/channels';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { Select } from '../../components/ui/Select';
import styles from './Channels.module.css';

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
  telegram: [
    { key: 'botToken', label: 'Bot token', hint: 'Ask @BotFather for a new bot: it gives the token', secret: true },
    {
      key: 'chatId',
      label: 'Chat id',
      hint: 'Your chat with the bot, a group (starts with -) or a channel (@name) the bot may write to',
    },
  ],
  gotify: [
    { key: 'serverUrl', label: 'Server URL', hint: 'Your Gotify server, with its path if it sits behind one' },
    { key: 'appToken', label: 'App token', hint: 'Apps → Create application, then its token', secret: true },
  ],
  pushover: [
    { key: 'userKey', label: 'User key', hint: 'On your Pushover dashboard', secret: true },
    { key: 'appToken', label: 'API token', hint: 'Create an application at pushover.net/apps/build', secret: true },
  ],
  // A browser's subscription comes from the browser itself, never typed in (BrowserNotificationsCard).
  webpush: [],
};

/** The types added with this dialog: a browser is added from itself (BrowserNotificationsCard). */
const ADDED_HERE = CHANNEL_TYPES.filter((type) => type !== 'webpush');

/** The channel the dialog edits, or null when it adds one. */
export interface Editing {
  channel: Channel | null;
}

/** Add or edit a channel: type (on adding), name and the type's fields; the server's message on a refusal. */
export function ChannelDialog({
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
        <p>
          Each request carries X-SubTracker-Timestamp and X-SubTracker-Signature, signed with this secret, and an <code>id</code> in its
          body that stays the same when a reminder is retried: ignore an id you have already handled. Keep the secret on your server:
        </p>
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
