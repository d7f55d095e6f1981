/**
 * The dashboard's list of subscriptions (SPEC §2 'Dashboard', §3 'Filters' and 'Sort keys', §5,
 * §9 'Lists'): filters and search, sorting, paging and the empty state.
 */
import type { Subscription, SubscriptionStatus } from '../api/subscription.js';
import { type Category, categoryKey, categoryLabel } from './categories.js';
import { parseCalendarDate } from './dates.js';
import { amountOf, monthlyAmount } from './subscription-costs.js';
import { daysUntilDue, isDueSoon } from './subscription-rules.js';
import { compareText } from './text.js';

/** SPEC §9 'Paging: 8 subscriptions per page'. */
export const PAGE_SIZE = 8;

/** SPEC §9 'Status filter: all, active, canceled, deleted'. */
export const STATUS_FILTERS = ['all', 'active', 'canceled', 'deleted'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SubscriptionFilters {
  /** Text matched in name or description, case-insensitively (SPEC §5). */
  search?: string;
  /** 'all' (or empty) or a category value (SPEC §3 'Filters'). */
  category?: string;
  /** Only active subscriptions due in 0 to 10 days (SPEC §5). */
  dueSoon?: boolean;
  /** Only active subscriptions in a free trial (issue 24 §3; see {@link isTrialing}). */
  trials?: boolean;
  /** Only active subscriptions that end or must be canceled within 30 days (issue 24 §3; see {@link isEndingSoon}). */
  endingSoon?: boolean;
  status?: StatusFilter | string;
}

/** The 'Ending soon' window: an end date or a cancel-by day from today to 30 days ahead. */
export const ENDING_SOON_DAYS = 30;

/**
 * In a free trial (issue 24 §3, the 'Trials' filter): active, with a trial that ends today or later, so
 * the filter lists exactly the cards that show a 'Trial ends …' badge.
 */
export function isTrialing(sub: Pick<Subscription, 'status'> & Partial<Pick<Subscription, 'trialEndsAt'>>, today: string): boolean {
  return sub.status === 'active' && Boolean(sub.trialEndsAt) && daysUntilDue(sub.trialEndsAt as string, today) >= 0;
}

/**
 * Ending soon (issue 24 §3, the 'Ending soon' filter; docs/decisions 'Ending soon'): active, and its end
 * date or its cancel-by day (the last day to give notice before the next renewal) falls from today to
 * {@link ENDING_SOON_DAYS} days ahead: the subscriptions that stop, or need a decision, within a month.
 */
export function isEndingSoon(
  sub: Pick<Subscription, 'status'> & Partial<Pick<Subscription, 'endsAt' | 'cancelBy'>>,
  today: string,
): boolean {
  if (sub.status !== 'active') return false;
  const within = (date: string | null | undefined) => {
    if (!date) return false;
    const days = daysUntilDue(date, today);
    return days >= 0 && days <= ENDING_SOON_DAYS;
  };
  return within(sub.endsAt) || within(sub.cancelBy);
}

export const DEFAULT_FILTERS: Required<SubscriptionFilters> = {
  search: '',
  category: 'all',
  dueSoon: false,
  trials: false,
  endingSoon: false,
  status: 'all',
};

/** True when the trimmed `search` is empty or occurs in the name or description, ignoring case (SPEC §5). */
export function matchesSearch(sub: Pick<Subscription, 'name' | 'description'>, search: string | undefined): boolean {
  const needle = (search ?? '').trim().toLowerCase();
  if (!needle) return true;
  return (sub.name ?? '').toLowerCase().includes(needle) || (sub.description ?? '').toLowerCase().includes(needle);
}

/** True when `status` passes the status filter. 'all' means active and canceled: see {@link filterSubscriptions}. */
export function matchesStatus(status: SubscriptionStatus | string, filter: string | undefined): boolean {
  if (filter === 'active' || filter === 'canceled' || filter === 'deleted') return status === filter;
  return status !== 'deleted';
}

/**
 * The dashboard's list after filters (SPEC §3 'Filters', §5, §9 'Lists'): search in name or
 * description, category ('all' or a value, compared canonically), the due-soon, trials and
 * ending-soon flags (issue 24 §3) and status.
 *
 * Reading of the status filter: the trash is separate. 'all' shows active and canceled
 * subscriptions; deleted ones appear only under 'deleted', like a mail client's trash, so
 * soft-deleted items never clutter the everyday list. An unknown status value reads as 'all'.
 */
export function filterSubscriptions<
  T extends Pick<Subscription, 'name' | 'description' | 'category' | 'status' | 'dueDate'> &
    Partial<Pick<Subscription, 'trialEndsAt' | 'endsAt' | 'cancelBy'>>,
>(subs: readonly T[], filters: SubscriptionFilters, today: string): T[] {
  const category = (filters.category ?? '').trim();
  const wantCategory = category && category.toLowerCase() !== 'all' ? categoryKey(category) : null;
  return subs.filter(
    (s) =>
      matchesStatus(s.status, filters.status) &&
      (wantCategory === null || categoryKey(s.category) === wantCategory) &&
      (!filters.dueSoon || isDueSoon(s, today)) &&
      (!filters.trials || isTrialing(s, today)) &&
      (!filters.endingSoon || isEndingSoon(s, today)) &&
      matchesSearch(s, filters.search),
  );
}

/** SPEC §3 'Sort keys: dueDate (default), name, amount (descending), category'. */
export const SORT_KEYS = ['dueDate', 'name', 'amount', 'category'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const DEFAULT_SORT: SortKey = 'dueDate';

/**
 * A sorted copy (SPEC §3 'Sort keys'): dueDate ascending (the default; active subscriptions first by
 * their next due date, past-due ones on top, then the canceled and other non-active ones, whose
 * due date no longer renews anything, by their last due date; unreadable dates last within each
 * group; issue 35 §2.12), name A–Z ignoring case, amount descending, category A–Z by its label; ties by name A–Z, then
 * the input order. Amount sorts by the monthly-normalised cost, so '$120/year' ranks as $10 a
 * month and the most expensive subscription really comes first; equal costs then by the
 * per-cycle amount. An unknown key sorts by dueDate.
 */
export function sortSubscriptions<
  T extends Pick<Subscription, 'name' | 'amount' | 'category' | 'dueDate' | 'billingCycle'> & Partial<Pick<Subscription, 'status'>>,
>(subs: readonly T[], key: SortKey | string = DEFAULT_SORT, custom: readonly Category[] = []): T[] {
  const byName = (a: T, b: T) => compareText(a.name, b.name);
  const dueKey = (s: T) => (parseCalendarDate(s.dueDate) ? s.dueDate : '\uffff');
  // Active (or of unknown status, as a bare row) first: only they have a next renewal to be due.
  const dueGroup = (s: T) => (s.status === undefined || s.status === 'active' ? 0 : 1);
  let compare: (a: T, b: T) => number;
  switch (key) {
    case 'name':
      compare = byName;
      break;
    case 'amount':
      compare = (a, b) => monthlyAmount(b) - monthlyAmount(a) || amountOf(b) - amountOf(a) || byName(a, b);
      break;
    case 'category': {
      const labels = new Map<string, string>();
      const label = (s: T) => {
        let l = labels.get(s.category);
        if (l === undefined) {
          l = categoryLabel(s.category, custom);
          labels.set(s.category, l);
        }
        return l;
      };
      compare = (a, b) => compareText(label(a), label(b)) || byName(a, b);
      break;
    }
    default:
      compare = (a, b) => {
        const active = dueGroup(a) - dueGroup(b);
        if (active !== 0) return active;
        const da = dueKey(a);
        const db = dueKey(b);
        return (da < db ? -1 : da > db ? 1 : 0) || byName(a, b);
      };
  }
  return [...subs].sort(compare);
}

/** Pages needed for `count` items, at least 1 (SPEC §2 'Page X of Y'). */
export function totalPages(count: number, size: number = PAGE_SIZE): number {
  const perPage = Math.max(1, Math.floor(size) || PAGE_SIZE);
  return Math.max(1, Math.ceil(Math.max(0, count) / perPage));
}

function clampPage(page: number, pages: number): number {
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, p), pages);
}

export interface Page<T> {
  items: T[];
  /** The page shown, 1-based, clamped into 1..totalPages. */
  page: number;
  totalPages: number;
  totalItems: number;
}

/** One page of `items`, 8 per page by default (SPEC §9); the page is clamped into range. */
export function paginate<T>(items: readonly T[], page: number, size: number = PAGE_SIZE): Page<T> {
  const perPage = Math.max(1, Math.floor(size) || PAGE_SIZE);
  const pages = totalPages(items.length, perPage);
  const current = clampPage(page, pages);
  const start = (current - 1) * perPage;
  return { items: items.slice(start, start + perPage), page: current, totalPages: pages, totalItems: items.length };
}

/**
 * The page to show after a delete (SPEC §4 'After deleting the last item on a page beyond page 1
 * the view goes back one page'): the current page while it still has items, else the last page
 * that does; never below 1. `totalAfterDelete` counts the list as filtered after the delete.
 */
export function pageAfterDelete(page: number, totalAfterDelete: number, size: number = PAGE_SIZE): number {
  return clampPage(page, totalPages(totalAfterDelete, size));
}

/** Empty-state texts of the list (SPEC §2 'Empty state'). */
export function emptyStateText(ownedCount: number): { title: string; hint: string } {
  return {
    title: 'No subscriptions found',
    hint: ownedCount === 0 ? 'Get started by adding your first subscription!' : 'Try adjusting your filters',
  };
}
