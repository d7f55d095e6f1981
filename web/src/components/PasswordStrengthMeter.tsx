import { passwordChecks, passwordStrength } from '@shared/domain/password';
import { Check, X } from 'lucide-react';
import styles from './PasswordStrengthMeter.module.css';

const levels = { Weak: 1, Medium: 2, Strong: 3 } as const;

/**
 * SPEC §5 strength meter: Weak / Medium / Strong from the five shared checks, with the
 * length / number / special checklist until the password is Strong.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const checks = passwordChecks(password);
  const items = [
    { met: checks.length, label: 'At least 8 characters' },
    { met: checks.number, label: 'At least one number' },
    { met: checks.special, label: 'At least one special character (!@#$%^&*)' },
  ];
  return (
    <div id={id} className={[styles.meter, styles[strength.toLowerCase()]].join(' ')}>
      <div className={styles.bars} aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span key={bar} className={[styles.bar, bar <= levels[strength] ? styles.filled : null].filter(Boolean).join(' ')} />
        ))}
      </div>
      <p className={styles.label} aria-live="polite">
        Password strength: <strong className={styles.value}>{strength}</strong>
      </p>
      {strength !== 'Strong' && (
        <ul className={styles.checklist} aria-label="Password requirements">
          {items.map((item) => (
            <li key={item.label} className={item.met ? styles.met : styles.unmet}>
              {item.met ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
              <span>{item.label}</span>
              <span className="visually-hidden">{item.met ? '(met)' : '(not met)'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
