import { EMAIL_CHANNEL, type ReminderRule } from './rules.js';

/**
 * A rule's channels as they work now (issue 25 §1;
 * docs/decisions/0095-reminder-rules-trash-and-channels.md): a channel deleted since the rule was
 * saved drops out and the rule keeps its other channels; a rule left with none goes out by e-mail, so a
 * deleted channel never silences a reminder. A channel that is only off stays named (its reminders
 * resume when it is back on).
 */
export function channelsInForce(channels: readonly string[], existingChannelIds: ReadonlySet<string>): string[] {
  const kept = channels.filter((id) => id === EMAIL_CHANNEL || existingChannelIds.has(id));
  return kept.length > 0 ? kept : [EMAIL_CHANNEL];
}

/** Every rule with {@link channelsInForce}. */
export const rulesInForce = (rules: readonly ReminderRule[], existingChannelIds: ReadonlySet<string>): ReminderRule[] =>
  rules.map((rule) => ({ ...rule, channels: channelsInForce(rule.channels, existingChannelIds) }));
