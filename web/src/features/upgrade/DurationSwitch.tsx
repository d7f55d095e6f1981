import { PLAN_DURATIONS, type PlanMonths } from '@shared/domain/plans';
import { useId } from 'react';
import styles from './DurationSwitch.module.css';

export interface DurationSwitchProps {
  months: PlanMonths;
  onChange: (months: PlanMonths) => void;
}

/**
 * The plan duration switch (SPEC §2 'Upgrade'): a segmented control made of native radio buttons,
 * so Tab reaches the chosen duration and the arrow keys move between them.
 */
export function DurationSwitch({ months, onChange }: DurationSwitchProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Billing period" className={styles.switch}>
      {PLAN_DURATIONS.map((duration) => (
        <label key={duration.months} className={styles.option}>
          <input
            type="radio"
            name={name}
            value={duration.months}
            checked={duration.months === months}
            onChange={() => onChange(duration.months)}
            className={styles.input}
          />
          {duration.label}
        </label>
      ))}
    </div>
  );
}
