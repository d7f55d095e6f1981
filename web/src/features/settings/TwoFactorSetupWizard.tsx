import { authMessages, routes } from '@shared/api';
import { AUTHENTICATOR_CODE, type TwoFactorSetup, twoFactorMessages } from '@shared/api/twofa';
import { ArrowLeft, Check, ChevronRight, Copy, ShieldCheck } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, api, errorMessage } from '../../api/client';
import { OneTimeCodeInput, useAutoSubmit } from '../../components/OneTimeCodeInput';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { useToast } from '../../components/ui/Toast';
import { copyText } from '../../lib/browserFiles';
import { useCurrentUser, useSession } from '../../session/context';
import { BackupCodes } from './BackupCodes';
import styles from './TwoFactor.module.css';

/** SPEC §2 wizard step 1: apps that read the QR code. */
export const AUTHENTICATOR_APPS = ['Google Authenticator', 'Microsoft Authenticator', 'Authy', '1Password', 'Bitwarden'] as const;

/** SPEC §9: the manual key's 'Copied!' lasts 2 seconds. */
const COPIED_MS = 2000;

/** SPEC §2 wizard step 3's title. */
const ENABLED_TITLE = 'Two-Factor Authentication Enabled';

const STEPS = ['Scan', 'Verify', 'Backup codes'] as const;
/** 'password' comes before SPEC's three steps: the server sets up a secret only for the current password (issue 21). */
type Step = 'password' | NumberedStep;
type NumberedStep = 1 | 2 | 3;

/** The server's refusals of the password itself: they show at the password field; anything else above it. */
const PASSWORD_MESSAGES: readonly string[] = [
  authMessages.passwordRequiredForTwoFactor,
  authMessages.currentPasswordWrong,
  authMessages.tooManyAttempts,
  'Password is required',
];

type PasswordFailure = { field: string } | { alert: string };

/** The manual key in groups of four, easier to read and type: 'JBSW Y3DP EHPK 3PXP'. */
function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface TwoFactorSetupWizardProps {
  onClose: () => void;
}

/**
 * SPEC §2 'Two-factor setup wizard', §4 '2FA wizard': first the current password, with which the
 * server makes a new secret (issue 21: a stolen session alone cannot add an authenticator); then
 * 1 scan or copy, 2 verify a code (sent by itself 100 ms after the 6th digit), 3 the backup codes.
 * Closing it (it unmounts) resets everything.
 */
export function TwoFactorSetupWizard({ onClose }: TwoFactorSetupWizardProps) {
  const user = useCurrentUser();
  const { setUser } = useSession();
  const toast = useToast();
  const formId = useId();
  const passwordFormId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('password');
  const [password, setPassword] = useState('');
  const [passwordFailure, setPasswordFailure] = useState<PasswordFailure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  /** Counts refusals of the password: each one gives the (enabled again) password field the focus. */
  const [passwordRefusals, setPasswordRefusals] = useState(0);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [backupCodes, setBackupCodes] = useState<string[]>([]);
  const busy = useRef(false);
  const firstStep = useRef(true);
  /** The set-up request in flight: closing the wizard abandons it. */
  const setupRequest = useRef<AbortController | null>(null);

  useEffect(() => () => setupRequest.current?.abort(), []);

  useEffect(() => {
    if (passwordRefusals) passwordRef.current?.focus();
  }, [passwordRefusals]);

  // Each new step's heading takes the focus, so screen readers start reading there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is what moves the focus, though the effect doesn't read it.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (copied === 'idle') return;
    const timer = window.setTimeout(() => setCopied('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function confirmPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirming) return;
    if (!password) {
      setPasswordFailure({ field: authMessages.passwordRequiredForTwoFactor });
      setPasswordRefusals((n) => n + 1);
      return;
    }
    const controller = new AbortController();
    setupRequest.current = controller;
    setConfirming(true);
    setPasswordFailure(null);
    try {
      setSetup(await api(routes.setupTwoFactor, { body: { password }, signal: controller.signal }));
      setPassword('');
      setStep(1);
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = errorMessage(error, twoFactorMessages.setupFailed);
      const refusesPassword = error instanceof ApiError && PASSWORD_MESSAGES.includes(error.body.message);
      setPasswordFailure(refusesPassword ? { field: message } : { alert: message });
      setPasswordRefusals((n) => n + 1);
    } finally {
      if (!controller.signal.aborted) setConfirming(false);
    }
  }

  async function copyKey(key: string) {
    try {
      await copyText(key);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  const enable = useCallback(
    async (token: string) => {
      if (busy.current) return;
      if (!AUTHENTICATOR_CODE.test(token)) {
        setCodeError(twoFactorMessages.codeFormat);
        return;
      }
      busy.current = true;
      setVerifying(true);
      setCodeError(null);
      try {
        const enabled = await api(routes.enableTwoFactor, { body: { token } });
        setBackupCodes(enabled.backupCodes);
        setUser(enabled.user);
        toast.success(twoFactorMessages.enabled);
        setStep(3);
      } catch (error) {
        // The input was disabled while verifying: rendered enabled at once (flushSync), it takes the focus back.
        flushSync(() => {
          setCodeError(errorMessage(error, twoFactorMessages.invalidCode));
          setCode('');
          setVerifying(false);
        });
        codeRef.current?.focus();
      } finally {
        busy.current = false;
        setVerifying(false);
      }
    },
    [setUser, toast],
  );

  useAutoSubmit(code, step === 2 && !verifying, (complete) => void enable(complete));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void enable(code);
  }

  const heading =
    step === 'password'
      ? 'Confirm your password'
      : step === 1
        ? 'Scan the QR code'
        : step === 2
          ? 'Enter the verification code'
          : ENABLED_TITLE;

  const footer =
    step === 'password' ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={passwordFormId}
          loading={confirming}
          loadingText="Verifying..."
          trailingIcon={<ChevronRight aria-hidden="true" />}
        >
          Continue
        </Button>
      </>
    ) : step === 1 ? (
      <>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => setStep(2)} trailingIcon={<ChevronRight aria-hidden="true" />}>
          Next
        </Button>
      </>
    ) : step === 2 ? (
      <>
        <Button
          variant="secondary"
          icon={<ArrowLeft aria-hidden="true" />}
          disabled={verifying}
          onClick={() => {
            setCode('');
            setCodeError(null);
            setStep(1);
          }}
        >
          Back
        </Button>
        <Button type="submit" form={formId} loading={verifying} loadingText="Verifying..." icon={<ShieldCheck aria-hidden="true" />}>
          Verify &amp; Enable
        </Button>
      </>
    ) : (
      <Button onClick={onClose} icon={<Check aria-hidden="true" />}>
        Done
      </Button>
    );

  return (
    <Modal open onClose={onClose} title="Set Up Two-Factor Authentication" size="md" initialFocus={passwordRef} footer={footer}>
      {step !== 'password' && (
        <ol className={styles.steps} aria-label="Setup progress">
          {STEPS.map((label, index) => {
            const number = (index + 1) as NumberedStep;
            const state = number < step ? styles.stepDone : number === step ? styles.stepCurrent : '';
            return (
              <li key={label} className={[styles.step, state].join(' ')} aria-current={number === step ? 'step' : undefined}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {number < step ? <Check /> : number}
                </span>
                <span className={styles.stepLabel}>
                  <span className="visually-hidden">Step {number}: </span>
                  {label}
                  {number < step && <span className="visually-hidden"> (done)</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}

      <h3 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {heading}
      </h3>

      {step === 'password' && (
        <form id={passwordFormId} className={styles.stepBody} onSubmit={confirmPassword} noValidate>
          <p className={styles.muted}>Enter the password you sign in with to set up two-factor authentication.</p>
          {passwordFailure && 'alert' in passwordFailure && <Alert tone="danger" title={passwordFailure.alert} />}
          <Input
            ref={passwordRef}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setPasswordFailure(null);
            }}
            error={passwordFailure && 'field' in passwordFailure ? passwordFailure.field : undefined}
            disabled={confirming}
            required
          />
          <p className="visually-hidden" role="status">
            {confirming ? 'Verifying...' : ''}
          </p>
        </form>
      )}

      {step === 1 && setup && (
        <div className={styles.stepBody}>
          <p className={styles.muted}>Scan this QR code with your authenticator app, or enter the key below by hand.</p>
          <div className={styles.scan}>
            <img
              className={styles.qr}
              src={setup.qrCode}
              alt="QR code to add your account to an authenticator app"
              width={184}
              height={184}
            />
            <div className={styles.manual}>
              <p className={styles.label}>Manual entry key</p>
              <code className={styles.key} data-testid="manual-key">
                {groupKey(setup.manualEntry)}
              </code>
              <Button
                variant="secondary"
                size="sm"
                icon={copied === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                onClick={() => void copyKey(setup.manualEntry)}
              >
                {copied === 'copied' ? 'Copied!' : 'Copy key'}
              </Button>
              <p className="visually-hidden" role="status">
                {copied === 'copied' ? 'Copied!' : ''}
              </p>
              {copied === 'failed' && <p className={styles.error}>Could not copy. Select the key and copy it yourself.</p>}
            </div>
          </div>
          <div>
            <p className={styles.label}>Compatible authenticator apps</p>
            <ul className={styles.apps}>
              {AUTHENTICATOR_APPS.map((app) => (
                <li key={app}>{app}</li>
              ))}
            </ul>
          </div>
        </div>
      )}

      {step === 2 && (
        <form id={formId} className={styles.stepBody} onSubmit={onSubmit} noValidate>
          <p className={styles.muted}>Type the 6-digit code your authenticator app shows for this account.</p>
          <OneTimeCodeInput
            ref={codeRef}
            label="Verification code"
            value={code}
            onChange={(value) => {
              setCode(value);
              setCodeError(null);
            }}
            error={codeError}
            disabled={verifying}
          />
          <p className="visually-hidden" role="status">
            {verifying ? 'Verifying...' : ''}
          </p>
        </form>
      )}

      {step === 3 && (
        <div className={styles.stepBody}>
          <Alert tone="success" title="Your account now asks for a code from your authenticator app when you sign in." />
          <BackupCodes codes={backupCodes} username={user.username} />
        </div>
      )}
    </Modal>
  );
}
