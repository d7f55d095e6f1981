import type { Money, Payment } from '@shared/api/payments';
import type { Subscription } from '@shared/api/subscription';
import type { CurrencyCode, RateTable } from '@shared/domain/currency';
import { lifetimeSpend, unrecordedRenewals } from '@shared/domain/payments';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { paymentsQuery } from '../../api/queries';

/** A subscription's payments as its details dialog shows them (issue 24 §4). */
export interface PaymentsView {
  /** The recorded renewals, newest first; undefined while loading or after a failure. */
  payments: Payment[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The renewals up to today with no record yet, newest first. */
  toMark: string[];
  /** Lifetime spend in the display currency, and as billed; null until the payments are in. */
  spent: Money | null;
  spentAsBilled: Money | null;
  paidCount: number;
  /** Past renewals with no record, counted at the price in force then. */
  unrecordedCount: number;
}

/**
 * Loads a subscription's payments and works out what the dialog shows from them: the renewals still to
 * mark and the lifetime spend. `enabled` is false for a subscription someone else pays: its payments
 * are the payer's.
 */
export function usePayments(
  sub: Subscription,
  { currency, rates, today, enabled }: { currency: CurrencyCode; rates: RateTable; today: string; enabled: boolean },
): PaymentsView {
  const { data, isPending, isError } = useQuery({ ...paymentsQuery(sub.id), enabled });
  const payments = data?.payments;
  const toMark = useMemo(() => (payments ? unrecordedRenewals(sub, payments, today) : []), [sub, payments, today]);
  // The one lifetime spend (issue 35 §2): /insights and the payments route read the same function.
  const spent = useMemo(
    () => (payments ? lifetimeSpend(sub, payments, today, currency, rates) : null),
    [sub, payments, today, currency, rates],
  );
  const spentAsBilled = useMemo(
    () => (payments ? lifetimeSpend(sub, payments, today, sub.currency, rates) : null),
    [sub, payments, today, rates],
  );
  return {
    payments,
    isPending,
    isError,
    toMark,
    spent,
    spentAsBilled,
    paidCount: spent?.paidCount ?? 0,
    unrecordedCount: spent?.unrecordedCount ?? 0,
  };
}
