import { PROFILE_COLORS, PROFILE_EFFECTS, unlocks } from '@shared/domain/profile';
import { Crown, Sparkles } from 'lucide-react';
import { type CSSProperties, useId } from 'react';
import { Avatar } from '../../components/Avatar';
import { ButtonLink } from '../../components/ui/Button';
import { useCurrentUser } from '../../session/context';
import { displayNameOf } from '../../session/displayName';
import styles from './ProfileCustomizationModal.module.css';
import { ProfileOptionTile } from './ProfileOptionTile';

/** For members (SPEC §2): what VIP and Premium add, with 'Upgrade Now'. */
export function ProfileUpgradeBanner() {
  return (
    <div className={styles.upgrade}>
      <Crown aria-hidden="true" className={styles.upgradeIcon} />
      <div className={styles.upgradeText}>
        <p className={styles.upgradeTitle}>Unlock every effect and colour</p>
        <p className={styles.hint}>VIP and Premium add animated borders, more colour schemes and GIF profile pictures.</p>
      </div>
      <ButtonLink to="/upgrade" size="sm" icon={<Sparkles aria-hidden="true" />}>
        Upgrade Now
      </ButtonLink>
    </div>
  );
}

export interface ProfileStyleChoicesProps {
  effect: string;
  color: string;
  onEffectChange: (effect: string) => void;
  onColorChange: (color: string) => void;
}

/**
 * 'Border Effects' and 'Color Schemes' (SPEC §2, §3): each a group of tiles previewing the choice, the
 * ones the user's tier does not unlock disabled with the tier they need (SPEC §6).
 */
export function ProfileStyleChoices({ effect, color, onEffectChange, onColorChange }: ProfileStyleChoicesProps) {
  const user = useCurrentUser();
  const groupId = useId();
  const name = displayNameOf(user);
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Border Effects</legend>
        <div className={styles.options}>
          {PROFILE_EFFECTS.map((option) => (
            <ProfileOptionTile
              key={option.value}
              name={`${groupId}-effect`}
              value={option.value}
              label={option.label}
              tier={option.tier}
              locked={!unlocks(user.role, option.tier)}
              checked={effect === option.value}
              onSelect={onEffectChange}
              preview={<Avatar name={name} src={user.avatar} effect={option.value} color={color} size="sm" />}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Color Schemes</legend>
        <div className={styles.options}>
          {PROFILE_COLORS.map((option) => (
            <ProfileOptionTile
              key={option.value}
              name={`${groupId}-color`}
              value={option.value}
              label={option.label}
              tier={option.tier}
              locked={!unlocks(user.role, option.tier)}
              checked={color === option.value}
              onSelect={onColorChange}
              preview={
                <span
                  className={styles.swatch}
                  style={{ '--swatch-from': option.pair[0], '--swatch-to': option.pair[1] } as CSSProperties}
                />
              }
            />
          ))}
        </div>
      </fieldset>
    </>
  );
}
