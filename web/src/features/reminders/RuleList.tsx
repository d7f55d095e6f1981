import { reminderRuleText } from '@shared/domain/reminders/rule-labels';
import type { ReminderRule } from '@shared/domain/reminders/rules';
import styles from './Reminders.module.css';
import type { ChannelChoice } from './RuleEditor';

/** The rules in force, one sentence each: '3 days before renewal by E-mail and Phone (ntfy)'. */
export function RuleList({ rules, channels }: { rules: ReminderRule[]; channels: ChannelChoice[] }) {
  const names = new Map(channels.map((channel) => [channel.id, channel.label]));
  if (rules.length === 0) return <p className={styles.muted}>No reminders.</p>;
  return (
    <ul className={styles.list}>
      {rules.map((rule) => (
        <li key={`${rule.event}-${rule.offset}-${rule.unit}`}>{reminderRuleText(rule, names)}</li>
      ))}
    </ul>
  );
}
