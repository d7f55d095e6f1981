import type { User } from '@shared/api/user';
import { timeLeftLabel } from '@shared/domain/membership';
import { PartyPopper } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import styles from './Settings.module.css';
import { endDate, renewalWaitsForPayments } from './settingsText';

interface ResubscribedDialogProps {
  /** The user the resubscribe call returned; null keeps the dialog closed. */
  user: Pick<User, 'isForever' | 'subscriptionEnd'> | null;
  onClose: () => void;
}

/**
 * "You're Back!" after resubscribing (SPEC §2): status Active, auto-renewal Enabled, time remaining
 * and the next renewal — which, with payments not live, is when payments start; until then the
 * membership ends on its end date (docs/decisions/0036-memberships-end-without-a-payment.md).
 */
export function ResubscribedDialog({ user, onClose }: ResubscribedDialogProps) {
  const timeLeft = user ? timeLeftLabel(user, new Date()) : null;
  const end = user?.subscriptionEnd ? endDate(user.subscriptionEnd) : null;
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      size="sm"
      tone="success"
      icon={<PartyPopper aria-hidden="true" />}
      title="You're Back!"
      description={`Auto-renewal is on again. ${renewalWaitsForPayments(end)}`}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd className={styles.factGood}>Active</dd>
        </div>
        <div>
          <dt>Auto-renewal</dt>
          <dd className={styles.factGood}>Enabled</dd>
        </div>
        <div>
          <dt>Time remaining</dt>
          <dd>{timeLeft ?? '—'}</dd>
        </div>
        <div>
          <dt>Next renewal</dt>
          <dd>When payments start</dd>
        </div>
      </dl>
    </Modal>
  );
}
