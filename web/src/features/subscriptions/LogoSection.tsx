import { routes } from '@shared/api';
import {
  LOGO_UPLOAD_MAX_BYTES,
  LOGO_UPLOAD_TYPES,
  type LogoChoice,
  type LogoOptions,
  type LogoUploadType,
  logoMessages,
} from '@shared/api/logos';
import type { SubscriptionLogo as Logo, Subscription } from '@shared/api/subscription';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { queryClient, queryKeys, useChooseLogo } from '../../api/queries';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { BucketRefusal, postToBucket, settledOutcome } from '../../lib/bucketUpload';
import styles from './LogoSection.module.css';
import detailsStyles from './SubscriptionDetailsModal.module.css';
import { SubscriptionLogo } from './SubscriptionLogo';

/** How each choice is named, and what it shows in words. */
const CHOICE_TEXT: Record<LogoChoice, { title: string; detail: string }> = {
  automatic: { title: 'Automatic', detail: 'The built-in logo its name names, else its website’s icon, else its initial' },
  brand: { title: 'Built-in logo', detail: 'From Simple Icons, matched on its name' },
  website: { title: 'Its website’s icon', detail: 'Fetched from its website by our server' },
  upload: { title: 'Your picture', detail: 'The picture you uploaded' },
  none: { title: 'No logo', detail: 'Its initial in its category’s colour' },
};

/** What the card shows now, in words, from the logo the list sent. */
function shownText(logo: Logo | null | undefined): string {
  if (!logo) return 'Its initial in its category’s colour';
  return { brand: 'A built-in logo', website: 'Its website’s icon', upload: 'Your picture' }[logo.kind];
}

const failures = {
  load: 'Its logos could not be loaded. Please try again.',
  save: 'The logo could not be changed. Please try again.',
  upload: 'The picture could not be uploaded. Please try again.',
};

/**
 * A subscription's logo in its details dialog (issue 36 §4): what it shows, and 'Change logo' — automatic, the
 * built-in brand, its website's icon, a picture of the user's own (uploaded straight to the bucket and checked on
 * arrival, as an avatar is), or no logo. Only its payer sees it: a member sees the payer's choice.
 */
export function LogoSection({ subscription: sub, categoryColor }: { subscription: Subscription; categoryColor: string }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [options, setOptions] = useState<LogoOptions | null>(null);
  const [chosen, setChosen] = useState<LogoChoice>('automatic');
  const [failure, setFailure] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { mutateAsync: choose, isPending: saving } = useChooseLogo();
  const changeRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [returnFocus, setReturnFocus] = useState(0);
  const id = useId();

  useEffect(() => {
    if (!editing) return;
    let current = true;
    api(routes.logoOptions, { params: { id: sub.id } })
      .then((answer) => {
        if (!current) return;
        setOptions(answer);
        setChosen(answer.choice);
      })
      .catch((error) => current && setFailure(errorMessage(error, failures.load)));
    return () => {
      current = false;
    };
  }, [editing, sub.id]);

  // The chosen choice takes the focus when the choices show; the button again when they close.
  useEffect(() => {
    if (options && editing) formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [options, editing]);
  useEffect(() => {
    if (returnFocus) changeRef.current?.focus();
  }, [returnFocus]);

  function close() {
    setEditing(false);
    setOptions(null);
    setFailure(null);
    setUploadError(null);
    setReturnFocus((n) => n + 1);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      await choose({ id: sub.id, choice: chosen });
      toast.success(logoMessages.logoChanged);
      close();
    } catch (error) {
      setFailure(errorMessage(error, failures.save));
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (!(LOGO_UPLOAD_TYPES as readonly string[]).includes(file.type)) return setUploadError(logoMessages.uploadTypeInvalid);
    if (file.size > LOGO_UPLOAD_MAX_BYTES) return setUploadError(logoMessages.logoTooLarge);
    setUploading(true);
    try {
      const contentType = file.type as LogoUploadType;
      const ticket = await api(routes.startLogoUpload, { params: { id: sub.id }, body: { contentType } });
      await postToBucket(ticket, file);
      const outcome = await settledOutcome(() => api(routes.logoUploadOutcome, { params: { id: sub.id, uploadId: ticket.uploadId } }));
      if (outcome?.status !== 'accepted') return setUploadError(outcome?.message ?? failures.upload);
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
      toast.success(logoMessages.logoUploaded);
      close();
    } catch (error) {
      setUploadError(
        error instanceof BucketRefusal && error.code === 'EntityTooLarge'
          ? logoMessages.logoTooLarge
          : errorMessage(error, failures.upload),
      );
    } finally {
      setUploading(false);
    }
  }

  const available = options
    ? (['automatic', 'brand', 'website', 'upload', 'none'] as const).filter(
        (choice) => choice === 'automatic' || choice === 'none' || options[choice],
      )
    : [];
  const previewOf = (choice: LogoChoice) => (options && choice !== 'none' ? options[choice] : null);

  return (
    <section aria-labelledby={`${id}-title`} className={detailsStyles.section}>
      <h3 id={`${id}-title`} className={detailsStyles.heading}>
        Logo
      </h3>
      {!editing ? (
        <div className={styles.current}>
          <SubscriptionLogo logo={sub.logo} name={sub.name} color={categoryColor} />
          <span className={styles.currentText}>{shownText(sub.logo)}</span>
          <Button ref={changeRef} variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Change logo
          </Button>
        </div>
      ) : !options ? (
        failure ? (
          <p className={styles.failure} role="alert">
            {failure}
          </p>
        ) : (
          <Spinner label="Loading its logos" />
        )
      ) : (
        <form ref={formRef} onSubmit={(event) => void save(event)} className={styles.form} aria-label={`Logo of ${sub.name}`}>
          <fieldset className={styles.choices}>
            <legend className={styles.legend}>Show</legend>
            {available.map((choice) => (
              <label key={choice} className={[styles.choice, chosen === choice ? styles.chosen : ''].join(' ')}>
                <input
                  type="radio"
                  name={`${id}-choice`}
                  className={styles.radio}
                  checked={chosen === choice}
                  onChange={() => setChosen(choice)}
                />
                <SubscriptionLogo logo={previewOf(choice)} name={sub.name} color={categoryColor} />
                <span className={styles.text}>
                  <span className={styles.title}>{CHOICE_TEXT[choice].title}</span>
                  <span className={styles.detail}>{CHOICE_TEXT[choice].detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className={styles.upload}>
            <label className={styles.uploadButton} aria-disabled={uploading || undefined}>
              <ImagePlus aria-hidden="true" />
              {uploading ? 'Uploading…' : 'Upload a picture'}
              <input
                type="file"
                className={styles.fileInput}
                accept={LOGO_UPLOAD_TYPES.join(',')}
                disabled={uploading}
                aria-describedby={`${id}-upload-hint${uploadError ? ` ${id}-upload-error` : ''}`}
                onChange={(event) => void upload(event)}
              />
            </label>
            <p id={`${id}-upload-hint`} className={styles.detail}>
              PNG, JPEG, WebP or SVG, at most 512 KB. It becomes the logo once checked.
            </p>
            {uploadError && (
              <p id={`${id}-upload-error`} className={styles.failure} role="alert">
                {uploadError}
              </p>
            )}
          </div>
          {failure && (
            <p className={styles.failure} role="alert">
              {failure}
            </p>
          )}
          <div className={styles.buttons}>
            <Button type="submit" size="sm" loading={saving} disabled={uploading}>
              Save
            </Button>
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
