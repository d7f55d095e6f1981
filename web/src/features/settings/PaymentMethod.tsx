import type { User } from '@shared/api/user';
import { CreditCard, Plus, Wallet } from 'lucide-react';
import { useState } from 'react';
import { ComingSoonDialog } from '../../components/ComingSoonDialog';
import { Button, ButtonLink } from '../../components/ui/Button';
import styles from './Settings.module.css';

/**
 * The Payment Method area of the tier card (SPEC §2): PayPal with its e-mail or a card's last four
 * digits, with 'Change Payment Method' to /upgrade; otherwise 'No payment method on file' and
 * 'Add Payment Method', which opens the Coming Soon notice (payments are not live, SPEC §1).
 */
export function PaymentMethod({ user }: { user: Pick<User, 'paymentMethod' | 'paypalEmail' | 'cardLast4'> }) {
  const [comingSoonOpen, setComingSoonOpen] = useState(false);
  const method =
    user.paymentMethod === 'paypal'
      ? { icon: <Wallet aria-hidden="true" />, name: 'PayPal', detail: user.paypalEmail }
      : user.paymentMethod === 'card'
        ? { icon: <CreditCard aria-hidden="true" />, name: 'Card', detail: user.cardLast4 ? `Ending in ${user.cardLast4}` : null }
        : null;

  return (
    <section className={styles.subsection} aria-labelledby="payment-method-heading">
      <h3 id="payment-method-heading" className={styles.subheading}>
        Payment Method
      </h3>
      {method ? (
        <div className={styles.methodRow}>
          <span className={styles.methodIcon}>{method.icon}</span>
          <div className={styles.methodText}>
            <span className={styles.methodName}>{method.name}</span>
            {method.detail && <span className={styles.methodDetail}>{method.detail}</span>}
          </div>
          <ButtonLink to="/upgrade" variant="secondary" size="sm">
            Change Payment Method
          </ButtonLink>
        </div>
      ) : (
        <div className={styles.methodRow}>
          <span className={styles.methodIcon}>
            <CreditCard aria-hidden="true" />
          </span>
          <p className={styles.methodText}>No payment method on file</p>
          <Button variant="secondary" size="sm" icon={<Plus aria-hidden="true" />} onClick={() => setComingSoonOpen(true)}>
            Add Payment Method
          </Button>
        </div>
      )}
      <ComingSoonDialog open={comingSoonOpen} onClose={() => setComingSoonOpen(false)} />
    </section>
  );
}
