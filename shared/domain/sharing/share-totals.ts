/**
 * What the money views count of a shared subscription (issue 26: 'The dashboard's totals, chart, yearly
 * report and insights count a member's share, with a switch to full price'). A subscription someone else
 * pays and shares with the user (`shared`) counts the user's share, and so does the user's own shared
 * subscription (`sharing`: the payer's share, the price minus the members' shares); with the switch to
 * full price every subscription counts its whole price.
 *
 * The money views walk a subscription's price history (the yearly report, insights' spend per month and
 * lifetime spend), so the history is scaled too, by the same share ÷ price ratio: past prices are split
 * at today's split (who shared a past cycle and how is not kept per price).
 */
import type { PriceChange, Subscription } from '../../api/subscription.js';
import { roundTo } from '../currency.js';
import { minorUnitDecimals } from './sharing.js';

/** The fields a shared subscription's counted amount is computed from. */
export type ShareCounted = Pick<Subscription, 'amount'> & Partial<Pick<Subscription, 'currency' | 'priceHistory' | 'shared' | 'sharing'>>;

/** The user's share of a subscription's current price, or null when it is not shared. */
export function userShareOf(sub: ShareCounted): number | null {
  return sub.shared?.myShare ?? sub.sharing?.myShare ?? null;
}

/** True when any subscription in the list is shared (with the user, or by them): the full-price switch is shown then. */
export function hasSharedSubscriptions(subs: readonly ShareCounted[]): boolean {
  return subs.some((sub) => userShareOf(sub) !== null);
}

const scaled = (amount: number, ratio: number, currency: string | undefined) =>
  roundTo(amount * ratio, minorUnitDecimals(currency ?? 'USD') ?? 2);

/**
 * The subscription as the money views count it: a shared one with its amount set to the user's share and
 * each price of its history scaled by share ÷ price (rounded to the currency's minor unit). A price of 0
 * has no ratio: its history is split equally among everyone sharing it. Unshared subscriptions, and every
 * subscription with `fullPrice`, come back as they are.
 */
export function countedSubscription<T extends ShareCounted>(sub: T, fullPrice = false): T {
  const share = userShareOf(sub);
  if (fullPrice || share === null) return sub;
  const amount = Number(sub.amount);
  // A price of 0 splits into shares of 0 and has no ratio: its other prices are split equally among the
  // people who share it, so that together they still count each price once (issue 35 §1), not once each.
  const people = sub.shared?.memberCount ?? sub.sharing?.memberCount ?? 1;
  const ratio = amount > 0 ? share / amount : 1 / Math.max(1, people);
  const priceHistory = sub.priceHistory?.map(
    (change): PriceChange => ({ ...change, amount: scaled(change.amount, ratio, change.currency) }),
  );
  return { ...sub, amount: share, ...(priceHistory ? { priceHistory } : {}) };
}

/** The list as the money views count it (see countedSubscription): the dashboard, the yearly report and insights. */
export function countedSubscriptions<T extends ShareCounted>(subs: readonly T[], fullPrice = false): T[] {
  return subs.map((sub) => countedSubscription(sub, fullPrice));
}
