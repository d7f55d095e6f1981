import { routes } from '@shared/api';
import { accountMessages } from '@shared/api/account';
import { canUseAnimatedAvatar } from '@shared/domain/profile';
import { Camera } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, api, errorMessage } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import { Spinner } from '../../components/ui/Spinner';
import { useCurrentUser, useSession } from '../../session/context';
import { displayNameOf } from '../../session/displayName';
import { AVATAR_ACCEPT, AvatarProblem, avatarMessages, avatarPayload, fileProblem, isGif } from './avatarImage';
import { uploadAvatar } from './avatarUpload';
import styles from './ProfileCustomizationModal.module.css';

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

export interface ProfilePictureUploadProps {
  /** The border effect and colour chosen in the dialog (not saved yet): the preview wears them. */
  effect: string;
  color: string;
  /** The GIF toggle as the dialog has it now. */
  allowAnimated: boolean;
}

/**
 * The Profile Customization dialog's preview (SPEC §2): the avatar as it will look, and a new picture
 * uploaded by clicking it (SPEC §4 'Avatar upload', §8's messages, each clearing after its time). A GIF
 * needs the toggle stored first, so one switched on in the dialog is saved before the upload.
 */
export function ProfilePictureUpload({ effect, color, allowAnimated }: ProfilePictureUploadProps) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const groupId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const name = displayNameOf(user);
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

  return (
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
  );
}
