import { colorPair, PROFILE_EFFECT_VALUES } from '@shared/domain/profile';
import type { CSSProperties } from 'react';
import styles from './Avatar.module.css';

const EFFECTS: readonly string[] = PROFILE_EFFECT_VALUES;

/** Up to two initials from a display name or username: 'Ada Lovelace' → 'AL', 'owner' → 'O'. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[words.length - 1][0]] : [words[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export interface AvatarProps {
  name: string;
  /** Image URL or data URL; without one the initials show. */
  src?: string | null;
  effect?: string;
  color?: string;
  size?: 'sm' | 'md' | 'lg';
}

/** The user's picture (or initials) inside a ring animated by their profile effect and colour. */
export function Avatar({ name, src, effect = 'none', color = 'cyan', size = 'md' }: AvatarProps) {
  // SPEC §3: each colour scheme's pair of display colours, from the shared profile rules; unknown effects show as 'none'.
  const [from, to] = colorPair(color);
  const effectClass = styles[EFFECTS.includes(effect) ? effect.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) : 'none'];
  return (
    <span
      className={[styles.avatar, styles[size], effectClass].join(' ')}
      style={{ '--ring-from': from, '--ring-to': to } as CSSProperties}
    >
      <span className={styles.ring} aria-hidden="true" />
      {src ? (
        <img className={styles.image} src={src} alt="" />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
