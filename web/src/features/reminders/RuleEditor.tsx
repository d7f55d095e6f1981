import type { Channel } from '@shared/api/channels';
import { CHANNEL_TYPE_LABELS } from '@shared/domain/reminders/channels';
import { REMINDER_EVENT_LABELS } from '@shared/domain/reminders/rule-labels';
import {
  EMAIL_CHANNEL,
  MAX_REMINDER_RULES,
  REMINDER_RULE_EVENTS,
  type ReminderRule,
  type ReminderRuleEvent,
  type ReminderRuleUnit,
} from '@shared/domain/reminders/rules';
import { CircleAlert, Plus, RotateCcw, Save, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { Button, IconButton } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { useToast } from '../../components/ui/Toast';
import styles from './Reminders.module.css';

/** A channel as the rules name it: its id and 'Name (Type)'. */
export interface ChannelChoice {
  id: string;
  label: string;
}

/** E-mail first, then each of the user's channels by name. */
export function channelChoices(channels: readonly Channel[]): ChannelChoice[] {
  return [
    { id: EMAIL_CHANNEL, label: 'E-mail' },
    ...channels.map((channel) => ({ id: channel.id, label: `${channel.name} (${CHANNEL_TYPE_LABELS[channel.type]})` })),
  ];
}

/** A rule while it is edited: the offset as typed. */
interface DraftRule {
  key: number;
  event: ReminderRuleEvent;
  offset: string;
  unit: ReminderRuleUnit;
  channels: string[];
}

const EVENT_OPTIONS = REMINDER_RULE_EVENTS.map((event) => ({ value: event, label: REMINDER_EVENT_LABELS[event] }));
/** Hours are offered for a trial's end only (issue 25 §1). */
const unitOptions = (event: ReminderRuleEvent) => [
  ...(event === 'trialEnd' ? [{ value: 'hours', label: 'hours before' }] : []),
  { value: 'days', label: 'days before' },
  { value: 'weeks', label: 'weeks before' },
];

let nextKey = 1;
const draftOf = (rule: ReminderRule): DraftRule => ({ key: nextKey++, ...rule, offset: String(rule.offset), channels: [...rule.channels] });

export interface RuleEditorProps {
  /** The rules the editor starts from (those in force). */
  initial: ReminderRule[];
  channels: ChannelChoice[];
  /** Saves a list of rules, or null to go back (to SPEC's reminders, or to the account's); answers the toast's text. */
  save: (rules: ReminderRule[] | null) => Promise<string>;
  /** 'Reset to defaults' on the account, 'Use account reminders' on a subscription. */
  resetLabel: string;
  /** Names the form for assistive technology: 'Your reminders', 'Reminders for Netflix'. */
  label: string;
  /** Called after a save or a reset went through. */
  onSaved?: () => void;
}

/**
 * The list of up to 5 reminder rules (issue 25 §1): each an event, how long before it, and its channels;
 * 'Add reminder', 'Remove', 'Save' and the way back to the defaults. A refusal is shown above the
 * buttons and focused; a save is confirmed with a toast.
 */
export function RuleEditor({ initial, channels, save, resetLabel, label, onSaved }: RuleEditorProps) {
  const toast = useToast();
  const [rules, setRules] = useState<DraftRule[]>(() => initial.map(draftOf));
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: number | 'add' | 'failure' } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus.key === 'add') addRef.current?.focus();
    else if (focus.key === 'failure') failureRef.current?.focus();
    else formRef.current?.querySelector<HTMLSelectElement>(`[data-rule="${focus.key}"]`)?.focus();
  }, [focus]);

  const change = (key: number, patch: Partial<DraftRule>) =>
    setRules((list) =>
      list.map((rule) => {
        if (rule.key !== key) return rule;
        const next = { ...rule, ...patch };
        // Hours are for trial ends only: another event takes days instead.
        if (next.unit === 'hours' && next.event !== 'trialEnd') next.unit = 'days';
        return next;
      }),
    );

  function add() {
    const rule = draftOf({ event: 'renewal', offset: 3, unit: 'days', channels: [EMAIL_CHANNEL] });
    setRules((list) => [...list, rule]);
    setFocus({ key: rule.key });
  }

  function remove(index: number) {
    const after = rules.filter((_, i) => i !== index);
    setRules(after);
    const next = after[index] ?? after[index - 1];
    setFocus({ key: next ? next.key : 'add' });
  }

  async function submit(rulesToSave: ReminderRule[] | null) {
    setSaving(true);
    setFailure(null);
    try {
      toast.success(await save(rulesToSave));
      onSaved?.();
    } catch (error) {
      setFailure(errorMessage(error, 'Your reminders could not be saved. Please try again.'));
      setFocus({ key: 'failure' });
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      rules.map((rule) => ({
        event: rule.event,
        offset: rule.offset.trim() === '' ? Number.NaN : Number(rule.offset),
        unit: rule.unit,
        channels: rule.channels,
      })),
    );
  }

  return (
    <form ref={formRef} className={styles.editor} onSubmit={onSubmit} aria-label={label} noValidate>
      {rules.length === 0 ? (
        <p className={styles.muted}>No reminders: add one, or go back to the defaults.</p>
      ) : (
        <ol className={styles.rules}>
          {rules.map((rule, index) => (
            <li key={rule.key} className={styles.rule}>
              <fieldset className={styles.ruleFields}>
                <legend className={styles.ruleLegend}>Reminder {index + 1}</legend>
                <div className={styles.timing}>
                  <Select
                    label="Event"
                    data-rule={rule.key}
                    options={EVENT_OPTIONS}
                    value={rule.event}
                    onChange={(event) => change(rule.key, { event: event.currentTarget.value as ReminderRuleEvent })}
                  />
                  <Input
                    label="How long"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={rule.offset}
                    onChange={(event) => change(rule.key, { offset: event.currentTarget.value })}
                    className={styles.offset}
                  />
                  <Select
                    label="Unit"
                    options={unitOptions(rule.event)}
                    value={rule.unit}
                    onChange={(event) => change(rule.key, { unit: event.currentTarget.value as ReminderRuleUnit })}
                  />
                </div>
                <fieldset className={styles.channels}>
                  <legend className={styles.channelsLegend}>Send by</legend>
                  {channels.map((channel) => (
                    <Checkbox
                      key={channel.id}
                      label={channel.label}
                      checked={rule.channels.includes(channel.id)}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        change(rule.key, {
                          channels: on ? [...rule.channels, channel.id] : rule.channels.filter((id) => id !== channel.id),
                        });
                      }}
                    />
                  ))}
                </fieldset>
              </fieldset>
              <IconButton
                label={`Remove reminder ${index + 1}`}
                icon={<Trash2 aria-hidden="true" />}
                className={styles.remove}
                onClick={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div aria-live="polite" aria-atomic="true">
        {failure && (
          <p ref={failureRef} tabIndex={-1} className={styles.failure}>
            <CircleAlert aria-hidden="true" />
            {failure}
          </p>
        )}
      </div>
      <div className={styles.buttons}>
        <Button
          ref={addRef}
          variant="secondary"
          icon={<Plus aria-hidden="true" />}
          onClick={add}
          disabled={rules.length >= MAX_REMINDER_RULES}
        >
          Add reminder
        </Button>
        <Button variant="ghost" icon={<RotateCcw aria-hidden="true" />} onClick={() => void submit(null)} disabled={saving}>
          {resetLabel}
        </Button>
        <Button type="submit" icon={<Save aria-hidden="true" />} loading={saving} loadingText="Saving...">
          Save reminders
        </Button>
      </div>
      {rules.length >= MAX_REMINDER_RULES && <p className={styles.muted}>At most {MAX_REMINDER_RULES} reminders.</p>}
    </form>
  );
}
