import { EMAIL_CHANNEL, MAX_REMINDER_RULES, type ReminderRule, type ReminderRuleEvent, type ReminderRuleUnit } from './rules.js';

/**
 * Reminder rules in words a user reads (issue 25 §1): '3 days before renewal by E-mail and Phone (ntfy)'.
 */
export const REMINDER_EVENT_LABELS: Record<ReminderRuleEvent, string> = {
  renewal: 'Renewal',
  trialEnd: 'Trial end',
  cancelBy: 'Cancel-by date',
  end: 'End date',
};

/** The event as it reads inside a sentence: 'before renewal', 'before the trial ends'. */
const EVENT_PHRASES: Record<ReminderRuleEvent, { before: string; on: string }> = {
  renewal: { before: 'before renewal', on: 'on the renewal day' },
  trialEnd: { before: 'before the trial ends', on: 'on the day the trial ends' },
  cancelBy: { before: 'before the cancel-by date', on: 'on the cancel-by date' },
  end: { before: 'before the end date', on: 'on the end date' },
};

const UNIT_WORDS: Record<ReminderRuleUnit, [string, string]> = {
  hours: ['hour', 'hours'],
  days: ['day', 'days'],
  weeks: ['week', 'weeks'],
};

/** '3 days', '1 week'. */
export const offsetText = (offset: number, unit: ReminderRuleUnit) => `${offset} ${UNIT_WORDS[unit][offset === 1 ? 0 : 1]}`;

/** 'A, B and C'. */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * One rule as a sentence. `channelNames` names the user's channels by id ('Phone (ntfy)'); a channel not
 * among them (deleted meanwhile) is left out.
 */
export function reminderRuleText(rule: ReminderRule, channelNames: ReadonlyMap<string, string>): string {
  const when =
    rule.offset === 0 && rule.unit === 'days'
      ? EVENT_PHRASES[rule.event].on
      : `${offsetText(rule.offset, rule.unit)} ${EVENT_PHRASES[rule.event].before}`;
  const names = rule.channels.flatMap((id) => {
    if (id === EMAIL_CHANNEL) return ['E-mail'];
    const name = channelNames.get(id);
    return name ? [name] : [];
  });
  const sentence = `${when} by ${listText(names.length > 0 ? names : ['E-mail'])}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/**
 * Where a user's own rules start from when they follow SPEC's reminders: those are 6 or 9 rules (each lead
 * time before each dated event), over the 5 a user may keep. The editor starts from every renewal reminder
 * and the last one before a trial's end and before a cancel-by date — at most 3 + 2.
 */
export function startingRules(defaults: readonly ReminderRule[]): ReminderRule[] {
  const renewals = defaults.filter((rule) => rule.event === 'renewal');
  const lastBefore = (event: ReminderRuleEvent) =>
    defaults
      .filter((rule) => rule.event === event)
      .sort((a, b) => a.offset - b.offset)
      .slice(0, 1);
  return [...renewals, ...lastBefore('trialEnd'), ...lastBefore('cancelBy')].slice(0, MAX_REMINDER_RULES);
}
