/**
 * The words shown for a subscription (SPEC §2 'Subscription card badges', DESIGN §5): the due
 * badge, the past-due explanation, the deleted banner, and the billing cycle's label and name.
 */
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

/** One renewal's length in words: '1 week', '4 weeks', '1 month', '3 months', '2 years'. */
export function cycleStep(cycle: string, interval = 1): string {
  const [count, unit] = { weekly: [1, 'week'], monthly: [1, 'month'], quarterly: [3, 'month'], yearly: [1, 'year'] }[
    normalizeCycle(cycle)
  ] as [number, string];
  return plural(count * Math.max(1, interval), unit, `${unit}s`);
}

/**
 * The amount label on a card: '/week', '/month', '/quarter', '/year' (SPEC §2 'labelled /month', DESIGN §5);
 * with an interval, '/4 weeks', '/2 months', '/6 months', '/2 years'.
 */
export function cycleLabel(cycle: string, interval = 1): string {
  if (interval > 1) return `/${cycleStep(cycle, interval)}`;
  return { weekly: '/week', monthly: '/month', quarterly: '/quarter', yearly: '/year' }[normalizeCycle(cycle)];
}

/** The cycle's display name: 'Weekly', 'Monthly', 'Quarterly', 'Yearly' (form select, reports); 'Every 4 weeks' with an interval. */
export function cycleName(cycle: string, interval = 1): string {
  if (interval > 1) return `Every ${cycleStep(cycle, interval)}`;
  return { weekly: 'Weekly', monthly: 'Monthly', quarterly: 'Quarterly', yearly: 'Yearly' }[normalizeCycle(cycle)];
}
