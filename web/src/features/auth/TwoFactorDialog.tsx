import type { TwoFactorChallenge } from '@shared/api/auth';
import { AUTHENTICATOR_CODE, BACKUP_CODE, twoFactorRoutes as routes, twoFactorMessages } from '@shared/api/twofa';
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { api, errorMessage } from '../../api/client';
import { type CodeKind, OneTimeCodeInput, useAutoSubmit } from '../../components/OneTimeCodeInput';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Modal } from '../../components/ui/Modal';
import { useToast } from '../../components/ui/Toast';
import { useSession } from '../../session/context';
import { storeDeviceToken } from '../../session/deviceToken';
import styles from './TwoFactorDialog.module.css';

/** The server's answers that mean the sign-in attempt itself is over: the user has to log in again. */
const TICKET_ENDED = new Set<string>([twoFactorMessages.ticketEnded, twoFactorMessages.tooManyCodes]);

/** What the user is told after signing in with a backup code. */
export function backupCodesLeftMessage(remaining: number): string {
  if (remaining <= 0) return 'Signed in with a backup code. You have no backup codes left: generate new ones in Settings.';
  return `Signed in with a backup code. You have ${remaining} backup code${remaining === 1 ? '' : 's'} left.`;
}

export interface TwoFactorDialogProps {
  /** The pending sign-in: the user id and ticket from the login answer. */
  challenge: TwoFactorChallenge;
  /** Closing clears the pending sign-in (SPEC §2 'Two-factor dialog'). */
  onClose: () => void;
  /** The server ended the sign-in attempt (ticket expired or too many wrong codes): shown on the login form. */
  onAttemptEnded: (message: string) => void;
}

/**
 * SPEC §2 'Two-factor dialog', §4 Session, §5 'Two-factor code': the code from the authenticator app
 * (sent by itself 100 ms after the 6th digit, or with Enter) or a backup code; 'Remember this device
 * for 30 days' in authenticator mode. Success stores the session and the device token and goes to
 * /dashboard.
 */
export function TwoFactorDialog({ challenge, onClose, onAttemptEnded }: TwoFactorDialogProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { login } = useSession();
  const formId = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<CodeKind>('authenticator');
  const [code, setCode] = useState('');
  const [rememberDevice, setRememberDevice] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);

  async function verify(token: string) {
    if (busy.current) return;
    const valid = kind === 'authenticator' ? AUTHENTICATOR_CODE.test(token) : BACKUP_CODE.test(token);
    if (!valid) {
      setError(kind === 'authenticator' ? twoFactorMessages.codeFormat : twoFactorMessages.backupCodeFormat);
      codeRef.current?.focus();
      return;
    }
    busy.current = true;
    setVerifying(true);
    setError(null);
    try {
      const verified = await api(routes.verifyTwoFactor, {
        body: {
          userId: challenge.userId,
          twoFactorTicket: challenge.twoFactorTicket,
          token,
          rememberDevice: kind === 'authenticator' && rememberDevice,
        },
      });
      try {
        login(verified.token, verified.user);
        if (verified.deviceToken) storeDeviceToken(verified.deviceToken);
      } catch {
        throw new Error(twoFactorMessages.finishFailed);
      }
      if (verified.usedBackupCode) toast.info(backupCodesLeftMessage(verified.user.backupCodesRemaining));
      void navigate('/dashboard', { replace: true });
    } catch (failure) {
      busy.current = false;
      const message =
        failure instanceof Error && failure.message === twoFactorMessages.finishFailed
          ? twoFactorMessages.finishFailed
          : errorMessage(failure, twoFactorMessages.invalidCode);
      if (TICKET_ENDED.has(message)) {
        setVerifying(false);
        onAttemptEnded(message);
        return;
      }
      // The input was disabled while verifying: rendered enabled at once (flushSync), it takes the focus back.
      flushSync(() => {
        setVerifying(false);
        setError(message);
        setCode('');
      });
      codeRef.current?.focus();
    }
  }

  useAutoSubmit(code, kind === 'authenticator' && !verifying, (complete) => void verify(complete));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify(code);
  }

  function switchKind() {
    setKind((current) => (current === 'authenticator' ? 'backup' : 'authenticator'));
    setCode('');
    setError(null);
    codeRef.current?.focus();
  }

  const backup = kind === 'backup';
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      icon={<ShieldCheck aria-hidden="true" />}
      title="Two-Factor Authentication"
      description={
        backup ? 'Enter one of your backup codes. Each code works only once.' : 'Enter the 6-digit code from your authenticator app.'
      }
      initialFocus={codeRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={verifying} loadingText="Verifying..." icon={<ShieldCheck aria-hidden="true" />}>
            Verify
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        <OneTimeCodeInput
          ref={codeRef}
          kind={kind}
          label={backup ? 'Backup code' : 'Authentication code'}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          disabled={verifying}
        />
        {!backup && (
          <Checkbox
            label="Remember this device for 30 days"
            checked={rememberDevice}
            onChange={(event) => setRememberDevice(event.target.checked)}
            disabled={verifying}
          />
        )}
        {error && <Alert tone="danger" title={error} />}
        <p className="visually-hidden" role="status">
          {verifying ? 'Verifying...' : ''}
        </p>
        <button type="button" className={styles.switch} onClick={switchKind} disabled={verifying}>
          {backup ? <Smartphone aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {backup ? 'Use your authenticator app instead' : 'Use a backup code instead'}
        </button>
      </form>
    </Modal>
  );
}
