import type { TwoFactorSetup } from '@shared/api/twofa';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { copyText } from '../../lib/browserFiles';
import styles from './TwoFactor.module.css';

/** SPEC §2 wizard step 1: apps that read the QR code. */
export const AUTHENTICATOR_APPS = ['Google Authenticator', 'Microsoft Authenticator', 'Authy', '1Password', 'Bitwarden'] as const;

/** SPEC §9: the manual key's 'Copied!' lasts 2 seconds. */
const COPIED_MS = 2000;

const STEPS = ['Scan', 'Verify', 'Backup codes'] as const;
/** SPEC's three numbered steps; the password comes before them (issue 21) and is not counted. */
export type NumberedStep = 1 | 2 | 3;

/** The manual key in groups of four, easier to read and type: 'JBSW Y3DP EHPK 3PXP'. */
function groupKey(key: string): string {
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/** 'Setup progress': Scan, Verify, Backup codes, the current one marked and the ones done ticked. */
export function SetupProgress({ step }: { step: NumberedStep }) {
  return (
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
  );
}

/** Step 1 (SPEC §2): the QR code, the manual entry key in groups of four with 'Copy key', the compatible apps. */
export function ScanStep({ setup }: { setup: TwoFactorSetup }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (copied === 'idle') return;
    const timer = window.setTimeout(() => setCopied('idle'), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copyKey(key: string) {
    try {
      await copyText(key);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <div className={styles.stepBody}>
      <p className={styles.muted}>Scan this QR code with your authenticator app, or enter the key below by hand.</p>
      <div className={styles.scan}>
        <img className={styles.qr} src={setup.qrCode} alt="QR code to add your account to an authenticator app" width={184} height={184} />
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
  );
}
