import { Download } from 'lucide-react';
import { APP_NAME } from '../../brand';
import { Button } from '../../components/ui/Button';
import { downloadText } from '../../lib/browserFiles';
import styles from './TwoFactor.module.css';

/** The text file 'Download Backup Codes' saves (SPEC §2 wizard step 3): the codes, and that each works once. */
export function backupCodesFile(codes: readonly string[], username: string, now = new Date()): string {
  return [
    `${APP_NAME} - two-factor backup codes`,
    `Account: ${username}`,
    `Generated: ${now.toISOString().slice(0, 10)}`,
    '',
    'Each code can be used only once. Use one when you cannot reach your authenticator app.',
    'Keep these codes somewhere safe and private.',
    '',
    ...codes.map((code, index) => `${String(index + 1).padStart(2, ' ')}. ${code}`),
    '',
  ].join('\n');
}

export interface BackupCodesProps {
  codes: readonly string[];
  username: string;
}

/** The single-use backup codes, shown once, with their download. */
export function BackupCodes({ codes, username }: BackupCodesProps) {
  return (
    <div className={styles.backup}>
      <p className={styles.muted}>
        Save these backup codes somewhere safe. Each code can be used only once, if you lose access to your authenticator app.
      </p>
      <ol className={styles.codes} aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code} className={styles.code}>
            {code}
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        fullWidth
        icon={<Download aria-hidden="true" />}
        onClick={() => downloadText(backupCodesFile(codes, username), `${username}-backup-codes.txt`, 'text/plain')}
      >
        Download Backup Codes
      </Button>
    </div>
  );
}
