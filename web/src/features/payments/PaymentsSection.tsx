import type { Subscription } from '@shared/api/subscription';
import { Spinner } from '../../components/ui/Spinner';
import { PaymentList } from './PaymentList';
import styles from './Payments.module.css';
import { RenewalsToMark } from './RenewalsToMark';
import type { PaymentsView } from './usePayments';

const loadFailed = 'Failed to load payments';

/**
 * A subscription's payments in its details dialog (issue 24 §4): the renewals up to today still to mark
 * paid or skipped, and the recorded ones. `view` comes from {@link usePayments}, which the dialog's
 * lifetime-spend tile reads too.
 */
export function PaymentsSection({
  subscription: sub,
  view,
  readOnly,
}: {
  subscription: Subscription;
  view: PaymentsView;
  readOnly: boolean;
}) {
  if (view.isPending) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading payments" />
      </div>
    );
  }
  if (view.isError || !view.payments) {
    return (
      <p className={styles.error} role="alert">
        {loadFailed}
      </p>
    );
  }
  return (
    <>
      {/* A subscription in the trash takes no new records (the API answers 409) until it is recovered. */}
      {sub.status !== 'deleted' && <RenewalsToMark subscription={sub} dates={view.toMark} readOnly={readOnly} />}
      <PaymentList payments={view.payments} />
    </>
  );
}
