import { type AccountReminderRules, authMessages, reminderRuleMessages, routes } from '@shared/api';
import { startingRules } from '@shared/domain/reminders/rule-labels';
import { hasCustomReminderRules, MAX_REMINDER_RULES } from '@shared/domain/reminders/rules';
import { CircleAlert, CircleCheck, Save } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser, useSession } from '../../session/context';
import styles from './Reminders.module.css';
import { RuleEditor } from './RuleEditor';
import { RuleList } from './RuleList';
import { useChannelChoices } from './useChannelChoices';

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00` }));

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, with UTC and the user's own (which an older browser may lack). */
function timeZoneOptions(current: string) {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/**
 * Settings → Reminders (issue 25 §1): the hour and time zone reminders go out at, and the account's
 * rules — SPEC's, read-only with the upgrade path, for members; an editor of up to 5 for VIP and Premium.
 */
export function ReminderRulesCard() {
  return (
    <Card title="Reminders" description="When your reminders go out, and which ones you get.">
      <div className={styles.card}>
        <SendTimeForm />
        <AccountRules />
      </div>
    </Card>
  );
}

function SendTimeForm() {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const [hour, setHour] = useState(String(user.reminderHour));
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [focusMessage, setFocusMessage] = useState(0);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const zones = useMemo(() => timeZoneOptions(user.timeZone), [user.timeZone]);
  const browserZone = browserTimeZone();

  useEffect(() => {
    if (focusMessage) messageRef.current?.focus();
  }, [focusMessage]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    try {
      const response = await api(routes.updateSettings, { body: { reminderHour: Number(hour), timeZone } });
      setUser(response.user);
      setMessage({ tone: 'success', text: authMessages.settingsUpdated });
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error, 'Your reminder time could not be saved. Please try again.') });
    } finally {
      setSaving(false);
      setFocusMessage((n) => n + 1);
    }
  }

  return (
    <form className={styles.sendTime} onSubmit={onSubmit} aria-label="Reminder time" noValidate>
      <div className={styles.sendTimeFields}>
        <Select label="Send reminders at" options={HOUR_OPTIONS} value={hour} onChange={(event) => setHour(event.currentTarget.value)} />
        <Select
          label="Time zone"
          options={zones}
          value={timeZone}
          onChange={(event) => setTimeZone(event.currentTarget.value)}
          hint={
            browserZone && browserZone !== timeZone ? (
              <>
                This browser is in {browserZone.replaceAll('_', ' ')}.{' '}
                <button type="button" className={styles.linkButton} onClick={() => setTimeZone(browserZone)}>
                  Use it
                </button>
              </>
            ) : undefined
          }
        />
      </div>
      <div className={styles.footer}>
        <div aria-live="polite" aria-atomic="true" className={styles.status}>
          {message && (
            <p ref={messageRef} tabIndex={-1} className={message.tone === 'success' ? styles.success : styles.failure}>
              {message.tone === 'success' ? <CircleCheck aria-hidden="true" /> : <CircleAlert aria-hidden="true" />}
              {message.text}
            </p>
          )}
        </div>
        <Button type="submit" icon={<Save aria-hidden="true" />} loading={saving} loadingText="Saving...">
          Save time
        </Button>
      </div>
    </form>
  );
}

function AccountRules() {
  const user = useCurrentUser();
  const paid = hasCustomReminderRules(user.role);
  const channels = useChannelChoices(paid);
  const [answer, setAnswer] = useState<AccountReminderRules | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new editor from each answer: after a save or a reset it starts from what the server holds.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    api(routes.getReminderRules)
      .then(setAnswer)
      .catch((error) => setFailure(errorMessage(error, 'Your reminders could not be loaded. Please try again.')));
  }, []);

  async function save(rules: AccountReminderRules['rules'] | null) {
    const saved = await api(routes.saveReminderRules, { body: { rules } });
    setAnswer(saved);
    setVersion((n) => n + 1);
    return rules ? reminderRuleMessages.saved : reminderRuleMessages.reset;
  }

  return (
    <section className={styles.rulesSection} aria-labelledby="account-rules-title">
      <h3 id="account-rules-title" className={styles.heading}>
        Your reminders
      </h3>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : !answer || !channels ? (
        <Spinner label="Loading your reminders" />
      ) : answer.editable ? (
        <>
          {answer.source === 'account' ? (
            <p className={styles.muted}>Your own reminders, for every subscription that has none of its own.</p>
          ) : (
            <>
              {/* The same list a subscription's details show as 'the standard ones' (issue 35 §2.7). */}
              <p className={styles.muted}>You get the standard reminders, under your notification preferences:</p>
              <RuleList rules={answer.rules} channels={channels} />
              <p className={styles.muted}>
                Save up to {MAX_REMINDER_RULES} of your own instead. The editor starts from {startingRules(answer.rules).length} of them:
                each one before a renewal and the last one before a trial's end and a cancel-by date.
              </p>
            </>
          )}
          <RuleEditor
            key={version}
            label="Your reminders"
            initial={answer.source === 'account' ? answer.rules : startingRules(answer.rules)}
            channels={channels}
            save={save}
            resetLabel="Reset to defaults"
          />
        </>
      ) : (
        <>
          <p className={styles.muted}>Before each renewal, trial end and cancel-by date, under your notification preferences:</p>
          <RuleList rules={answer.rules} channels={channels} />
          <p className={styles.upsell}>
            <Badge tone="gold">VIP</Badge> Choose your own reminders — any lead time, per subscription, on your channels.{' '}
            <Link to="/upgrade">Upgrade</Link>
          </p>
        </>
      )}
    </section>
  );
}
