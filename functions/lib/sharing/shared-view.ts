import type { PayerSharingInfo, SharedSubscriptionInfo, Subscription } from '../../../shared/api/subscription.js';
import { SHARED_SUBSCRIPTIONS_MAX } from '../../../shared/api/subscription-list.js';
import { type StoredLogo, storedLogoOf } from '../../../shared/domain/logos/site-logo.js';
import { type Share, type ShareMember, type ShareSpec, sharingMessages, splitShares } from '../../../shared/domain/sharing/sharing.js';
import { getMany } from '../chassis/query.js';
import { subscriptionKeys } from '../subscriptions/keys.js';
import { listSubscriptions, type SubscriptionItem, toSubscription } from '../subscriptions/subscriptions.js';
import { type MembershipItem, membershipsOf, type StoredMember, type StoredSharing, sharingOf } from './sharing-store.js';

/**
 * A shared subscription's shares of its current price (issue 26): computed on every read with
 * shared/domain/sharing/sharing.ts splitShares, never stored, so a change of price or members recomputes them.
 */
export const shareMember = (member: Pick<StoredMember, 'userId' | 'value'>): ShareMember =>
  member.value === undefined ? { userId: member.userId } : { userId: member.userId, value: member.value };

/** The share spec of a stored member in the subscription's mode. */
export const shareSpecOf = (sharing: StoredSharing, member: StoredMember): ShareSpec =>
  sharing.mode === 'equal' ? { mode: 'equal' } : { mode: sharing.mode, value: member.value };

/**
 * The shares of the subscription's current price with its current members. A split the rules refuse
 * (only possible for data written before a rule) falls back to the payer paying all.
 */
export function currentShares(subscription: SubscriptionItem): Share[] {
  const { amount, currency } = toSubscription(subscription);
  const sharing = sharingOf(subscription);
  const split = splitShares(amount, currency, subscription.userId, sharing.members.map(shareMember), sharing.mode);
  if (split.ok) return split.shares;
  return [
    { userId: subscription.userId, amount, payer: true },
    ...sharing.members.map((m) => ({ userId: m.userId, amount: 0, payer: false })),
  ];
}

/** The payer's summary of their own subscription while it has accepted members; undefined otherwise. */
export function payerSharing(subscription: SubscriptionItem): PayerSharingInfo | undefined {
  const sharing = sharingOf(subscription);
  if (sharing.members.length === 0) return undefined;
  const shares = currentShares(subscription);
  return { myShare: shares[0]?.amount ?? 0, memberCount: sharing.members.length + 1 };
}

/** A member's view of a subscription shared with them. */
export function memberSharing(subscription: SubscriptionItem, memberId: string, payerName: string): SharedSubscriptionInfo {
  const shares = currentShares(subscription);
  return {
    payerId: subscription.userId,
    payerName,
    myShare: shares.find((share) => share.userId === memberId)?.amount ?? 0,
    memberCount: sharingOf(subscription).members.length + 1,
  };
}

/** True when `memberId` is an accepted member of the subscription. */
export const isMemberOf = (subscription: SubscriptionItem, memberId: string) =>
  sharingOf(subscription).members.some((member) => member.userId === memberId);

/**
 * Why a price or currency edit of a shared subscription cannot stand (issue 26: fixed shares above the
 * new price, or fixed shares in another currency), or null.
 */
export function priceEditProblem(current: SubscriptionItem, amount: number, currency: string): string | null {
  const sharing = sharingOf(current);
  if (sharing.members.length === 0) return null;
  const previous = toSubscription(current);
  if (previous.amount === amount && previous.currency === currency) return null;
  if (sharing.mode === 'fixed' && previous.currency !== currency) return sharingMessages.fixedOverPrice;
  const split = splitShares(amount, currency, current.userId, sharing.members.map(shareMember), sharing.mode);
  return split.ok ? null : split.message;
}

/**
 * The caller's subscriptions shared with them (issue 26), for the first page of GET /api/subscriptions and
 * the signed-in figures of GET /api/stats: one Query of their membership items and BatchGets of the payers'
 * subscriptions, with what their items keep for their logos (`storedLogos` by id: the payer's choice, issue 36 §5). One in the trash is hidden. `dangling` names the memberships whose subscription is gone or
 * no longer names the member: the list deletes them (functions/subscriptions), a read-only caller skips them.
 */
export async function sharedWithMe(
  memberId: string,
): Promise<{ subscriptions: Subscription[]; storedLogos: Map<string, StoredLogo>; dangling: MembershipItem[] }> {
  const memberships = (await membershipsOf(memberId)).slice(0, SHARED_SUBSCRIPTIONS_MAX);
  if (memberships.length === 0) return { subscriptions: [], storedLogos: new Map(), dangling: [] };
  const stored = await getMany<SubscriptionItem>(
    memberships.map((item) => subscriptionKeys.subscription(item.payerId, item.subscriptionId)),
  );
  const subscriptions: Subscription[] = [];
  const storedLogos = new Map<string, StoredLogo>();
  const dangling: MembershipItem[] = [];
  for (const membership of memberships) {
    const subscription = stored.find((sub) => sub.userId === membership.payerId && sub.id === membership.subscriptionId);
    if (!subscription || !isMemberOf(subscription, memberId)) dangling.push(membership);
    else if (subscription.status !== 'deleted') {
      subscriptions.push({ ...toSubscription(subscription), shared: memberSharing(subscription, memberId, membership.payerName) });
      storedLogos.set(subscription.id, storedLogoOf(subscription));
    }
  }
  return { subscriptions, storedLogos, dangling };
}

/** The caller's own subscription as the list answers it: with `sharing` while it has accepted members. */
export function ownSubscription(subscription: SubscriptionItem): Subscription {
  const sharing = payerSharing(subscription);
  return sharing ? { ...toSubscription(subscription), sharing } : toSubscription(subscription);
}

/**
 * The subscriptions a user sees: their own and those shared with them (issue 26), each shared one with the user's
 * share, as the dashboard lists them. What the totals, the budgets' alerts and the assistants' tools count.
 */
export async function subscriptionsSeenBy(userId: string): Promise<Subscription[]> {
  const [own, shared] = await Promise.all([listSubscriptions(userId), sharedWithMe(userId)]);
  return [...own.map(ownSubscription), ...shared.subscriptions];
}
