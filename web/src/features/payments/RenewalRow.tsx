import type { PaymentStatus } from '@shared/api/payments';
import type { Subscription } from '@shared/api/subscription';
import { formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import type { RenewalEvent } from '@shared/domain/schedule';
import { Check, SkipForward } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { useRecordPayment } from '../../api/queries';
import { Button } from '../../components/ui/Button';
import { useToast } from '../../components/ui/Toast';
import styles from './Payments.module.css';

const messages = {
  recordFailed: 'Failed to record the payment',
  paid: (date: string) => `Renewal of ${formatDateShort(date)} marked paid`,
  skipped: (date: string) => `Renewal of ${formatDateShort(date)} skipped`,
  amountInvalid: 'Enter the amount charged, such as 12.50',
} as const;

const DECIMAL = /^\s*(?:\d+(?:\.\d{0,2})?|\.\d{1,2})\s*$/;

/**
 * One renewal of the schedule to mark, at its price on its day: the amount charged (for a variable bill;
 * empty means the expected amount), and 'Mark paid' or 'Skip'. Read-only in the landing page's demo.
 */
export function RenewalRow({
  subscription: sub,
  renewal: { date, price, trial },
  readOnly,
  onRecorded,
}: {
  subscription: Subscription;
  renewal: RenewalEvent;
  readOnly: boolean;
  onRecorded: () => void;
}) {
  const toast = useToast();
  const { mutateAsync, isPending, variables } = useRecordPayment(sub.id);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const amountId = `amount-${sub.id}-${date}`;
  const errorId = `${amountId}-error`;

  async function record(status: PaymentStatus) {
    const given = status === 'paid' && amount.trim() !== '' ? amount.trim() : undefined;
    if (given !== undefined && !DECIMAL.test(given)) {
      setError(messages.amountInvalid);
      return;
    }
    setError(null);
    try {
      await mutateAsync({ dueDate: date, status, ...(given === undefined ? {} : { amount: given, currency: price.currency }) });
      toast.success(status === 'paid' ? messages.paid(date) : messages.skipped(date));
      onRecorded();
    } catch (failure) {
      toast.error(errorMessage(failure, messages.recordFailed));
    }
  }

  return (
    <li className={styles.row}>
      <div className={styles.rowWhen}>
        <span className={styles.rowDate}>{formatDateShort(date)}</span>
        <span className={styles.rowExpected}>{trial ? 'Free trial' : `${formatAmount(price.amount, price.currency)} expected`}</span>
      </div>
      <div className={styles.rowControls}>
        <div className={styles.amountField}>
          <label htmlFor={amountId} className="visually-hidden">
            {`Amount charged on ${formatDateShort(date)} (${price.currency})`}
          </label>
          <input
            id={amountId}
            data-first-control
            className={styles.amountInput}
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(price.amount)}
            value={amount}
            disabled={readOnly || isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <span className={styles.amountCurrency} aria-hidden="true">
            {price.currency}
          </span>
        </div>
        <Button
          size="sm"
          icon={<Check aria-hidden="true" />}
          loading={isPending && variables?.status === 'paid'}
          disabled={readOnly || isPending}
          aria-label={`Mark paid: renewal of ${formatDateShort(date)}`}
          onClick={() => void record('paid')}
        >
          Mark paid
        </Button>
        <Button
          size="sm"
          variant="secondary"
          icon={<SkipForward aria-hidden="true" />}
          loading={isPending && variables?.status === 'skipped'}
          disabled={readOnly || isPending}
          aria-label={`Skip: renewal of ${formatDateShort(date)}`}
          onClick={() => void record('skipped')}
        >
          Skip
        </Button>
      </div>
      {error && (
        <p id={errorId} className={styles.rowError} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
