import { routes } from '@shared/api';
import { allowedProfileChoice, canUseAnimatedAvatar, type ProfileColor, type ProfileEffect, unlocks } from '@shared/domain/profile';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Modal';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser, useSession } from '../../session/context';
import styles from './ProfileCustomizationModal.module.css';
import { ProfilePictureUpload } from './ProfilePictureUpload';
import { ProfileStyleChoices, ProfileUpgradeBanner } from './ProfileStyleChoices';

export const profileMessages = {
  saved: 'Profile customization saved!',
  saveFailed: 'Failed to save profile customization',
} as const;

/** SPEC §4: the page reloads 500 ms after a successful save. */
const RELOAD_DELAY_MS = 500;

export interface ProfileCustomizationModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 'Profile Customization modal': live preview with the border effect, picture upload by
 * clicking the avatar, Border Effects and Color Schemes with the tier locks of SPEC §3/§6, the GIF
 * toggle, 'Upgrade Now' for members; 'Save Changes' applies SPEC §4's save rules and reloads. The preview
 * and upload are ProfilePictureUpload; the effects, colours and upgrade banner ProfileStyleChoices.
 */
export function ProfileCustomizationModal({ open, onClose }: ProfileCustomizationModalProps) {
  // Mounted only while open, so each opening starts from the saved choice.
  return open ? <ProfileCustomizationDialog onClose={onClose} /> : null;
}

function ProfileCustomizationDialog({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const toast = useToast();
  const [effect, setEffect] = useState(user.profileEffect);
  const [color, setColor] = useState(user.profileColor);
  const [allowAnimated, setAllowAnimated] = useState(user.allowAnimatedPfp);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);

  const isMember = !unlocks(user.role, 'vip');
  const animatedUnlocked = canUseAnimatedAvatar(user.role);

  async function save() {
    setSaving('saving');
    setSaveError(null);
    const choice = allowedProfileChoice(user.role, { profileEffect: effect, profileColor: color, allowAnimatedPfp: allowAnimated });
    try {
      const saved = await api(routes.updateSettings, {
        body: {
          profileEffect: choice.profileEffect as ProfileEffect,
          profileColor: choice.profileColor as ProfileColor,
          allowAnimatedPfp: choice.allowAnimatedPfp,
        },
      });
      setUser(saved.user);
      setSaving('saved');
      toast.success(profileMessages.saved);
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch (error) {
      setSaving('idle');
      setSaveError(errorMessage(error, profileMessages.saveFailed));
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title="Customize Profile"
      description="Choose how your avatar looks across the app."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving !== 'idle'}>
            Cancel
          </Button>
          <Button
            onClick={() => void save()}
            loading={saving !== 'idle'}
            loadingText={saving === 'saved' ? 'Saved' : 'Saving...'}
            icon={<Save aria-hidden="true" />}
          >
            Save Changes
          </Button>
        </>
      }
    >
      <div className={styles.layout}>
        <ProfilePictureUpload effect={effect} color={color} allowAnimated={allowAnimated} />

        {isMember && <ProfileUpgradeBanner />}

        <ProfileStyleChoices effect={effect} color={color} onEffectChange={setEffect} onColorChange={setColor} />

        <div className={styles.group}>
          <Checkbox
            label="Enable GIF Profile Pictures"
            description={
              animatedUnlocked
                ? 'Let an animated GIF be your profile picture.'
                : 'Animated profile pictures are available for VIP and Premium members.'
            }
            checked={animatedUnlocked && allowAnimated}
            disabled={!animatedUnlocked}
            onChange={(event) => setAllowAnimated(event.target.checked)}
          />
        </div>

        {saveError && <Alert tone="danger" title={saveError} />}
      </div>
    </Modal>
  );
}
