import { routes } from '@shared/api';
import { AUTHENTICATOR_CODE, twoFactorMessages } from '@shared/api/twofa';
import { Check, KeyRound, Lock, ShieldOff } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { OneTimeCodeInput } from '../../components/OneTimeCodeInput';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { useToast } from '../../components/ui/Toast';
import { useCurrentUser, useSession } from '../../session/context';
import { BackupCodes } from './BackupCodes';
import styles from './TwoFactor.module.css';

export type TwoFactorAction = 'disable' | 'regenerate';

const PASSWORD_REQUIRED = 'Password is required';

const TEXT = {
  disable: {
    title: 'Disable Two-Factor Authentication',
    description: 'Enter your password and a current code from your authenticator app. Your backup codes stop working too.',
    submit: 'Disable 2FA',
    busy: 'Disabling...',
    failed: 'Failed to disable 2FA',
  },
  regenerate: {
    title: 'Regenerate Backup Codes',
    description: 'Enter your password and a current code from your authenticator app. Your old backup codes stop working.',
    submit: 'Generate New Codes',
    busy: 'Generating...',
    failed: 'Failed to regenerate backup codes',
  },
} as const;

export interface TwoFactorConfirmDialogProps {
  action: TwoFactorAction;
  onClose: () => void;
}

/**
 * 'Disable 2FA' and 'Regenerate Backup Codes' (issue 9; SPEC leaves them inert): both confirmed with
 * the password and a current authenticator code. New backup codes are shown once, with their download.
 */
export function TwoFactorConfirmDialog({ action, onClose }: TwoFactorConfirmDialogProps) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const toast = useToast();
  const formId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const text = TEXT[action];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      password: password === '' ? PASSWORD_REQUIRED : undefined,
      code: AUTHENTICATOR_CODE.test(code) ? undefined : twoFactorMessages.codeFormat,
    };
    setErrors(found);
    setFailure(null);
    if (found.password || found.code) return;
    setSubmitting(true);
    try {
      if (action === 'disable') {
        const changed = await api(routes.disableTwoFactor, { body: { password, token: code } });
        setUser(changed.user);
        toast.success(changed.message || twoFactorMessages.disabled);
        onClose();
        return;
      }
      const regenerated = await api(routes.regenerateBackupCodes, { body: { password, token: code } });
      setUser(regenerated.user);
      setNewCodes(regenerated.backupCodes);
      toast.success(regenerated.message || twoFactorMessages.backupCodesRegenerated);
    } catch (error) {
      setFailure(errorMessage(error, text.failed));
      setCode('');
    } finally {
      setSubmitting(false);
    }
  }

  if (newCodes) {
    return (
      <Modal
        open
        onClose={onClose}
        title="New Backup Codes"
        description={twoFactorMessages.backupCodesRegenerated}
        icon={<KeyRound aria-hidden="true" />}
        tone="success"
        footer={
          <Button onClick={onClose} icon={<Check aria-hidden="true" />}>
            Done
          </Button>
        }
      >
        <BackupCodes codes={newCodes} username={user.username} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={text.title}
      description={text.description}
      icon={action === 'disable' ? <ShieldOff aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
      tone={action === 'disable' ? 'danger' : 'primary'}
      size="sm"
      initialFocus={passwordRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={action === 'disable' ? 'danger' : 'primary'}
            loading={submitting}
            loadingText={text.busy}
          >
            {text.submit}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.stepBody} onSubmit={onSubmit} noValidate>
        <Input
          ref={passwordRef}
          label="Password"
          type="password"
          name="current-password"
          autoComplete="current-password"
          icon={<Lock />}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          required
        />
        <OneTimeCodeInput
          label="Authentication code"
          value={code}
          onChange={(value) => {
            setCode(value);
            setErrors((current) => ({ ...current, code: undefined }));
          }}
          error={errors.code}
        />
        {failure && <Alert tone="danger" title={failure} />}
      </form>
    </Modal>
  );
}
