import { routes } from '@shared/api';
import { accountMessages } from '@shared/api/account';
import {
  allowedProfileChoice,
  canUseAnimatedAvatar,
  PROFILE_COLORS,
  PROFILE_EFFECTS,
  type ProfileColor,
  type ProfileEffect,
  unlocks,
} from '@shared/domain/profile';
import { Camera, Crown, Save, Sparkles } from 'lucide-react';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser, useSession } from '../../session/context';
import { displayNameOf } from '../../session/displayName';
import { AVATAR_ACCEPT, AvatarProblem, avatarMessages, avatarPayload, fileProblem, isGif } from './avatarImage';
import { uploadAvatar } from './avatarUpload';
import styles from './ProfileCustomizationModal.module.css';
import { ProfileOptionTile } from './ProfileOptionTile';

export const profileMessages = {
  saved: 'Profile customization saved!',
  saveFailed: 'Failed to save profile customization',
} as const;

/** SPEC §4: the page reloads 500 ms after a successful save. */
const RELOAD_DELAY_MS = 500;

/** SPEC §8: an upload error clears after 5 s; a success or size message after 3 s. */
const ERROR_CLEARS_MS = 5000;

const NOTICE_CLEARS_MS = 3000;

type UploadNotice = { tone: 'success' | 'danger'; text: string; clearsAfter: number };

/** The message of a failed upload (SPEC §8 'Avatar upload'). */
function uploadFailure(error: unknown): UploadNotice {
  if (error instanceof AvatarProblem) {
    return { tone: 'danger', text: error.message, clearsAfter: error.kind === 'size' ? NOTICE_CLEARS_MS : ERROR_CLEARS_MS };
  }
  if (error instanceof ApiError && error.status === 413) {
    return { tone: 'danger', text: avatarMessages.tooLargeForServer, clearsAfter: ERROR_CLEARS_MS };
  }
  if (error instanceof ApiError && error.status === 400) {
    return { tone: 'danger', text: error.body.message || avatarMessages.invalidFile, clearsAfter: ERROR_CLEARS_MS };
  }
  return { tone: 'danger', text: errorMessage(error, avatarMessages.uploadFailed), clearsAfter: ERROR_CLEARS_MS };
}

export interface ProfileCustomizationModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 'Profile Customization modal': live preview with the border effect, picture upload by
 * clicking the avatar, Border Effects and Color Schemes with the tier locks of SPEC §3/§6, the GIF
 * toggle, 'Upgrade Now' for members; 'Save Changes' applies SPEC §4's save rules and reloads.
 */
export function ProfileCustomizationModal({ open, onClose }: ProfileCustomizationModalProps) {
  // Mounted only while open, so each opening starts from the saved choice.
  return open ? <ProfileCustomizationDialog onClose={onClose} /> : null;
}

function ProfileCustomizationDialog({ onClose }: { onClose: () => void }) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const toast = useToast();
  const groupId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [effect, setEffect] = useState(user.profileEffect);
  const [color, setColor] = useState(user.profileColor);
  const [allowAnimated, setAllowAnimated] = useState(user.allowAnimatedPfp);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<UploadNotice | null>(null);

  const name = displayNameOf(user);
  const isMember = !unlocks(user.role, 'vip');
  const animatedUnlocked = canUseAnimatedAvatar(user.role);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), notice.clearsAfter);
    return () => window.clearTimeout(timer);
  }, [notice]);

  async function upload(file: File) {
    setNotice(null);
    const problem = fileProblem(file, { unlocked: animatedUnlocked, enabled: allowAnimated });
    if (problem) {
      setNotice(uploadFailure(problem));
      return;
    }
    setUploading(true);
    try {
      const avatar = await avatarPayload(file);
      // The toggle was switched on in this dialog but not saved yet: a GIF needs it stored first.
      if (isGif(file) && !user.allowAnimatedPfp) {
        const saved = await api(routes.updateSettings, { body: { allowAnimatedPfp: true } });
        setUser(saved.user);
      }
      setUser(await uploadAvatar(avatar));
      setNotice({ tone: 'success', text: accountMessages.avatarUpdated, clearsAfter: NOTICE_CLEARS_MS });
    } catch (error) {
      setNotice(uploadFailure(error));
    } finally {
      setUploading(false);
    }
  }

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
        <section className={styles.hero} aria-labelledby={`${groupId}-preview`}>
          <h3 id={`${groupId}-preview`} className="visually-hidden">
            Preview
          </h3>
          <button
            type="button"
            className={styles.avatarButton}
            onClick={() => fileInput.current?.click()}
            disabled={uploading}
            aria-label="Change profile picture"
            aria-describedby={`${groupId}-upload-hint`}
          >
            <Avatar name={name} src={user.avatar} effect={effect} color={color} size="lg" />
            <span className={styles.camera} aria-hidden="true">
              {uploading ? <Spinner size="sm" /> : <Camera />}
            </span>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={AVATAR_ACCEPT}
            hidden
            tabIndex={-1}
            aria-label="Profile picture file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <div className={styles.heroText}>
            <p className={styles.name}>{name}</p>
            <p id={`${groupId}-upload-hint`} className={styles.hint}>
              Click your picture to upload a new one: PNG, JPEG or WebP up to 5MB{animatedUnlocked ? ', GIF up to 10MB' : ''}.
            </p>
            <div className={styles.uploadStatus} role="status" aria-live="polite">
              {uploading && 'Uploading...'}
              {!uploading && notice?.tone === 'success' && <span className={styles.success}>{notice.text}</span>}
            </div>
            <div role="alert" className={styles.uploadError}>
              {!uploading && notice?.tone === 'danger' && notice.text}
            </div>
          </div>
        </section>

        {isMember && (
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
        )}

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
                onSelect={setEffect}
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
                onSelect={setColor}
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
