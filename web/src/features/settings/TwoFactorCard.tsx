import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { useCurrentUser } from '../../session/context';
import styles from './TwoFactor.module.css';
import { type TwoFactorAction, TwoFactorConfirmDialog } from './TwoFactorConfirmDialog';
import { TwoFactorSetupWizard } from './TwoFactorSetupWizard';

/**
 * SPEC §2 'Two-Factor Authentication card': the Enabled/Disabled badge; 'Enable 2FA' opens the setup
 * wizard; when enabled, 'Regenerate Backup Codes' and 'Disable 2FA' work (issue 9), each confirmed
 * with the password and a current code.
 */
export function TwoFactorCard() {
  const user = useCurrentUser();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [action, setAction] = useState<TwoFactorAction | null>(null);
  const enabled = user.two_factor_enabled;
  const remaining = user.backupCodesRemaining;

  return (
    <Card
      title="Two-Factor Authentication"
      description="Protect your account with a code from an authenticator app when you sign in."
      actions={
        enabled ? (
          <Badge tone="success" icon={<ShieldCheck aria-hidden="true" />}>
            Enabled
          </Badge>
        ) : (
          <Badge tone="neutral" icon={<ShieldOff aria-hidden="true" />}>
            Disabled
          </Badge>
        )
      }
    >
      <div className={styles.cardBody}>
        {enabled ? (
          <>
            <p className={[remaining <= 2 ? styles.warning : styles.muted, styles.status].join(' ')}>
              <KeyRound aria-hidden="true" className={styles.inlineIcon} />
              {remaining === 1 ? '1 backup code remaining' : `${remaining} backup codes remaining`}
              {remaining <= 2 && ' - generate new ones soon.'}
            </p>
            <div className={styles.actions}>
              <Button variant="secondary" icon={<KeyRound aria-hidden="true" />} onClick={() => setAction('regenerate')}>
                Regenerate Backup Codes
              </Button>
              <Button variant="danger" icon={<ShieldOff aria-hidden="true" />} onClick={() => setAction('disable')}>
                Disable 2FA
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.muted}>Two-factor authentication is off. Anyone with your password can sign in.</p>
            <div className={styles.actions}>
              <Button icon={<ShieldCheck aria-hidden="true" />} onClick={() => setWizardOpen(true)}>
                Enable 2FA
              </Button>
            </div>
          </>
        )}
      </div>
      {wizardOpen && <TwoFactorSetupWizard onClose={() => setWizardOpen(false)} />}
      {action && <TwoFactorConfirmDialog action={action} onClose={() => setAction(null)} />}
    </Card>
  );
}
