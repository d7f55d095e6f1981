/**
 * Money as it is billed (issue 24 §2, §3): renewal dates that keep their anchor day, the schedule of a
 * subscription's occurrences, the price in force at each one (price history, trials, end dates) and
 * the cancel-by date of a notice period. Pure: dates are YYYY-MM-DD, amounts in the subscription's own
 * currency; converting to another currency is shared/domain/currency.ts's job.
 */
import type { BillingCycle, PriceChange, Subscription } from '../api/subscription.js';
import { roundMoney } from './currency.js';
import { addDays, daysInMonth, formatCalendarDate, parseCalendarDate } from './dates.js';

/** Most renewals a schedule lists at once: 10 years of weekly renewals, so no loop can run away. */
const MAX_OCCURRENCES = 520;
/** The longest notice period, in days. */
export const MAX_NOTICE_DAYS = 365;
/** The largest `cycleInterval`: every 52 cycles. */
export const MAX_CYCLE_INTERVAL = 52;

/**
 * The most prices one subscription's history keeps (issue 34 §6): far beyond a price change a month for
 * 40 years, and small enough that the stored subscription stays far below DynamoDB's 400 KB item limit.
 * The edit route, the import's preview and its commit all refuse a history past it.
 */
export const MAX_PRICE_CHANGES = 500;

/** The refusal of a history past {@link MAX_PRICE_CHANGES}. */
export const tooManyPricesMessage = `A subscription keeps at most ${MAX_PRICE_CHANGES} prices. Correct the latest price instead of adding one.`;

/** The fields of a subscription's schedule. Missing ones read as a subscription from before issue 24 does. */
export type BillingSchedule = Pick<Subscription, 'dueDate' | 'billingCycle'> &
  Partial<Pick<Subscription, 'cycleInterval' | 'anchorDay' | 'trialEndsAt' | 'endsAt' | 'noticeDays' | 'cancelByDate' | 'status'>>;

/** The fields of a subscription's prices. */
export type BillingPrices = Pick<Subscription, 'amount'> & Partial<Pick<Subscription, 'currency' | 'priceHistory'>>;

/** What one occurrence costs, in the subscription's currency at that date. */
export interface Charge {
  date: string;
  amount: number;
  currency: string;
  /** True when it falls in the free trial (amount 0). */
  trial: boolean;
}

/** Calendar months in one billing cycle, or 0 for weekly. */
function monthsPerCycle(cycle: BillingCycle | string): number {
  switch (cycle) {
    case 'weekly':
      return 0;
    case 'quarterly':
      return 3;
    case 'yearly':
    case 'annual':
      return 12;
    default:
      return 1;
  }
}

/** A whole number from 1 to 52, 1 for anything else. */
export function intervalOf(sub: Pick<BillingSchedule, 'cycleInterval'>): number {
  const n = sub.cycleInterval;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_CYCLE_INTERVAL ? n : 1;
}

/** The anchor day of a schedule: its stored one, else the day of its due date (issue 24 §3: existing ones anchor on it). */
export function anchorDayOf(sub: Pick<BillingSchedule, 'dueDate' | 'anchorDay'>): number {
  const n = sub.anchorDay;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 31) return n;
  return parseCalendarDate(sub.dueDate)?.day ?? 1;
}

/**
 * `date` moved by `steps` renewals (negative moves back): weekly cycles by 7 × interval days, the others
 * by whole months with the day set to `anchorDay`, or the month's last day when it is shorter
 * (31 Jan → 28/29 Feb → 31 Mar); by none, `date` as it is. Throws RangeError on an invalid date.
 */
export function shiftRenewal(date: string, cycle: BillingCycle | string, interval: number, anchorDay: number, steps: number): string {
  const months = monthsPerCycle(cycle);
  if (months === 0) return addDays(date, 7 * interval * steps);
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`Invalid calendar date: ${String(date)}`);
  // No move is the date itself: a due date is a renewal also where a stored anchor day disagrees with it
  // (an edited import), and the renewals before and after it fall on the anchor day.
  if (steps === 0) return date;
  const index = parts.year * 12 + (parts.month - 1) + months * interval * steps;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return formatCalendarDate({ year, month, day: Math.min(anchorDay, daysInMonth(year, month)) });
}

/** The renewal after the subscription's due date, keeping its anchor day (what Renew moves the due date to). */
export function nextRenewal(sub: BillingSchedule): string {
  return shiftRenewal(sub.dueDate, sub.billingCycle, intervalOf(sub), anchorDayOf(sub), 1);
}

/**
 * The subscription's renewal dates from `from` to `to` (both included), oldest first: its due date
 * moved by whole renewals both ways, none after `endsAt`, none before `startsOn` when given. A canceled
 * subscription has none from its due date on; one in the trash has none.
 */
export function occurrences(sub: BillingSchedule, from: string, to: string, startsOn?: string): string[] {
  if (sub.status === 'deleted' || from > to) return [];
  const interval = intervalOf(sub);
  const anchor = anchorDayOf(sub);
  const last = [to, sub.endsAt ?? to].sort()[0] as string;
  const first = startsOn && startsOn > from ? startsOn : from;
  const dates: string[] = [];
  const upcoming = sub.status !== 'canceled';
  // Back from the due date, then forward from it: the anchor keeps every date exact.
  for (let k = -1; dates.length < MAX_OCCURRENCES; k--) {
    const d = shiftRenewal(sub.dueDate, sub.billingCycle, interval, anchor, k);
    if (d < first) break;
    if (d <= last) dates.push(d);
  }
  dates.reverse();
  if (upcoming) {
    for (let k = 0; dates.length < MAX_OCCURRENCES; k++) {
      const d = shiftRenewal(sub.dueDate, sub.billingCycle, interval, anchor, k);
      if (d > last) break;
      if (d >= first) dates.push(d);
    }
  }
  return dates;
}

/** The next `count` renewals from the due date on (fewer when it ends first); none unless active. */
export function upcomingRenewals(sub: BillingSchedule, count: number): string[] {
  if ((sub.status ?? 'active') !== 'active') return [];
  const dates: string[] = [];
  const interval = intervalOf(sub);
  const anchor = anchorDayOf(sub);
  for (let k = 0; k < Math.min(count, MAX_OCCURRENCES); k++) {
    const d = shiftRenewal(sub.dueDate, sub.billingCycle, interval, anchor, k);
    if (sub.endsAt && d > sub.endsAt) break;
    dates.push(d);
  }
  return dates;
}

/** The price history of a subscription, oldest first; one entry from `amount` / `currency` when it has none. */
export function priceHistoryOf(sub: BillingPrices & { createdAt?: string }): PriceChange[] {
  if (sub.priceHistory && sub.priceHistory.length > 0) return sub.priceHistory;
  return [
    { amount: Number(sub.amount) || 0, currency: sub.currency ?? 'USD', effectiveFrom: (sub.createdAt ?? '1900-01-01').slice(0, 10) },
  ];
}

/** The price in force on `date`: the latest change from that day or before, else the first price. */
export function priceAt(sub: BillingPrices, date: string): PriceChange {
  const history = priceHistoryOf(sub);
  let price = history[0] as PriceChange;
  for (const change of history) if (change.effectiveFrom <= date) price = change;
  return price;
}

/** What the occurrence on `date` costs: 0 in the free trial (before `trialEndsAt`), else the price in force. */
export function chargeOn(sub: BillingPrices & Pick<BillingSchedule, 'trialEndsAt'>, date: string): Charge {
  const price = priceAt(sub, date);
  const trial = Boolean(sub.trialEndsAt && date < sub.trialEndsAt);
  return { date, amount: trial ? 0 : roundMoney(price.amount), currency: price.currency, trial };
}

/** The charges of the occurrences from `from` to `to` (see {@link occurrences}). */
export function chargesBetween(sub: BillingSchedule & BillingPrices, from: string, to: string, startsOn?: string): Charge[] {
  return occurrences(sub, from, to, startsOn).map((date) => chargeOn(sub, date));
}

/** The charge of the next renewal (the due date): what the subscription costs now, per cycle. */
export function currentCharge(sub: BillingSchedule & BillingPrices): Charge {
  return chargeOn(sub, sub.dueDate);
}

/**
 * The cancel-by deadline that still matters on `today` (issue 35 §2.5), the one computation every screen,
 * feed, reminder and e-mail reads (docs/decisions/0120-cancel-by-dates.md):
 * - the user's own date (`cancelByDate`, e.g. Wallos's 'Cancellation Date') as they gave it, also once
 *   past: a date the user typed is never moved;
 * - else, with a notice period, renewal − notice days for the first renewal from the due date on (none
 *   after `endsAt`, none free in the trial) whose deadline is `today` or later: once the deadline before
 *   the due date has passed, the one before the renewal after it is the one that matters.
 * Null for a subscription that is not active, without either, or with no such renewal.
 */
export function cancelByDate(sub: BillingSchedule, today: string): string | null {
  if ((sub.status ?? 'active') !== 'active') return null;
  if (sub.cancelByDate && parseCalendarDate(sub.cancelByDate)) return sub.cancelByDate;
  const notice = sub.noticeDays;
  if (typeof notice !== 'number' || !Number.isInteger(notice) || notice < 0) return null;
  if (!parseCalendarDate(sub.dueDate)) return null;
  const interval = intervalOf(sub);
  const anchor = anchorDayOf(sub);
  for (let k = 0; k < MAX_OCCURRENCES; k++) {
    const renewal = shiftRenewal(sub.dueDate, sub.billingCycle, interval, anchor, k);
    if (sub.endsAt && renewal > sub.endsAt) return null;
    if (sub.trialEndsAt && renewal < sub.trialEndsAt) continue;
    const deadline = addDays(renewal, -notice);
    if (deadline >= today) return deadline;
  }
  return null;
}

/**
 * The renewal a cancel-by deadline is for: deadline + notice days for one from the notice period, else
 * (the user's own date) the first renewal on or after it from the due date on; the due date when none is.
 */
export function renewalAfterCancelBy(sub: BillingSchedule, cancelBy: string): string {
  if (!sub.cancelByDate && typeof sub.noticeDays === 'number' && sub.noticeDays >= 0) return addDays(cancelBy, sub.noticeDays);
  return upcomingRenewals({ ...sub, status: 'active' }, MAX_OCCURRENCES).find((date) => date >= cancelBy) ?? sub.dueDate;
}

/** True while a free trial runs: `trialEndsAt` is after `today`. */
export function isInTrial(sub: Pick<BillingSchedule, 'trialEndsAt'>, today: string): boolean {
  return Boolean(sub.trialEndsAt && sub.trialEndsAt > today);
}

/**
 * The price history after an edit (issue 24 §2). With `effectiveFrom`, a price change: the new price from
 * that day on, replacing any change on or after it. Without, a correction: the latest price becomes the
 * new one (the same dates, a different amount or currency).
 */
export function applyPriceEdit(
  history: readonly PriceChange[],
  price: { amount: number; currency: string },
  effectiveFrom?: string,
): PriceChange[] {
  if (effectiveFrom === undefined) {
    const kept = history.slice(0, -1);
    const latest = history.at(-1);
    return [...kept, { amount: price.amount, currency: price.currency, effectiveFrom: latest?.effectiveFrom ?? '1900-01-01' }];
  }
  const before = history.filter((change) => change.effectiveFrom < effectiveFrom);
  const latest = before.at(-1);
  // A 'change' to the price already in force adds nothing.
  if (latest && latest.amount === price.amount && latest.currency === price.currency) return before;
  return [...before, { amount: price.amount, currency: price.currency, effectiveFrom }];
}
