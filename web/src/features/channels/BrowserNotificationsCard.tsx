import { type Channel, routes } from '@shared/api';
import { hasReminderChannels, maskUrl } from '@shared/domain/reminders/channels';
import { Bell, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { channelsChanged, channelsQuery, queryClient } from '../../api/queries';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Input } from '../../components/ui/Input';
import { deviceName } from '../../lib/deviceName';
import { currentPushSubscription, pushSupported, subscribeThisDevice } from '../../lib/webPush';
import { useCurrentUser } from '../../session/context';
import styles from './BrowserNotifications.module.css';

const TITLE = 'Browser notifications';
const DESCRIPTION = 'Get your reminders as notifications from this browser, on each device you enable them on.';

export const browserNotificationText = {
  unsupported: 'This browser cannot show notifications from websites. Try another browser, or add the app to your home screen first.',
  blocked: "Notifications are blocked for this site. Allow them in your browser's site settings, then try again.",
  enableFailed: 'Notifications could not be turned on for this device. Please try again.',
  enabled: 'Notifications are on for this device. Send a test to see one.',
  loadFailed: 'Your devices could not be loaded. Please reload the page.',
  testFailed: 'The test could not be sent. Please try again.',
  removeFailed: 'The device could not be removed. Please try again.',
  removed: (name: string) => `${name} no longer gets notifications.`,
  off: 'Off: this browser stopped accepting notifications. Remove it, then enable notifications on that device again.',
} as const;
const text = browserNotificationText;

/**
 * Browser notifications (issue 25 §2): 'Enable notifications on this device' asks the browser's
 * permission, subscribes with the product's VAPID key (GET /api/push/key) and keeps the subscription as
 * a 'webpush' channel named after the device; each device has 'Send test' (the push service's answer)
 * and 'Remove', which on this device also unsubscribes it. Members see what it is and the way to it.
 */
export function BrowserNotificationsCard() {
  const user = useCurrentUser();
  if (!hasReminderChannels(user.role)) {
    return (
      <Card title={TITLE} description={DESCRIPTION}>
        <p className={styles.hint}>
          Available for VIP and Premium members. <Link to="/upgrade">Upgrade</Link>
        </p>
      </Card>
    );
  }
  return <DeviceNotifications />;
}

function DeviceNotifications() {
  const [devices, setDevices] = useState<Channel[] | null>(null);
  /** This device's subscription endpoint, masked as the channel list shows endpoints. */
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  const [name, setName] = useState(() => deviceName(navigator.userAgent));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [results, setResults] = useState<Record<string, SectionMessage>>({});
  const [removing, setRemoving] = useState<Channel | null>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const supported = pushSupported();

  useEffect(() => {
    let current = true;
    Promise.all([queryClient.fetchQuery(channelsQuery), currentPushSubscription().catch(() => null)])
      .then(([channels, subscription]) => {
        if (!current) return;
        setDevices(channels.filter((channel) => channel.type === 'webpush'));
        setThisDevice(subscription ? maskUrl(subscription.endpoint) : null);
      })
      .catch(() => current && setMessage({ tone: 'danger', text: text.loadFailed }));
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (focusMessage > 0) messageRef.current?.focus();
  }, [focusMessage]);

  const tell = (next: SectionMessage) => {
    setMessage(next);
    setFocusMessage((n) => n + 1);
  };

  async function enable(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        tell({ tone: 'danger', text: text.blocked });
        return;
      }
      const { publicKey } = await api(routes.pushKey);
      const config = await subscribeThisDevice(publicKey);
      const created = await api(routes.createChannel, { body: { type: 'webpush', name: name.trim(), config } });
      setDevices((list) => [...(list ?? []), created]);
      channelsChanged();
      setThisDevice(created.config.endpoint ?? null);
      tell({ tone: 'success', text: text.enabled });
    } catch (error) {
      tell({ tone: 'danger', text: errorMessage(error, text.enableFailed) });
    } finally {
      setBusy(false);
    }
  }

  async function sendTest(device: Channel) {
    setResults((all) => ({ ...all, [device.id]: { tone: 'success', text: 'Sending…' } }));
    try {
      const answer = await api(routes.testChannel, { params: { id: device.id } });
      const result: SectionMessage = answer.ok
        ? { tone: 'success', text: `Sent: the push service answered ${answer.status}.` }
        : { tone: 'danger', text: `Not sent: ${answer.error ?? `the push service answered ${answer.status}`}` };
      setResults((all) => ({ ...all, [device.id]: result }));
      // A push service's 404 or 410: the server turned the channel off.
      const gone = answer.status === 404 || answer.status === 410;
      if (gone) setDevices((list) => list?.map((d) => (d.id === device.id ? { ...d, enabled: false } : d)) ?? null);
    } catch (error) {
      setResults((all) => ({ ...all, [device.id]: { tone: 'danger', text: errorMessage(error, text.testFailed) } }));
    }
  }

  async function remove(device: Channel) {
    setBusy(true);
    try {
      await api(routes.deleteChannel, { params: { id: device.id } });
      if (device.config.endpoint === thisDevice) {
        await (await currentPushSubscription())?.unsubscribe();
        setThisDevice(null);
      }
      setDevices((list) => list?.filter((d) => d.id !== device.id) ?? null);
      channelsChanged();
      setRemoving(null);
      tell({ tone: 'success', text: text.removed(device.name) });
    } catch (error) {
      setRemoving(null);
      tell({ tone: 'danger', text: errorMessage(error, text.removeFailed) });
    } finally {
      setBusy(false);
    }
  }

  const enabledHere = devices?.some((device) => device.config.endpoint === thisDevice) ?? false;

  return (
    <Card title={TITLE} description={DESCRIPTION}>
      {devices && devices.length > 0 && (
        <ul className={styles.deviceList} aria-label="Devices with notifications">
          {devices.map((device) => (
            <li key={device.id} className={styles.device}>
              <div className={styles.deviceHeader}>
                <span className={styles.deviceName}>{device.name}</span>
                {device.config.endpoint === thisDevice && <Badge tone="primary">This device</Badge>}
                {!device.enabled && <Badge tone="warning">Off</Badge>}
              </div>
              {!device.enabled && <p className={styles.hint}>{text.off}</p>}
              <div className={styles.actionsRow}>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Send aria-hidden="true" />}
                  onClick={() => void sendTest(device)}
                  disabled={!device.enabled}
                >
                  Send test<span className="visually-hidden"> to {device.name}</span>
                </Button>
                <Button variant="ghost" size="sm" icon={<Trash2 aria-hidden="true" />} onClick={() => setRemoving(device)}>
                  Remove<span className="visually-hidden"> {device.name}</span>
                </Button>
              </div>
              <SectionStatus message={results[device.id] ?? null} />
            </li>
          ))}
        </ul>
      )}
      {!supported && <p className={styles.hint}>{text.unsupported}</p>}
      {supported && devices && !enabledHere && (
        <form onSubmit={(event) => void enable(event)} className={styles.deviceForm}>
          <Input
            label="Name of this device"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            required
            hint="Shown in your list of devices and in the deliveries log."
          />
          <Button type="submit" icon={<Bell aria-hidden="true" />} loading={busy}>
            Enable notifications on this device
          </Button>
        </form>
      )}
      <SectionStatus message={message} ref={messageRef} />
      <ConfirmDialog
        open={removing !== null}
        type="warning"
        title={`Remove ${removing?.name ?? 'this device'}?`}
        message={<p>It stops getting reminder notifications. You can enable them again on that device at any time.</p>}
        confirmLabel="Remove"
        loadingLabel="Removing..."
        loading={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </Card>
  );
}
