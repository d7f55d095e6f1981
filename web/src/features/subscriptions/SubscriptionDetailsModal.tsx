import type { Subscription } from '@shared/api/subscription';
import { cancelByDate, isInTrial, priceAt, priceHistoryOf } from '@shared/domain/billing';
import { type Category, categoryLabel } from '@shared/domain/categories';
import { type CurrencyCode, convert, formatAmount } from '@shared/domain/currency';
import { formatDateShort } from '@shared/domain/dates';
import { cycleLabel, cycleName, nextPriceText } from '@shared/domain/subscription-labels';
import { ratesLabel } from '@shared/domain/subscription-report';
import { type ReactNode, useRef } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Modal } from '../../components/ui/Modal';
import { PaymentsSection, usePayments } from '../payments';
import { SubscriptionReminders } from '../reminders';
import { SharingSection } from '../sharing';
import { LogoSection } from './LogoSection';
import { ManageLink } from './ManageLink';
import { useReadOnly } from './readOnly';
import styles from './SubscriptionDetailsModal.module.css';
import { SubscriptionLogo } from './SubscriptionLogo';
import { useRates } from './useRates';

export interface SubscriptionDetailsModalProps {
  subscription: Subscription;
  /** The display currency totals are shown in. */
  currency: CurrencyCode;
  today: string;
  custom: readonly Category[];
  /** Its category's colour among those on the dashboard (categoryColorsIn): its monogram's when it has no logo. */
  categoryColor: string;
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
export function SubscriptionDetailsModal({
  subscription: sub,
  currency,
  today,
  custom,
  categoryColor,
  onLeave,
  onClose,
}: SubscriptionDetailsModalProps) {
  const rates = useRates();
  const readOnly = useReadOnly();
  const member = Boolean(sub.shared);
  const payments = usePayments(sub, { currency, rates, today, enabled: !member });
  const { spent, spentAsBilled, paidCount, unrecordedCount } = payments;
  const history = [...priceHistoryOf(sub)].reverse();
  // The price in force today, as the card shows it; a change from a later day is upcoming (issue 35 §4).
  const price = priceAt(sub, today);
  const nextPrice = sub.status === 'deleted' ? null : nextPriceText(sub, today);
  // The dialog opens on its summary: an amount field focused at once would open a phone's keyboard.
  const summaryRef = useRef<HTMLElement>(null);
  const summaryLabel = member ? 'Price and your share' : 'Price and lifetime spend';

  return (
    <Modal
      open
      onClose={onClose}
      initialFocus={summaryRef}
      size="lg"
      title={
        <span className={styles.title}>
          <SubscriptionLogo logo={sub.logo} name={sub.name} color={categoryColor} />
          {sub.name}
        </span>
      }
      description={`${categoryLabel(sub.category, custom)} · ${cycleName(sub.billingCycle, sub.cycleInterval)}`}
    >
      <div className={styles.details}>
        <section ref={summaryRef} tabIndex={-1} className={styles.summary} aria-label={summaryLabel}>
          <div className={styles.tile}>
            <p className={styles.tileLabel}>Price as billed</p>
            <p className={styles.tileValue}>
              {formatAmount(price.amount, price.currency)}
              <span className={styles.per}>{cycleLabel(sub.billingCycle, sub.cycleInterval)}</span>
            </p>
            <p className={styles.tileNote}>
              {price.currency === currency
                ? `Since ${formatDateShort(price.effectiveFrom)}`
                : `≈ ${formatAmount(convert(price.amount, price.currency, currency, rates), currency)} at ${ratesLabel(rates.date)}`}
              {nextPrice && ` · ${nextPrice}`}
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
                {unrecordedCount > 0 && ` · ${unrecordedCount} not marked, at the price then`}
              </p>
            </div>
          )}
        </section>

        <Facts subscription={sub} today={today} />

        {/* The payer's choice: a member sees the logo its payer chose (issue 36 §5). */}
        {!readOnly && !member && sub.status !== 'deleted' && <LogoSection subscription={sub} categoryColor={categoryColor} />}

        {!readOnly && sub.status !== 'deleted' && <SharingSection subscription={sub} onLeave={onLeave} />}

        {/* The landing's demo has no account to read reminders from; a shared subscription's are the payer's. */}
        {!readOnly && !member && <SubscriptionReminders subscriptionId={sub.id} name={sub.name} />}

        <section aria-labelledby="price-history-title" className={styles.section}>
          <h3 id="price-history-title" className={styles.heading}>
            Price history
          </h3>
          <ol className={styles.timeline}>
            {history.map((change) => (
              <li key={change.effectiveFrom} className={styles.timelineItem}>
                <span className={styles.timelineDot} aria-hidden="true" />
                <span className={styles.timelineDate}>From {formatDateShort(change.effectiveFrom)}</span>
                <span className={styles.timelineAmount}>{formatAmount(change.amount, change.currency)}</span>
                {change.effectiveFrom === price.effectiveFrom && <Badge tone="primary">Current</Badge>}
                {change.effectiveFrom > today && <Badge tone="info">Upcoming</Badge>}
              </li>
            ))}
          </ol>
        </section>

        {!member && <PaymentsSection subscription={sub} view={payments} readOnly={readOnly} />}
      </div>
    </Modal>
  );
}

/** Trial, end, notice and next renewal: the dates that matter, when the subscription has them; and its website. */
function Facts({ subscription: sub, today }: { subscription: Subscription; today: string }) {
  const facts: Array<[string, ReactNode]> = [];
  if (sub.status === 'active') facts.push([sub.dueDate < today ? 'Past due since' : 'Next renewal', formatDateShort(sub.dueDate)]);
  if (sub.trialEndsAt) facts.push([isInTrial(sub, today) ? 'Free trial until' : 'Free trial ended', formatDateShort(sub.trialEndsAt)]);
  if (sub.endsAt) facts.push([sub.endsAt < today ? 'Ended' : 'Ends', formatDateShort(sub.endsAt)]);
  if (sub.noticeDays !== null) facts.push(['Notice period', sub.noticeDays === 1 ? '1 day' : `${sub.noticeDays} days`]);
  // The deadline that still matters today (issue 35 §2.5), the schedule's; a date the user gave stays as given, also once past.
  const cancelBy = cancelByDate(sub, today);
  if (cancelBy) facts.push([cancelBy < today ? 'Cancel-by date passed' : 'Cancel by', formatDateShort(cancelBy)]);
  facts.push(['Auto-renew', sub.autoRenew ? 'On' : 'Off']);
  if (sub.url) facts.push(['Website', <ManageLink key="website" className={styles.manage} name={sub.name} url={sub.url} />]);
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
