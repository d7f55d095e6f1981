import type { Payment } from '@shared/api/payments';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { Badge } from '../../components/ui/Badge';
import styles from './Payments.module.css';

/** The recorded renewals, newest first: date, paid or skipped, amount as charged. */
export function PaymentList({ payments }: { payments: Payment[] }) {
  return (
    <section aria-labelledby="payments-title" className={styles.section}>
      <h3 id="payments-title" className={styles.heading}>
        Payments
      </h3>
      {payments.length === 0 ? (
        <p className={styles.empty}>No payments recorded yet. Renewing, or marking a renewal paid, records one.</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col" className={styles.numeric}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <tr key={payment.dueDate}>
                <td>{formatDateShort(payment.dueDate)}</td>
                <td>
                  <Badge tone={payment.status === 'paid' ? 'success' : 'neutral'}>{payment.status === 'paid' ? 'Paid' : 'Skipped'}</Badge>
                </td>
                <td className={[styles.numeric, payment.status === 'skipped' ? styles.skippedAmount : null].filter(Boolean).join(' ')}>
                  {payment.status === 'skipped' ? (
                    <>
                      <span className="visually-hidden">not paid: </span>
                      {formatAmount(payment.amount, payment.currency)}
                    </>
                  ) : (
                    formatAmount(payment.amount, payment.currency)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
