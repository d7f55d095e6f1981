/**
 * The figures of the /insights page and of Premium's budgets (issue 24 §5), as pure functions of the
 * subscriptions, a day and a rate table. Every amount is what the subscriptions are billed
 * (shared/domain/billing.ts: the price in force at each occurrence, 0 in a free trial, nothing after
 * an end date or a cancellation) converted to one currency (shared/domain/currency.ts).
 *
 * A renewal recorded paid counts the amount charged and one recorded skipped counts nothing, in every
 * month (issue 35 §1, docs/decisions/0128-months-read-payments.md), as lifetime spend counts them. A
 * renewal with no record before today is estimated at its price from the day the subscription was
 * first tracked (its first price, or its creation), since the product records what was billed, not
 * what the bank took.
 */
import type { Payment } from '../api/payments.js';
import type { PriceChange, Subscription } from '../api/subscription.js';
import { type BillingPrices, type BillingSchedule, chargeOn, chargesBetween, priceAt, priceHistoryOf } from './billing.js';
import { categoryKey, categoryLabel } from './categories.js';
import { convert, FIXED_RATES, formatAmount, type RateTable, roundMoney } from './currency.js';
import { addDays, daysBetween, daysInMonth, formatDateShort, parseCalendarDate } from './dates.js';
import { lifetimeSpend as lifetimeSpendOf, trackedSince } from './payments.js';
import { type Amount, type RenewalEvent, scheduledRenewals } from './schedule.js';
import { userShareOf } from './sharing/share-totals.js';

/** What the figures read of a subscription. */
export type InsightSubscription = Pick<Subscription, 'id' | 'name' | 'category' | 'createdAt'> & BillingSchedule & BillingPrices;

/** The currency and rates every amount of a figure is given in. */
export interface InCurrency {
  currency: string;
  rates?: RateTable;
}

/** YYYY-MM of a YYYY-MM-DD date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The YYYY-MM `offset` months from `month` (negative goes back). */
export function shiftMonth(month: string, offset: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + offset;
  const y = Math.floor(index / 12);
  return `${String(y).padStart(4, '0')}-${String(index - y * 12 + 1).padStart(2, '0')}`;
}

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { first: `${month}-01`, last: `${month}-${String(daysInMonth(year, m)).padStart(2, '0')}` };
}

/** 'Nov 2026' (short) or 'November 2026' (long), in UTC so every reader names the same month. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: style, year: 'numeric', timeZone: 'UTC' });
}

/** Each subscription's recorded payments (GET /api/payments, payments.ts `paymentsBySubscription`), by subscription id. */
export type PaymentsBySubscription = Readonly<Record<string, readonly Pick<Payment, 'dueDate' | 'status' | 'amount' | 'currency'>[]>>;

/**
 * What one renewal of the schedule cost, as the month figures count it (issue 35 §1; decision 0128): a renewal
 * recorded skipped nothing, one recorded paid the amount charged (its `charged`, as lifetime spend counts it),
 * one with no record its price in force, none before `startsOn`. A subscription counted at the user's share
 * (share-totals.ts) keeps its price, the share, when paid: the amount charged is the whole bill, its split is not recorded.
 */
function renewalSpend(sub: InsightSubscription, renewal: RenewalEvent, startsOn: string | null): Amount | null {
  if (renewal.payment === 'skipped') return null;
  if (renewal.payment === 'paid') return userShareOf(sub) === null ? (renewal.charged ?? renewal.price) : renewal.price;
  return startsOn && renewal.date < startsOn ? null : renewal.price;
}

/**
 * What the subscription's renewals from `from` to `to` cost (schedule.ts, with its recorded `payments`: see
 * renewalSpend), each converted: amounts in `to.currency`. A renewal with no record counts from `startsOn`
 * (by default the day it was first tracked; null: the whole schedule); a recorded one counts whenever it falls.
 */
function spendBetween(
  sub: InsightSubscription,
  from: string,
  to: string,
  { currency, rates = FIXED_RATES }: InCurrency,
  startsOn: string | null = trackedSince(sub),
  payments: PaymentsBySubscription[string] = [],
): number {
  // The schedule's renewals (issue 35 §1), each at the price in force on its date or as recorded.
  return scheduledRenewals(sub, { from, to, payments }).reduce((sum, renewal) => {
    const spent = renewalSpend(sub, renewal, startsOn);
    return spent ? sum + convert(spent.amount, spent.currency, currency, rates) : sum;
  }, 0);
}

/** What one month costs: the total and each category's part (keyed by categoryKey), rounded to cents. */
export interface MonthSpend {
  month: string;
  total: number;
  byCategory: Record<string, number>;
  /** 'past' months are over, 'current' holds today, 'future' months are projected. */
  when: 'past' | 'current' | 'future';
}

/**
 * The spend of one YYYY-MM month: every occurrence in it, those before today and those to come
 * (issue 35 §2.3). This month and the months ahead are projections of the whole calendar month: the
 * renewals the schedule already charged this month count even when they fall before the day the
 * subscription was first tracked (one added on 28 November that renewed on 5 November cost that
 * month its price). Months over are estimated from the day each subscription was first tracked.
 * `payments` (by subscription id) are what was recorded: a renewal marked skipped counts nothing and one
 * marked paid the amount charged, in any month (decision 0128; see renewalSpend).
 * The chart of /insights, the budgets, the dashboard's warning and the budget e-mail all read it.
 */
export function monthSpend(
  subs: readonly InsightSubscription[],
  month: string,
  today: string,
  money: InCurrency,
  payments: PaymentsBySubscription = {},
): MonthSpend {
  const { first, last } = monthBounds(month);
  const projected = month >= monthOf(today);
  const byCategory: Record<string, number> = {};
  let total = 0;
  for (const sub of subs) {
    const amount = spendBetween(sub, first, last, money, projected ? null : trackedSince(sub), payments[sub.id]);
    if (amount === 0) continue;
    const key = categoryKey(sub.category);
    byCategory[key] = (byCategory[key] ?? 0) + amount;
    total += amount;
  }
  for (const key of Object.keys(byCategory)) byCategory[key] = roundMoney(byCategory[key] as number);
  const current = monthOf(today);
  return { month, total: roundMoney(total), byCategory, when: month < current ? 'past' : month === current ? 'current' : 'future' };
}

/**
 * Spend per month (issue 24 §5): the 12 months up to and including today's, then the next 12,
 * oldest first.
 */
export function spendByMonth(
  subs: readonly InsightSubscription[],
  today: string,
  money: InCurrency,
  payments: PaymentsBySubscription = {},
  span = 12,
): MonthSpend[] {
  const current = monthOf(today);
  return Array.from({ length: 2 * span }, (_, i) => monthSpend(subs, shiftMonth(current, i - span + 1), today, money, payments));
}

/** The categories of a run of months, largest total first (for the stacked chart's order and legend). */
export function categoriesBySpend(months: readonly MonthSpend[]): string[] {
  const totals = new Map<string, number>();
  for (const month of months)
    for (const [key, amount] of Object.entries(month.byCategory)) totals.set(key, (totals.get(key) ?? 0) + amount);
  return [...totals].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([key]) => key);
}

/** One change of a price: the price before and the one from `date` on. */
export interface PriceChangeEvent {
  subscriptionId: string;
  name: string;
  category: string;
  date: string;
  from: PriceChange;
  to: PriceChange;
  /** The change in percent, both prices compared in `to`'s currency (rounded to one decimal). */
  percent: number;
}

/** Every price change of the subscriptions (not in the trash), newest first: the timeline of issue 24 §5. */
export function priceChanges(subs: readonly InsightSubscription[], rates: RateTable = FIXED_RATES): PriceChangeEvent[] {
  const events: PriceChangeEvent[] = [];
  for (const sub of subs) {
    if (sub.status === 'deleted') continue;
    const history = priceHistoryOf(sub);
    for (let i = 1; i < history.length; i++) {
      const from = history[i - 1] as PriceChange;
      const to = history[i] as PriceChange;
      const before = convert(from.amount, from.currency, to.currency, rates);
      const percent = before > 0 ? Math.round(((to.amount - before) / before) * 1000) / 10 : 0;
      events.push({ subscriptionId: sub.id, name: sub.name, category: sub.category, date: to.effectiveFrom, from, to, percent });
    }
  }
  return events.sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name));
}

/** What a subscription has cost since it was first tracked, to today. */
export interface LifetimeSpend {
  subscriptionId: string;
  name: string;
  category: string;
  since: string;
  total: number;
}

/**
 * The payments as the money views count them (see renewalSpend): for a subscription counted at the user's share,
 * a renewal recorded paid counts its price, the share, as the months count it (the amount charged is the whole
 * bill, and its split is not recorded); other payments as recorded.
 */
function countedPayments(sub: InsightSubscription, payments: PaymentsBySubscription[string]): PaymentsBySubscription[string] {
  if (userShareOf(sub) === null) return payments;
  return payments.map((payment) => {
    if (payment.status !== 'paid') return payment;
    const { amount, currency } = chargeOn(sub, payment.dueDate);
    return { ...payment, amount, currency };
  });
}

/**
 * Lifetime spend per subscription (not in the trash), largest first; those that cost nothing yet are
 * listed last. Each total is payments.ts `lifetimeSpend` of the subscription's payments (`payments`, by
 * subscription id; none for a subscription someone else pays): what its details dialog says, and what the
 * months since it was tracked add up to (a shared one counts the share of a paid renewal, as the months do).
 */
export function lifetimeSpend(
  subs: readonly InsightSubscription[],
  today: string,
  { currency, rates = FIXED_RATES }: InCurrency,
  payments: PaymentsBySubscription = {},
): LifetimeSpend[] {
  return subs
    .filter((sub) => sub.status !== 'deleted')
    .map((sub) => ({
      subscriptionId: sub.id,
      name: sub.name,
      category: sub.category,
      since: trackedSince(sub),
      total: lifetimeSpendOf(sub, countedPayments(sub, payments[sub.id] ?? []), today, currency, rates).amount,
    }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

// ---------------------------------------------------------------------------------------------
// Smart insights: rules, no model (issue 24 §5; docs/decisions/*-smart-insights.md).

/** Words that name a plan rather than a service: 'Netflix Premium' and 'Netflix' are one service. */
const PLAN_WORDS = new Set([
  'basic',
  'standard',
  'premium',
  'plus',
  'pro',
  'family',
  'duo',
  'individual',
  'student',
  'personal',
  'monthly',
  'yearly',
  'annual',
  'subscription',
  'plan',
  'membership',
]);

/**
 * The service a subscription's name names: lower case, accents and punctuation dropped, plan words
 * left out ('Netflix Premium (4K)' → 'netflix 4k'; 'Disney+' → 'disney'). Empty names stay empty.
 */
export function serviceName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((word) => !PLAN_WORDS.has(word));
  return (kept.length > 0 ? kept : words).join(' ');
}

/** Days before a trial's end that 'Smart insights' warns of it. */
export const TRIAL_WARNING_DAYS = 7;
/** Price rises within this many days (or still to come) are shown. */
export const PRICE_RISE_RECENT_DAYS = 365;
/**
 * What a yearly plan typically saves against paying month by month: most services price a year at
 * about 10 monthly payments (two months free), a discount of about 16%.
 */
export const TYPICAL_YEARLY_DISCOUNT = 0.16;
/** At most this many yearly-plan suggestions, the largest savings first: a list of every monthly plan would drown the rest. */
export const MAX_YEARLY_SUGGESTIONS = 3;
/** A monthly subscription is suggested a yearly plan once it has been kept this many months. */
export const YEARLY_AFTER_MONTHS = 6;

export type SmartInsightKind = 'duplicate' | 'priceRise' | 'trialEnding' | 'yearlyCheaper';

export interface SmartInsight {
  kind: SmartInsightKind;
  subscriptionIds: string[];
  title: string;
  detail: string;
}

const isActive = (sub: InsightSubscription) => (sub.status ?? 'active') === 'active';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The price per month at the next renewal (the due date), in `money.currency` (weekly: 52/12 renewals; quarterly: ÷3; yearly: ÷12). */
function monthlyPrice(sub: InsightSubscription, money: InCurrency): number {
  const price = priceAt(sub, sub.dueDate);
  const perCycle = convert(price.amount, price.currency, money.currency, money.rates ?? FIXED_RATES);
  const interval = sub.cycleInterval && sub.cycleInterval > 0 ? sub.cycleInterval : 1;
  const perYear = { weekly: 52, monthly: 12, quarterly: 4, yearly: 1 }[sub.billingCycle] ?? 12;
  return (perCycle * perYear) / interval / 12;
}

/** Active subscriptions of one service (serviceName), two or more: each group once. */
function duplicateInsights(subs: readonly InsightSubscription[], money: InCurrency): SmartInsight[] {
  const groups = new Map<string, InsightSubscription[]>();
  for (const sub of subs.filter(isActive)) {
    const service = serviceName(sub.name);
    if (!service) continue;
    groups.set(service, [...(groups.get(service) ?? []), sub]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((unsorted) => {
      const group = [...unsorted].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      const names = group.map((sub) => sub.name);
      const perMonth = group.reduce((sum, sub) => sum + monthlyPrice(sub, money), 0);
      return {
        kind: 'duplicate' as const,
        subscriptionIds: group.map((sub) => sub.id),
        title: `${plural(group.length, 'subscription')} to one service`,
        detail: `${names.slice(0, -1).join(', ')} and ${names.at(-1)} look like the same service; together they cost ${formatAmount(perMonth, money.currency)} a month. Is one of them left over?`,
      };
    });
}

/** An active subscription whose latest price change is a rise, within PRICE_RISE_RECENT_DAYS or still to come. */
function priceRiseInsights(subs: readonly InsightSubscription[], today: string, rates: RateTable): SmartInsight[] {
  const insights: SmartInsight[] = [];
  for (const sub of subs.filter(isActive)) {
    const latest = priceChanges([sub], rates)[0];
    if (!latest || latest.percent <= 0 || daysBetween(latest.date, today) > PRICE_RISE_RECENT_DAYS) continue;
    const from = formatAmount(latest.from.amount, latest.from.currency);
    const to = formatAmount(latest.to.amount, latest.to.currency);
    const when = latest.date > today ? 'goes up' : 'went up';
    insights.push({
      kind: 'priceRise',
      subscriptionIds: [sub.id],
      title: `${sub.name} ${when} ${latest.percent}%`,
      detail: `From ${from} to ${to} on ${formatDateShort(latest.date)}. Worth checking whether a cheaper plan would do.`,
    });
  }
  return insights;
}

/** An active subscription whose free trial ends within TRIAL_WARNING_DAYS (and has not ended). */
function trialInsights(subs: readonly InsightSubscription[], today: string): SmartInsight[] {
  const insights: SmartInsight[] = [];
  for (const sub of subs.filter(isActive)) {
    if (!sub.trialEndsAt || sub.trialEndsAt < today) continue;
    const days = daysBetween(today, sub.trialEndsAt);
    if (days > TRIAL_WARNING_DAYS) continue;
    const first = chargesBetween(sub, sub.trialEndsAt, addDays(sub.trialEndsAt, 400)).find((charge) => charge.amount > 0);
    const price = first ? ` Then it costs ${formatAmount(first.amount, first.currency)} on ${formatDateShort(first.date)}.` : '';
    insights.push({
      kind: 'trialEnding',
      subscriptionIds: [sub.id],
      title: days === 0 ? `${sub.name}'s trial ends today` : `${sub.name}'s trial ends in ${plural(days, 'day')}`,
      detail: `Cancel before ${formatDateShort(sub.trialEndsAt)} if you do not want to keep it.${price}`,
    });
  }
  return insights;
}

/** Whole months from `from` to `to` (dates), rounded down. */
function monthsBetween(from: string, to: string): number {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  if (!a || !b) return 0;
  return (b.year - a.year) * 12 + (b.month - a.month) - (b.day < a.day ? 1 : 0);
}

/**
 * A yearly plan that would likely be cheaper: an active subscription billed every month, paid (not in
 * a trial), kept for YEARLY_AFTER_MONTHS or more and with no end date within the next year, so it is
 * likely to be kept a whole year. Saving: 12 monthly payments × TYPICAL_YEARLY_DISCOUNT. The
 * MAX_YEARLY_SUGGESTIONS largest savings are shown.
 */
function yearlyInsights(subs: readonly InsightSubscription[], today: string, money: InCurrency): SmartInsight[] {
  const yearly: Array<SmartInsight & { saving: number }> = [];
  for (const sub of subs.filter(isActive)) {
    if (sub.billingCycle !== 'monthly' || (sub.cycleInterval ?? 1) !== 1) continue;
    if (sub.trialEndsAt && sub.trialEndsAt > today) continue;
    if (sub.endsAt && daysBetween(today, sub.endsAt) < 365) continue;
    if (monthsBetween(trackedSince(sub), today) < YEARLY_AFTER_MONTHS) continue;
    const perMonth = monthlyPrice(sub, money);
    if (perMonth <= 0) continue;
    const saving = roundMoney(perMonth * 12 * TYPICAL_YEARLY_DISCOUNT);
    yearly.push({
      saving,
      kind: 'yearlyCheaper',
      subscriptionIds: [sub.id],
      title: `${sub.name} could cost less yearly`,
      detail: `You pay ${formatAmount(perMonth, money.currency)} a month, ${formatAmount(perMonth * 12, money.currency)} a year. Most services discount a yearly plan by about ${Math.round(TYPICAL_YEARLY_DISCOUNT * 100)}%: switching would save about ${formatAmount(saving, money.currency)} a year, if ${sub.name} offers one.`,
    });
  }
  return yearly
    .sort((a, b) => b.saving - a.saving || a.title.localeCompare(b.title))
    .slice(0, MAX_YEARLY_SUGGESTIONS)
    .map(({ saving: _, ...insight }) => insight);
}

/** Premium's 'Smart insights' (issue 24 §5): the four rules above, in that order. */
export function smartInsights(subs: readonly InsightSubscription[], today: string, money: InCurrency): SmartInsight[] {
  const rates = money.rates ?? FIXED_RATES;
  return [
    ...duplicateInsights(subs, money),
    ...priceRiseInsights(subs, today, rates),
    ...trialInsights(subs, today),
    ...yearlyInsights(subs, today, money),
  ];
}

// ---------------------------------------------------------------------------------------------
// Budgets.

/** A budget as checked: the overall one or a category's. */
export interface BudgetLimits {
  monthly: number | null;
  currency: string;
  categories: ReadonlyArray<{ category: string; monthly: number }>;
}

export interface BudgetCheck {
  /** 'overall' or `category:<categoryKey>`: the budget's identity, for its one e-mail a month. */
  key: string;
  /** 'Monthly budget' or 'Streaming budget'. */
  name: string;
  limit: number;
  projected: number;
  currency: string;
  /** The month's projected spend is more than the budget. */
  passed: boolean;
}

/**
 * How far ahead the budget warning and its e-mail look (issue 35 §2.3): this month and the 12 after it,
 * the months the Monthly spend chart projects.
 */
export const BUDGET_HORIZON_MONTHS = 12;

/** The first month that passes a budget, with the checks it passes. */
export interface BudgetWarningMonth {
  month: string;
  /** The checks of that month that are passed, in budgetChecks' order. */
  passed: BudgetCheck[];
}

/**
 * The next month whose projected spend ({@link monthSpend}) passes a budget: this month or one of the
 * {@link BUDGET_HORIZON_MONTHS} after it, the soonest first; null when none does. A yearly renewal
 * that passes December's budget warns on 28 November, not on 1 December.
 */
export function nextPassedBudget(
  budgets: BudgetLimits,
  subs: readonly InsightSubscription[],
  today: string,
  rates: RateTable = FIXED_RATES,
  payments: PaymentsBySubscription = {},
): BudgetWarningMonth | null {
  if (budgets.monthly === null && budgets.categories.length === 0) return null;
  const current = monthOf(today);
  for (let offset = 0; offset <= BUDGET_HORIZON_MONTHS; offset++) {
    const month = shiftMonth(current, offset);
    const passed = budgetChecks(budgets, subs, month, today, rates, payments).filter((check) => check.passed);
    if (passed.length > 0) return { month, passed };
  }
  return null;
}

/** Each budget against the projected spend of `month` (issue 24 §5), in the budgets' currency. */
export function budgetChecks(
  budgets: BudgetLimits,
  subs: readonly InsightSubscription[],
  month: string,
  today: string,
  rates: RateTable = FIXED_RATES,
  payments: PaymentsBySubscription = {},
): BudgetCheck[] {
  const spend = monthSpend(subs, month, today, { currency: budgets.currency, rates }, payments);
  const check = (key: string, name: string, limit: number, projected: number): BudgetCheck => ({
    key,
    name,
    limit,
    projected,
    currency: budgets.currency,
    passed: projected > limit,
  });
  return [
    ...(budgets.monthly === null ? [] : [check('overall', 'Monthly budget', budgets.monthly, spend.total)]),
    ...budgets.categories.map(({ category, monthly }) => {
      const key = categoryKey(category);
      return check(`category:${key}`, `${categoryLabel(category)} budget`, monthly, spend.byCategory[key] ?? 0);
    }),
  ];
}
