/**
 * The words shown for a subscription (SPEC §2 'Subscription card badges', DESIGN §5): the due
 * badge, the past-due explanation, the deleted banner, the billing cycle's label and name, and issue
 * 24's badges: the free trial, the cancel-by day of a notice period, the end date and a scheduled price.
 */
import type { PriceChange, Subscription } from '../api/subscription.js';
import { type BillingPrices, cancelByDate, priceHistoryOf } from './billing.js';
import { formatAmount } from './currency.js';
import { parseCalendarDate } from './dates.js';
import type { ScheduledSubscription } from './schedule.js';
import {
  DUE_SOON_DAYS,
  daysUntilDue,
  daysUntilPermanentDelete,
  isActive,
  normalizeCycle,
  type SubscriptionDue,
} from './subscription-rules.js';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The banner of a deleted card: 'Deleted (N days until permanent)' (SPEC §2), '1 day' in the singular. */
export function deletedBannerText(deletedAt: string | null | undefined, now: Date = new Date()): string {
  return `Deleted (${plural(daysUntilPermanentDelete(deletedAt, now), 'day', 'days')} until permanent)`;
}

/** The badge on an active card (SPEC §2 'Subscription card badges'). */
export type DueBadge =
  | { kind: 'pastDue'; days: number; text: 'Past Due' }
  | { kind: 'dueToday'; days: 0; text: 'Due today!' }
  | { kind: 'dueSoon'; days: number; text: string }
  | { kind: 'remaining'; days: number; text: string };

/**
 * The due badge of a card (SPEC §2): 'Past Due' before today, 'Due today!' on the day,
 * 'Due in N day(s)' within the 10-day window ('Due in 1 day', 'Due in 3 days'), else
 * 'N days remaining'. Null for canceled or deleted cards (they show their own banners) and for
 * an unreadable due date.
 */
export function dueBadge(sub: SubscriptionDue, today: string): DueBadge | null {
  const days = daysUntilDue(sub.dueDate, today);
  if (!isActive(sub) || Number.isNaN(days)) return null;
  if (days < 0) return { kind: 'pastDue', days, text: 'Past Due' };
  if (days === 0) return { kind: 'dueToday', days: 0, text: 'Due today!' };
  if (days <= DUE_SOON_DAYS) return { kind: 'dueSoon', days, text: `Due in ${plural(days, 'day', 'days')}` };
  return { kind: 'remaining', days, text: `${plural(days, 'day', 'days')} remaining` };
}

/**
 * The past-due card's explanation (SPEC §2). For monthly subscriptions it is SPEC's exact text;
 * other cycles name their own renewal step ('extend by 1 week', '3 months', '1 year').
 */
export function pastDueMessage(cycle: string = 'monthly', interval = 1): string {
  return `This date has already passed. Click Renew to extend by ${cycleStep(cycle, interval)}, or change the date if this is a mistake.`;
}

/**
 * The same, on a subscription someone else pays and shares with the user (issue 26): they have no
 * Renew or Edit, so it says who renews it.
 */
export function sharedPastDueMessage(payerName: string): string {
  return `This date has already passed. ${payerName} pays for this subscription, and the date moves on when they renew it.`;
}

type CycleUnit = 'week' | 'month' | 'year';

/**
 * One renewal's length as a count of the largest whole unit a user names it by (issue 35 §2.16,
 * docs/decisions/0112-cycle-words.md): a quarter is 3 months, so 2 quarters are 6 months; 12 months,
 * as 4 quarters or 12 months, are a year. Weeks stay weeks (52 weeks are not a year).
 */
function cycleSpan(cycle: string, interval: number): [count: number, unit: CycleUnit] {
  const [count, unit] = ({ weekly: [1, 'week'], monthly: [1, 'month'], quarterly: [3, 'month'], yearly: [1, 'year'] } as const)[
    normalizeCycle(cycle)
  ];
  const n = count * Math.max(1, Math.floor(interval) || 1);
  return unit === 'month' && n % 12 === 0 ? [n / 12, 'year'] : [n, unit];
}

/** One renewal's length in words: '1 week', '4 weeks', '1 month', '3 months', '6 months' (2 quarters), '1 year', '2 years'. */
export function cycleStep(cycle: string, interval = 1): string {
  const [count, unit] = cycleSpan(cycle, interval);
  return plural(count, unit, `${unit}s`);
}

/**
 * The amount label on a card: '/week', '/month', '/quarter', '/year' (SPEC §2 'labelled /month', DESIGN §5);
 * with an interval, '/4 weeks', '/2 months', '/6 months' (every 2 quarters), '/2 years', and '/year' for
 * 12 months or 4 quarters.
 */
export function cycleLabel(cycle: string, interval = 1): string {
  if (interval <= 1) return { weekly: '/week', monthly: '/month', quarterly: '/quarter', yearly: '/year' }[normalizeCycle(cycle)];
  const [count, unit] = cycleSpan(cycle, interval);
  return count === 1 ? `/${unit}` : `/${count} ${unit}s`;
}

/**
 * The cycle's display name: 'Weekly', 'Monthly', 'Quarterly', 'Yearly' (form select, reports); with an
 * interval 'Every 4 weeks', 'Every 6 months' (2 quarters), and 'Yearly' for 12 months or 4 quarters.
 */
export function cycleName(cycle: string, interval = 1): string {
  if (interval <= 1) return { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' }[normalizeCycle(cycle)];
  const [count, unit] = cycleSpan(cycle, interval);
  return count === 1 ? { week: 'Weekly', month: 'Monthly', year: 'Yearly' }[unit] : `Every ${count} ${unit}s`;
}

/**
 * How often in running text: 'every week', 'every month', 'every quarter', 'every year', 'every 2 weeks',
 * 'every 6 months' (2 quarters), 'every year' (4 quarters): the import preview's rows, the invitation mail.
 */
export function cycleEvery(cycle: string, interval = 1): string {
  if (interval <= 1 && normalizeCycle(cycle) === 'quarterly') return 'every quarter';
  const [count, unit] = cycleSpan(cycle, interval);
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-12' → '12 Dec', or '12 Dec 2026' with the year (issue 24 §3's short dates). */
function dayMonth(date: string, withYear: boolean): string {
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  const text = `${parts.day} ${MONTHS[parts.month - 1]}`;
  return withYear ? `${text} ${parts.year}` : text;
}

/** A near date: '12 Dec' in today's year, '5 Jan 2027' in another. */
function nearDate(date: string, today: string): string {
  return dayMonth(date, date.slice(0, 4) !== today.slice(0, 4));
}

/**
 * The trial badge of an active card (issue 24 §3): 'Trial ends in 3 days', 'Trial ends tomorrow',
 * 'Trial ends today'; null without a trial, once it has ended, or when the card is not active.
 */
export function trialBadgeText(sub: Pick<Subscription, 'status' | 'trialEndsAt'>, today: string): string | null {
  if (!isActive(sub) || !sub.trialEndsAt) return null;
  const days = daysUntilDue(sub.trialEndsAt, today);
  if (Number.isNaN(days) || days < 0) return null;
  if (days === 0) return 'Trial ends today';
  if (days === 1) return 'Trial ends tomorrow';
  return `Trial ends in ${days} days`;
}

/**
 * The notice-period badge (issue 24 §3): 'Cancel by 12 Dec' for the deadline that still matters on
 * `today` (the schedule's, billing.ts cancelByDate; issue 35 §2.5), urgent when the day is within
 * the due-soon window (SPEC §9: 0 to 10 days). Null without one, and once a date the user gave has passed.
 */
export function cancelByBadge(sub: ScheduledSubscription, today: string): { text: string; urgent: boolean } | null {
  const cancelBy = cancelByDate(sub, today);
  if (!cancelBy) return null;
  const days = daysUntilDue(cancelBy, today);
  if (Number.isNaN(days) || days < 0) return null;
  return { text: `Cancel by ${nearDate(cancelBy, today)}`, urgent: days <= DUE_SOON_DAYS };
}

/** The end-date badge (issue 24 §3): 'Ends 31 Mar 2027', 'Ended 31 Mar 2026' once past; null without one or in the trash. */
export function endsBadgeText(sub: Pick<Subscription, 'status' | 'endsAt'>, today: string): string | null {
  if (!sub.endsAt || sub.status === 'deleted' || !parseCalendarDate(sub.endsAt)) return null;
  return `${sub.endsAt < today ? 'Ended' : 'Ends'} ${dayMonth(sub.endsAt, true)}`;
}

/** The first price change after `today`, if one is scheduled (issue 24 §2). */
export function nextPriceChange(sub: BillingPrices, today: string): PriceChange | null {
  return priceHistoryOf(sub).find((change) => change.effectiveFrom > today) ?? null;
}

/** The scheduled price on a card (issue 24 §2): '$17.99 from 15 Dec', as billed; null when none is scheduled after today. */
export function nextPriceText(sub: BillingPrices, today: string): string | null {
  const change = nextPriceChange(sub, today);
  return change ? `${formatAmount(change.amount, change.currency)} from ${nearDate(change.effectiveFrom, today)}` : null;
}
