import type { TwoFactorSetup } from '@shared/api/twofa';
import { ArrowLeft, Check, ChevronRight, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { OneTimeCodeInput } from '../../components/OneTimeCodeInput';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Input } from '../../components/ui/Input';
import { Modal } from '../../components/ui/Modal';
import { useCurrentUser } from '../../session/context';
import { BackupCodes } from './BackupCodes';
import styles from './TwoFactor.module.css';
import { type NumberedStep, ScanStep, SetupProgress } from './TwoFactorSetupSteps';
import { useSetupPassword } from './useSetupPassword';
import { useVerifyCode } from './useVerifyCode';

/** SPEC §2 wizard step 3's title. */
const ENABLED_TITLE = 'Two-Factor Authentication Enabled';

/** 'password' comes before SPEC's three steps: the server sets up a secret only for the current password (issue 21). */
type Step = 'password' | NumberedStep;

export interface TwoFactorSetupWizardProps {
  onClose: () => void;
}

/**
 * SPEC §2 'Two-factor setup wizard', §4 '2FA wizard': first the current password, with which the
 * server makes a new secret (issue 21: a stolen session alone cannot add an authenticator); then
 * 1 scan or copy, 2 verify a code (sent by itself 100 ms after the 6th digit), 3 the backup codes.
 * Closing it (it unmounts) resets everything. The password step is useSetupPassword, the verify step
 * useVerifyCode, the scan step and the progress TwoFactorSetupSteps.
 */
export function TwoFactorSetupWizard({ onClose }: TwoFactorSetupWizardProps) {
  const user = useCurrentUser();
  const formId = useId();
  const passwordFormId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step>('password');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[]>([]);
  const firstStep = useRef(true);
  const password = useSetupPassword((made) => {
    setSetup(made);
    setStep(1);
  });
  const onEnabled = useCallback((codes: string[]) => {
    setBackupCodes(codes);
    setStep(3);
  }, []);
  const verify = useVerifyCode(step === 2, onEnabled);

  // Each new step's heading takes the focus, so screen readers start reading there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is what moves the focus, though the effect doesn't read it.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

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
          loading={password.confirming}
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
          disabled={verify.verifying}
          onClick={() => {
            verify.clear();
            setStep(1);
          }}
        >
          Back
        </Button>
        <Button type="submit" form={formId} loading={verify.verifying} loadingText="Verifying..." icon={<ShieldCheck aria-hidden="true" />}>
          Verify &amp; Enable
        </Button>
      </>
    ) : (
      <Button onClick={onClose} icon={<Check aria-hidden="true" />}>
        Done
      </Button>
    );

  return (
    <Modal open onClose={onClose} title="Set Up Two-Factor Authentication" size="md" initialFocus={password.passwordRef} footer={footer}>
      {step !== 'password' && <SetupProgress step={step} />}

      <h3 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {heading}
      </h3>

      {step === 'password' && (
        <form id={passwordFormId} className={styles.stepBody} onSubmit={password.confirmPassword} noValidate>
          <p className={styles.muted}>Enter the password you sign in with to set up two-factor authentication.</p>
          {password.failure && 'alert' in password.failure && <Alert tone="danger" title={password.failure.alert} />}
          <Input
            ref={password.passwordRef}
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password.password}
            onChange={(event) => password.changePassword(event.currentTarget.value)}
            error={password.failure && 'field' in password.failure ? password.failure.field : undefined}
            disabled={password.confirming}
            required
          />
          <p className="visually-hidden" role="status">
            {password.confirming ? 'Verifying...' : ''}
          </p>
        </form>
      )}

      {step === 1 && setup && <ScanStep setup={setup} />}

      {step === 2 && (
        <form id={formId} className={styles.stepBody} onSubmit={verify.submit} noValidate>
          <p className={styles.muted}>Type the 6-digit code your authenticator app shows for this account.</p>
          <OneTimeCodeInput
            ref={verify.codeRef}
            label="Verification code"
            value={verify.code}
            onChange={verify.changeCode}
            error={verify.codeError}
            disabled={verify.verifying}
          />
          <p className="visually-hidden" role="status">
            {verify.verifying ? 'Verifying...' : ''}
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
