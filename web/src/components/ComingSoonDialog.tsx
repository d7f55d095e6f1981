import { CreditCard, Receipt, RefreshCw, Rocket, Wallet } from 'lucide-react';
import styles from './ComingSoonDialog.module.css';
import { Button } from './ui/Button';
import { Modal } from './ui/Modal';

/** What the payment integration will bring (SPEC §2 'Upgrade'). */
const PLANNED = [
  { icon: Wallet, text: 'PayPal checkout' },
  { icon: CreditCard, text: 'Credit and debit card payments' },
  { icon: RefreshCw, text: 'Auto-renewal management' },
  { icon: Receipt, text: 'Payment history and receipts' },
];

export interface ComingSoonDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The notice every payment action opens while payment is not live (SPEC §1, §2 'Upgrade', and
 * 'Add Payment Method' in settings): what is planned, and 'Got it, thanks!' to close it.
 */
export function ComingSoonDialog({ open, onClose }: ComingSoonDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="sm"
      icon={<Rocket aria-hidden="true" />}
      tone="info"
      title="Coming Soon! Payment Integration"
      description="Payments are not live yet, so nothing is charged and your plan stays as it is. On the way:"
      footer={<Button onClick={onClose}>Got it, thanks!</Button>}
    >
      <ul className={styles.planned} aria-label="Planned payment features">
        {PLANNED.map(({ icon: Icon, text }) => (
          <li key={text}>
            <Icon aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
