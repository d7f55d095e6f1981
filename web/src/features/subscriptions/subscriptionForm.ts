import { BILLING_CYCLES, type BillingCycle, type Subscription } from '@shared/api/subscription';
import { subscriptionMessages } from '@shared/api/subscriptions';
import { categoryKey } from '@shared/domain/categories';
import { BILLING_CURRENCIES } from '@shared/domain/currency';
import { normalizeCycle } from '@shared/domain/subscription-rules';
import type { SelectOption } from '../../components/ui/Select';

/** SPEC §8 'Subscription actions'. */
export const SAVE_FAILED = 'Failed to save subscription';

export interface FormValues {
  name: string;
  amount: string;
  currency: string;
  cycleInterval: string;
  dueDate: string;
  billingCycle: BillingCycle;
  category: string;
  description: string;
  autoRenew: boolean;
  trialEndsAt: string;
  endsAt: string;
  noticeDays: string;
  /** The last day to cancel as the user gives it (issue 35 §2.5), or ''. */
  cancelByDate: string;
  /** Its website (issue 36 §2), or ''. */
  url: string;
}

export type FieldName = keyof FormValues;

export function initialValues(sub: Subscription | null, defaultCurrency: string): FormValues {
  if (!sub) {
    return {
      name: '',
      amount: '',
      currency: defaultCurrency,
      cycleInterval: '1',
      dueDate: '',
      billingCycle: 'monthly',
      category: '',
      description: '',
      autoRenew: false,
      trialEndsAt: '',
      endsAt: '',
      noticeDays: '',
      cancelByDate: '',
      url: '',
    };
  }
  return {
    name: sub.name,
    amount: String(sub.amount),
    currency: sub.currency,
    cycleInterval: String(sub.cycleInterval ?? 1),
    dueDate: sub.dueDate,
    billingCycle: normalizeCycle(sub.billingCycle),
    category: categoryKey(sub.category),
    description: sub.description ?? '',
    autoRenew: Boolean(sub.autoRenew),
    trialEndsAt: sub.trialEndsAt ?? '',
    endsAt: sub.endsAt ?? '',
    noticeDays: sub.noticeDays === null || sub.noticeDays === undefined ? '' : String(sub.noticeDays),
    cancelByDate: sub.cancelByDate ?? '',
    url: sub.url ?? '',
  };
}

/** The fields of the optional section ('Trial, end date and notice'). */
export const OPTIONAL_FIELDS: readonly FieldName[] = ['trialEndsAt', 'endsAt', 'noticeDays', 'cancelByDate'];

/** The cycle select reads on from 'Renews every [n]': 'month', or 'months' after a number above 1. */
const cycleUnits: Record<BillingCycle, [string, string]> = {
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  quarterly: ['quarter', 'quarters'],
  yearly: ['year', 'years'],
};

export function cycleOptions(interval: string): SelectOption[] {
  const plural = Number(interval) > 1;
  return BILLING_CYCLES.map((cycle) => ({ value: cycle, label: cycleUnits[cycle][plural ? 1 : 0] }));
}

/** Every billing currency, SPEC's six display currencies first (BILLING_CURRENCIES' order). */
export const currencyOptions: SelectOption[] = BILLING_CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }));

/** The field of the form a server message belongs to (the contract's subscriptionMessages), or null for the form as a whole. */
const MESSAGE_FIELDS: ReadonlyArray<[prefix: string, field: FieldName | 'effectiveFrom']> = [
  ['name', 'name'],
  ['description', 'description'],
  ['amount', 'amount'],
  ['category', 'category'],
  ['dueDate', 'dueDate'],
  ['billingCycle', 'billingCycle'],
  ['currency', 'currency'],
  ['cycleInterval', 'cycleInterval'],
  ['trialEndsAt', 'trialEndsAt'],
  ['endsAt', 'endsAt'],
  ['endsBefore', 'endsAt'],
  ['noticeDays', 'noticeDays'],
  ['cancelByDate', 'cancelByDate'],
  ['url', 'url'],
  ['effectiveFrom', 'effectiveFrom'],
];

export function fieldOfMessage(message: string): FieldName | 'effectiveFrom' | null {
  const key = Object.entries(subscriptionMessages).find(([, text]) => text === message)?.[0];
  if (!key) return null;
  return MESSAGE_FIELDS.find(([prefix]) => key.startsWith(prefix))?.[1] ?? null;
}
