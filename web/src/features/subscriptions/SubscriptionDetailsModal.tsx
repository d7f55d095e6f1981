import type { Payment, PaymentStatus } from '@shared/api/payments';
import type { Subscription } from '@shared/api/subscription';
import { chargeOn, isInTrial } from '@shared/domain/billing';
import { type Category, categoryLabel } from '@shared/domain/categories';
import { type CurrencyCode, convert, formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { lifetimeSpend, unrecordedRenewals } from '@shared/domain/payments';
import { cycleLabel, cycleName } from '@shared/domain/subscription-labels';
import { ratesLabel } from '@shared/domain/subscription-report';
import { useQuery } from '@tanstack/react-query';
import { Check, SkipForward } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client';
import { paymentsQuery, useRecordPayment } from '../../api/queries';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { useToast } from '../../components/ui/Toast';
import { SubscriptionReminders } from '../reminders';
import { SharingSection } from '../sharing';
import { useReadOnly } from './readOnly';
import styles from './SubscriptionDetailsModal.module.css';
import { useRates } from './useRates';

/** Renewals to mark shown at first; the rest of the last 12 months behind 'Show … more'. */
const FIRST_TO_MARK = 4;

const messages = {
  loadFailed: 'Failed to load payments',
  recordFailed: 'Failed to record the payment',
  paid: (date: string) => `Renewal of ${formatDateShort(date)} marked paid`,
  skipped: (date: string) => `Renewal of ${formatDateShort(date)} skipped`,
  amountInvalid: 'Enter the amount charged, such as 12.50',
} as const;

const DECIMAL = /^\s*(?:\d+(?:\.\d{0,2})?|\.\d{1,2})\s*$/;

export interface SubscriptionDetailsModalProps {
  subscription: Subscription;
  /** The display currency totals are shown in. */
  currency: CurrencyCode;
  today: string;
  custom: readonly Category[];
  /** Asks to leave a subscription someone else shares with the user (issue 26). */
  onLeave: (subscription: Subscription) => void;
  onClose: () => void;
}

/**
 * A subscription's details (issue 24 §4): its price as billed and the history of its price, its trial,
 * end and notice dates, its payments and lifetime spend, and the renewals up to today still to mark
 * paid (with the amount charged, for variable bills) or skipped; and who shares it (issue 26). A
 * subscription someone else pays shows the user's share instead of payments, which are the payer's.
 */
export function SubscriptionDetailsModal({ subscription: sub, currency, today, custom, onLeave, onClose }: SubscriptionDetailsModalProps) {
  const rates = useRates();
  const readOnly = useReadOnly();
  const member = Boolean(sub.shared);
  const { data, isPending, isError } = useQuery({ ...paymentsQuery(sub.id), enabled: !member });
  const payments = data?.payments;
  const toMark = useMemo(() => (payments ? unrecordedRenewals(sub, payments, today) : []), [sub, payments, today]);
  const spent = useMemo(() => (payments ? lifetimeSpend(payments, currency, rates) : null), [payments, currency, rates]);
  const spentAsBilled = useMemo(() => (payments ? lifetimeSpend(payments, sub.currency, rates) : null), [payments, sub.currency, rates]);
  const paidCount = payments?.filter((p) => p.status === 'paid').length ?? 0;
  const history = [...sub.priceHistory].reverse();
  // The dialog opens on its summary: an amount field focused at once would open a phone's keyboard.
  const summaryRef = useRef<HTMLElement>(null);
  const summaryLabel = member ? 'Price and your share' : 'Price and lifetime spend';

  return (
    <Modal
      open
      onClose={onClose}
      initialFocus={summaryRef}
      size="lg"
      title={sub.name}
      description={`${categoryLabel(sub.category, custom)} · ${cycleName(sub.billingCycle, sub.cycleInterval)}`}
    >
      <div className={styles.details}>
        <section ref={summaryRef} tabIndex={-1} className={styles.summary} aria-label={summaryLabel}>
          <div className={styles.tile}>
            <p className={styles.tileLabel}>Price as billed</p>
            <p className={styles.tileValue}>
              {formatAmount(sub.amount, sub.currency)}
              <span className={styles.per}>{cycleLabel(sub.billingCycle, sub.cycleInterval)}</span>
            </p>
            <p className={styles.tileNote}>
              {sub.currency === currency
                ? `Since ${formatDateShort(history[0]?.effectiveFrom ?? sub.createdAt.slice(0, 10))}`
                : `≈ ${formatAmount(convert(sub.amount, sub.currency, currency, rates), currency)} at ${ratesLabel(rates.date)}`}
            </p>
          </div>
          {sub.shared ? (
            <div className={[styles.tile, styles.tileMain].join(' ')}>
              <p className={styles.tileLabel}>Your share</p>
              <p className={styles.tileValue}>
                {formatAmount(sub.shared.myShare, sub.currency)}
                <span className={styles.per}>{cycleLabel(sub.billingCycle, sub.cycleInterval)}</span>
              </p>
              <p className={styles.tileNote}>
                Shared by {sub.shared.payerName} · {sub.shared.memberCount} people
              </p>
            </div>
          ) : (
            <div className={[styles.tile, styles.tileMain].join(' ')}>
              <p className={styles.tileLabel}>Lifetime spend</p>
              <p className={styles.tileValue} data-testid="lifetime-spend">
                {spent ? formatAmount(spent.amount, spent.currency) : '—'}
              </p>
              <p className={styles.tileNote}>
                {spent &&
                  spentAsBilled &&
                  spent.currency !== spentAsBilled.currency &&
                  `${formatAmount(spentAsBilled.amount, spentAsBilled.currency)} · `}
                {paidCount === 1 ? '1 paid renewal' : `${paidCount} paid renewals`}
              </p>
            </div>
          )}
        </section>

        <Facts subscription={sub} today={today} />

        {!readOnly && sub.status !== 'deleted' && <SharingSection subscription={sub} onLeave={onLeave} />}

        {/* The landing's demo has no account to read reminders from; a shared subscription's are the payer's. */}
        {!readOnly && !member && <SubscriptionReminders subscriptionId={sub.id} name={sub.name} />}

        <section aria-labelledby="price-history-title" className={styles.section}>
          <h3 id="price-history-title" className={styles.heading}>
            Price history
          </h3>
          <ol className={styles.timeline}>
            {history.map((change, index) => (
              <li key={change.effectiveFrom} className={styles.timelineItem}>
                <span className={styles.timelineDot} aria-hidden="true" />
                <span className={styles.timelineDate}>From {formatDateShort(change.effectiveFrom)}</span>
                <span className={styles.timelineAmount}>{formatAmount(change.amount, change.currency)}</span>
                {index === 0 && <Badge tone="primary">Current</Badge>}
              </li>
            ))}
          </ol>
        </section>

        {member ? null : isPending ? (
          <div className={styles.loading}>
            <Spinner label="Loading payments" />
          </div>
        ) : isError || !payments ? (
          <p className={styles.error} role="alert">
            {messages.loadFailed}
          </p>
        ) : (
          <>
            {/* A subscription in the trash takes no new records (the API answers 409) until it is recovered. */}
            {sub.status !== 'deleted' && <RenewalsToMark subscription={sub} dates={toMark} />}
            <PaymentList payments={payments} />
          </>
        )}
      </div>
    </Modal>
  );
}

/** Trial, end, notice and next renewal: the dates that matter, when the subscription has them. */
function Facts({ subscription: sub, today }: { subscription: Subscription; today: string }) {
  const facts: Array<[string, string]> = [];
  if (sub.status === 'active') facts.push([sub.dueDate < today ? 'Past due since' : 'Next renewal', formatDateShort(sub.dueDate)]);
  if (sub.trialEndsAt) facts.push([isInTrial(sub, today) ? 'Free trial until' : 'Free trial ended', formatDateShort(sub.trialEndsAt)]);
  if (sub.endsAt) facts.push([sub.endsAt < today ? 'Ended' : 'Ends', formatDateShort(sub.endsAt)]);
  if (sub.noticeDays !== null) facts.push(['Notice period', sub.noticeDays === 1 ? '1 day' : `${sub.noticeDays} days`]);
  if (sub.cancelBy) facts.push(['Cancel by', formatDateShort(sub.cancelBy)]);
  facts.push(['Auto-renew', sub.autoRenew ? 'On' : 'Off']);
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The renewals up to today with no record yet, newest first, each with 'Mark paid' and 'Skip'. */
function RenewalsToMark({ subscription: sub, dates }: { subscription: Subscription; dates: string[] }) {
  const [showAll, setShowAll] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /**
   * After a renewal is recorded its row goes: once the refreshed list no longer has it, the focus moves to
   * the row now in its place, else to the heading.
   */
  const [recorded, setRecorded] = useState<{ index: number; date: string } | null>(null);
  useEffect(() => {
    if (recorded === null || dates.includes(recorded.date)) return;
    setRecorded(null);
    const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-first-control]') ?? [];
    (rows[Math.min(recorded.index, rows.length - 1)] ?? headingRef.current)?.focus();
  }, [recorded, dates]);

  const shown = showAll ? dates : dates.slice(0, FIRST_TO_MARK);
  return (
    <section aria-labelledby="to-mark-title" className={styles.section}>
      <h3 id="to-mark-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        Renewals to mark
      </h3>
      {dates.length === 0 ? (
        <p className={styles.empty}>Every renewal up to today is marked.</p>
      ) : (
        <>
          <ul ref={listRef} className={styles.toMark}>
            {shown.map((date, index) => (
              <RenewalRow key={date} subscription={sub} date={date} onRecorded={() => setRecorded({ index, date })} />
            ))}
          </ul>
          {dates.length > shown.length && (
            <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
              Show {dates.length - shown.length} more
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function RenewalRow({ subscription: sub, date, onRecorded }: { subscription: Subscription; date: string; onRecorded: () => void }) {
  const readOnly = useReadOnly();
  const toast = useToast();
  const { mutateAsync, isPending, variables } = useRecordPayment(sub.id);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const charge = chargeOn(sub, date);
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
      await mutateAsync({ dueDate: date, status, ...(given === undefined ? {} : { amount: given, currency: charge.currency }) });
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
        <span className={styles.rowExpected}>
          {charge.trial ? 'Free trial' : `${formatAmount(charge.amount, charge.currency)} expected`}
        </span>
      </div>
      <div className={styles.rowControls}>
        <div className={styles.amountField}>
          <label htmlFor={amountId} className="visually-hidden">
            {`Amount charged on ${formatDateShort(date)} (${charge.currency})`}
          </label>
          <input
            id={amountId}
            data-first-control
            className={styles.amountInput}
            inputMode="decimal"
            autoComplete="off"
            placeholder={String(charge.amount)}
            value={amount}
            disabled={readOnly || isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <span className={styles.amountCurrency} aria-hidden="true">
            {charge.currency}
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

/** The recorded renewals, newest first: date, paid or skipped, amount as charged. */
function PaymentList({ payments }: { payments: Payment[] }) {
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
