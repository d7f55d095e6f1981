import type { FeatureTier } from '@shared/domain/profile';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/Badge';
import styles from './ProfileCustomizationModal.module.css';

const TIER_LABEL: Record<Exclude<FeatureTier, 'free'>, string> = { vip: 'VIP', premium: 'PREMIUM' };

function LockedBadge({ tier }: { tier: Exclude<FeatureTier, 'free'> }) {
  return (
    <Badge tone={tier === 'premium' ? 'premium' : 'gold'} icon={<Lock aria-hidden="true" />} className={styles.lock}>
      <span className="visually-hidden">Locked, requires </span>
      {TIER_LABEL[tier]}
    </Badge>
  );
}

interface ProfileOptionTileProps {
  name: string;
  value: string;
  label: string;
  tier: FeatureTier;
  locked: boolean;
  checked: boolean;
  onSelect: (value: string) => void;
  preview: ReactNode;
}

/** One choice of a radio group, drawn as a tile; a locked one is disabled and names the tier it needs. */
export function ProfileOptionTile({ name, value, label, tier, locked, checked, onSelect, preview }: ProfileOptionTileProps) {
  return (
    <label className={[styles.option, checked ? styles.checked : null, locked ? styles.locked : null].filter(Boolean).join(' ')}>
      <input
        type="radio"
        className={styles.radio}
        name={name}
        value={value}
        checked={checked}
        disabled={locked}
        onChange={() => onSelect(value)}
      />
      <span className={styles.preview} aria-hidden="true">
        {preview}
      </span>
      <span className={styles.optionText}>
        <span className={styles.optionLabel}>{label}</span>
        {locked && tier !== 'free' && <LockedBadge tier={tier} />}
      </span>
    </label>
  );
}
