/**
 * The rules of a subscription's life (SPEC §4 'Subscription', §5 'Search and date rules', §9;
 * DESIGN §5 billingCycle): active or not, due soon, overdue, renewable and the renewed due date,
 * the 30-day trash, and which actions each status allows. Pure: no AWS, no DOM, no clock unless
 * one is passed in. Dates are YYYY-MM-DD.
 */
import type { BillingCycle, Subscription, SubscriptionStatus } from '../api/subscription.js';
import { daysBetween, parseCalendarDate } from './dates.js';

/** SPEC §9 'Due-soon window: 0 to 10 days'. */
export const DUE_SOON_DAYS = 10;
/** SPEC §9 'Trash recovery window and permanent-delete grace period: 30 days'. */
export const TRASH_DAYS = 30;

const MS_PER_DAY = 86_400_000;

/** The fields the due-date rules read. */
export type SubscriptionDue = Pick<Subscription, 'status' | 'dueDate'>;

/** True for status 'active' (SPEC §4). */
export function isActive(sub: Pick<Subscription, 'status'>): boolean {
  return sub.status === 'active';
}

/**
 * Whole calendar days from `today` to `dueDate`: 0 when due today, negative when past
 * (SPEC §5 'whole days from today'). NaN when either is not a YYYY-MM-DD date, which makes
 * every due-date predicate below false rather than throwing on one bad record.
 */
export function daysUntilDue(dueDate: string, today: string): number {
  if (!parseCalendarDate(dueDate) || !parseCalendarDate(today)) return Number.NaN;
  return daysBetween(today, dueDate);
}

/** Due soon: active and due 0 to 10 whole days from today (SPEC §5 'Search and date rules', §9). */
export function isDueSoon(sub: SubscriptionDue, today: string): boolean {
  const days = daysUntilDue(sub.dueDate, today);
  return isActive(sub) && days >= 0 && days <= DUE_SOON_DAYS;
}

/** Overdue: active and due fewer than 0 days from today (SPEC §5). */
export function isOverdue(sub: SubscriptionDue, today: string): boolean {
  return isActive(sub) && daysUntilDue(sub.dueDate, today) < 0;
}

/** Renew is offered for an active subscription due today or in the past (SPEC §4). */
export function isRenewable(sub: SubscriptionDue, today: string): boolean {
  return isActive(sub) && daysUntilDue(sub.dueDate, today) <= 0;
}

/** The canonical cycle of a stored or sent value: 'annual' is yearly, anything unknown monthly (DESIGN §5). */
export function normalizeCycle(cycle: string | null | undefined): BillingCycle {
  if (cycle === 'weekly' || cycle === 'monthly' || cycle === 'quarterly' || cycle === 'yearly') return cycle;
  if (cycle === 'annual') return 'yearly';
  return 'monthly';
}

/** When a soft-deleted subscription is purged: deletedAt + 30 days (SPEC §9), or null without a valid deletedAt. */
export function permanentDeleteAt(deletedAt: string | null | undefined): Date | null {
  const ms = deletedAt ? Date.parse(deletedAt) : Number.NaN;
  return Number.isNaN(ms) ? null : new Date(ms + TRASH_DAYS * MS_PER_DAY);
}

/** Whole 24-hour days elapsed since `deletedAt` (never negative), or null without a valid deletedAt. */
function daysSinceDeletion(deletedAt: string | null | undefined, now: Date): number | null {
  const ms = deletedAt ? Date.parse(deletedAt) : Number.NaN;
  if (Number.isNaN(ms)) return null;
  return Math.floor(Math.max(0, now.getTime() - ms) / MS_PER_DAY);
}

/**
 * Days until a trashed subscription is removed for good: 30 minus whole days since deletion,
 * floored at 0 (SPEC §4 'Deleted (trash)'). Without a valid deletedAt, the full 30.
 */
export function daysUntilPermanentDelete(deletedAt: string | null | undefined, now: Date = new Date()): number {
  const since = daysSinceDeletion(deletedAt, now);
  return since === null ? TRASH_DAYS : Math.max(0, TRASH_DAYS - since);
}

/** True once 30 or more days have passed since deletion (SPEC §4, §9): no longer recoverable. */
export function isPurged(deletedAt: string | null | undefined, now: Date = new Date()): boolean {
  const since = daysSinceDeletion(deletedAt, now);
  return since !== null && since >= TRASH_DAYS;
}

/** What can be done to a subscription (SPEC §4), named after its API route. */
export type SubscriptionAction = 'edit' | 'delete' | 'cancel' | 'renew' | 'reactivate' | 'recover' | 'deleteForever';

const ACTIONS_BY_STATUS: Record<SubscriptionStatus, readonly SubscriptionAction[]> = {
  active: ['edit', 'delete', 'cancel', 'renew'],
  canceled: ['edit', 'delete', 'reactivate'],
  deleted: ['recover', 'deleteForever'],
};

/**
 * Whether `action` is allowed in `status` (SPEC §4): active → edit, soft delete, cancel, renew;
 * canceled → reactivate (and edit or soft delete, like any card that is not in the trash);
 * deleted → recover or delete forever only ('no edit or delete buttons'). Status-only, for the
 * API's 409: it ignores the due date (see {@link isRenewable}) and the 30-day window (see {@link isPurged}).
 */
export function canPerform(status: SubscriptionStatus | string, action: SubscriptionAction): boolean {
  return (ACTIONS_BY_STATUS[status as SubscriptionStatus] ?? []).includes(action);
}

/**
 * The actions a card offers (SPEC §2, §4): {@link canPerform}, with Renew only when due today or
 * past and Recover only while the 30 days have not run out.
 */
export function availableActions(
  sub: SubscriptionDue & Pick<Subscription, 'deletedAt'>,
  today: string,
  now: Date = new Date(),
): SubscriptionAction[] {
  return (ACTIONS_BY_STATUS[sub.status] ?? []).filter((action) => {
    if (action === 'renew') return isRenewable(sub, today);
    if (action === 'recover') return !isPurged(sub.deletedAt, now);
    return true;
  });
}
