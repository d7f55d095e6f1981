import type { UserCounts as Counts } from '@shared/api/admin';
import { Code, Gem, Star, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import styles from './Admin.module.css';

function Counter({ label, value, icon, tone }: { label: string; value: number | undefined; icon: ReactNode; tone: string }) {
  return (
    <div className={styles.counter}>
      <span className={[styles.counterIcon, styles[tone]].join(' ')} aria-hidden="true">
        {icon}
      </span>
      <dt className={styles.counterLabel}>{label}</dt>
      <dd className={styles.counterValue}>{value ?? '–'}</dd>
    </div>
  );
}

/** SPEC §2 'Four counters: Total Users, Developers, Premium, VIP'; a dash until the first page has loaded. */
export function UserCounts({ counts }: { counts: Counts | undefined }) {
  return (
    <dl className={styles.counters} aria-label="User counts">
      <Counter label="Total Users" value={counts?.totalUsers} icon={<UsersRound />} tone="primary" />
      <Counter label="Developers" value={counts?.developers} icon={<Code />} tone="info" />
      <Counter label="Premium" value={counts?.premium} icon={<Gem />} tone="premium" />
      <Counter label="VIP" value={counts?.vip} icon={<Star />} tone="gold" />
    </dl>
  );
}
