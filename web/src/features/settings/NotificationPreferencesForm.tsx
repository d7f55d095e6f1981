import { authMessages, routes } from '@shared/api';
import type { NotificationMethod, User } from '@shared/api/user';
import { CURRENCIES, CURRENCY_CODES, type CurrencyCode, normalizeCurrency } from '@shared/domain/currency';
import { hasPaidFeatures } from '@shared/domain/roles';
import { Mail, MessageSquare, Save, Smartphone } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { type SectionMessage, SectionStatus } from '../../components/SectionStatus';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Checkbox } from '../../components/ui/Checkbox';
import { Select } from '../../components/ui/Select';
import { useCurrentUser, useSession } from '../../session/context';
import styles from './Settings.module.css';
import { settingsFailures } from './settingsText';
import { useEditableCopy } from './useEditableCopy';

/** SPEC §5: only e-mail can be chosen; SMS and Both are shown 'COMING SOON'. */
const METHODS: Array<{ value: NotificationMethod; label: string; icon: ReactNode; available: boolean }> = [
  { value: 'email', label: 'Email', icon: <Mail aria-hidden="true" />, available: true },
  { value: 'sms', label: 'SMS', icon: <Smartphone aria-hidden="true" />, available: false },
  { value: 'both', label: 'Both', icon: <MessageSquare aria-hidden="true" />, available: false },
];

const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({
  value: code,
  label: `${CURRENCIES[code].symbol} ${code} · ${CURRENCIES[code].name}`,
}));

interface Preferences {
  notificationMethod: NotificationMethod;
  notify10Days: boolean;
  notify3Days: boolean;
  notify1Day: boolean;
  currencyPreference: CurrencyCode;
}

const preferencesOf = (user: User): Preferences => ({
  // Only e-mail is available: a stored sms or both reads as e-mail until those arrive.
  notificationMethod: 'email',
  notify10Days: user.notify10Days,
  notify3Days: user.notify3Days,
  notify1Day: user.notify1Day,
  currencyPreference: normalizeCurrency(user.currencyPreference),
});

/**
 * Notification Preferences (SPEC §2, §5, §9): the method (e-mail; SMS and Both coming soon), the
 * 10-, 3- and 1-day reminders (the 1-day one for vip, premium and owner) and the display currency.
 */
export function NotificationPreferencesForm() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const oneDayAllowed = hasPaidFeatures(user.role);
  const [preferences, setPreferences] = useEditableCopy<Preferences>(preferencesOf(user));
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<SectionMessage | null>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (focusMessage) messageRef.current?.focus();
  }, [focusMessage]);

  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => setPreferences((current) => ({ ...current, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setSaving(true);
    try {
      const { notify1Day, ...rest } = preferences;
      // The server refuses the 1-day reminder below VIP, so it is sent only by those who may have it.
      const response = await api(routes.updateSettings, { body: oneDayAllowed ? { ...rest, notify1Day } : rest });
      setUser(response.user);
      setPreferences(preferencesOf(response.user));
      setMessage({ tone: 'success', text: authMessages.settingsUpdated });
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, settingsFailures.settings) });
    } finally {
      setSaving(false);
      setFocusMessage((n) => n + 1);
    }
  }

  return (
    <Card title="Notification Preferences" description="How and when we remind you before a payment is due.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Notification method</legend>
          <div className={styles.methods}>
            {METHODS.map((method) => (
              <label
                key={method.value}
                className={[styles.method, method.available ? null : styles.methodDisabled].filter(Boolean).join(' ')}
              >
                <input
                  type="radio"
                  name="notificationMethod"
                  value={method.value}
                  className={styles.methodInput}
                  checked={preferences.notificationMethod === method.value}
                  disabled={!method.available}
                  onChange={() => set('notificationMethod', method.value)}
                />
                <span className={styles.methodIconSmall}>{method.icon}</span>
                <span className={styles.methodLabel}>{method.label}</span>
                {!method.available && <Badge tone="info">COMING SOON</Badge>}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Reminder timing</legend>
          <div className={styles.checks}>
            <Checkbox
              label="10 days before"
              checked={preferences.notify10Days}
              onChange={(event) => set('notify10Days', event.currentTarget.checked)}
            />
            <Checkbox
              label="3 days before"
              checked={preferences.notify3Days}
              onChange={(event) => set('notify3Days', event.currentTarget.checked)}
            />
            <Checkbox
              label="1 day before (final reminder)"
              checked={oneDayAllowed && preferences.notify1Day}
              disabled={!oneDayAllowed}
              onChange={(event) => set('notify1Day', event.currentTarget.checked)}
              description={
                oneDayAllowed ? undefined : (
                  <>
                    Available for VIP and Premium members. <Link to="/upgrade">Upgrade</Link>
                  </>
                )
              }
            />
          </div>
        </fieldset>

        <Select
          label="Currency preference"
          options={CURRENCY_OPTIONS}
          value={preferences.currencyPreference}
          onChange={(event) => set('currencyPreference', normalizeCurrency(event.currentTarget.value))}
          hint="Amounts are shown in this currency."
          className={styles.currency}
        />

        <div className={styles.formFooter}>
          <SectionStatus message={message} ref={messageRef} />
          <Button type="submit" icon={<Save aria-hidden="true" />} loading={saving} loadingText="Saving...">
            Save Preferences
          </Button>
        </div>
      </form>
    </Card>
  );
}
