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
  const spent = useMemo(() => (payments ? lifetimeSpend(payments, currency, rates) : null), [payments, currency, rates]);
  const spentAsBilled = useMemo(() => (payments ? lifetimeSpend(payments, sub.currency, rates) : null), [payments, sub.currency, rates]);
  const paidCount = payments?.filter((p) => p.status === 'paid').length ?? 0;
  return { payments, isPending, isError, toMark, spent, spentAsBilled, paidCount };
}
