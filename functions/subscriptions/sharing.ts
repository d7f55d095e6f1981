import {
  type Invitation,
  sharingRouteMessages as m,
  type PendingInvitation,
  type Settlement,
  type SettlementCycle,
  type SubscriptionMembers,
  type sharingRoutes,
} from '../../shared/api/sharing.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { SHARED_SUBSCRIPTIONS_MAX } from '../../shared/api/subscription-list.js';
import { subscriptionMessages } from '../../shared/api/subscriptions.js';
import { formatAmount } from '../../shared/domain/currency.js';
import { todayIn } from '../../shared/domain/dates.js';
import { effectiveMembership } from '../../shared/domain/membership.js';
import { isRecordableRenewal, isRenewalDate } from '../../shared/domain/payments.js';
import { scheduledRenewals } from '../../shared/domain/schedule.js';
import {
  invitationExpiresAt,
  invitationState,
  isInvitationExpired,
  type ShareMember,
  type ShareSpec,
  settlementProblem,
  shareProblem,
  sharingLimitProblem,
  splitShares,
} from '../../shared/domain/sharing/sharing.js';
import { cycleEvery } from '../../shared/domain/subscription-labels.js';
import type { AreaHandlers } from '../lib/auth/signed-in-api.js';
import { now } from '../lib/chassis/clock.js';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../lib/chassis/errors.js';
import type { Logger } from '../lib/chassis/log.js';
import { getMany } from '../lib/chassis/query.js';
import { epochSeconds, nowIso } from '../lib/chassis/table.js';
import { membershipOf } from '../lib/membership/membership.js';
import type { InvitationMailMessage } from '../lib/sharing/invitation-mail.js';
import { sharingKeys } from '../lib/sharing/keys.js';
import { currentShares, isMemberOf, shareMember, shareSpecOf } from '../lib/sharing/shared-view.js';
import type { InvitationMailDetails } from '../lib/sharing/sharing-emails.js';
import {
  acceptInvitation,
  declineInvitation,
  deleteMembership,
  getInvitation,
  getSettlements,
  type InvitationItem,
  type InvitedCopyItem,
  invitationPurgeAt,
  invitationsOf,
  invitedCopies,
  type MembershipItem,
  membershipOfSubscription,
  membershipsOf,
  readPayerSubscription,
  removeMember,
  type SettlementItem,
  SharingChangedError,
  saveSettlement,
  saveShares,
  sharingOf,
  openInvitation as storeInvitation,
  withdrawInvitation,
} from '../lib/sharing/sharing-store.js';
import { subscriptionKeys } from '../lib/subscriptions/keys.js';
import { getSubscription, type SubscriptionItem, toSubscription } from '../lib/subscriptions/subscriptions.js';
import { INVITATIONS_BY_PAYER, requireMailRequest, takeSlot } from '../lib/throttles/throttle.js';
import type { UserItem } from '../lib/users/user-item.js';
import { findUserIdByUsernameOrEmail } from '../lib/users/users.js';
import { reminderQueue } from '../reminders/queue.js';

/**
 * True while GET /api/invitations lists an invitation: a pending one; an expired one for INVITATION_DAYS
 * after it expired; an answered one for INVITATION_DAYS after its answer (the TTL removes them later).
 */
function stillListed(invitation: InvitationItem, at: string): boolean {
  const state = invitationState(invitation, at);
  if (state === 'pending') return true;
  const since = state === 'expired' ? invitationExpiresAt(invitation.invitedAt) : (invitation.answeredAt ?? invitation.invitedAt);
  return !isInvitationExpired(since, at);
}

/** The payer's name as members and invitees see it. */
const nameOf = (user: UserItem) => user.username;

const roleNow = (user: UserItem) => effectiveMembership(membershipOf(user), now()).role;

/** A placeholder id of an open invitation among the shares a new invitation is checked with. */
const invitationSlot = (copy: InvitedCopyItem): ShareMember => ({ userId: `invitation:${copy.id}`, value: copy.share.value });

const openCopies = async (payerId: string, subscriptionId: string) =>
  (await invitedCopies(payerId, subscriptionId)).filter((copy) => !isInvitationExpired(copy.invitedAt, nowIso()));

/** The caller's own subscription, else 403 when they share it as a member, else 404 (never revealing it exists). */
async function payerSubscription(user: UserItem, id: string): Promise<SubscriptionItem> {
  const own = await getSubscription(user.id, id);
  if (own) return own;
  if (await visibleMembership(user.id, id)) throw new HttpError(403, m.notPayer);
  throw notFound(subscriptionMessages.notFound);
}

/** The subscription shared with the member, with its membership item, when they see it (not in the trash, still a member). */
async function visibleMembership(
  memberId: string,
  subscriptionId: string,
): Promise<{ membership: MembershipItem; subscription: SubscriptionItem } | undefined> {
  const membership = await membershipOfSubscription(memberId, subscriptionId);
  if (!membership) return undefined;
  const subscription = await readPayerSubscription(membership.payerId, subscriptionId);
  if (!subscription || !isMemberOf(subscription, memberId)) {
    await deleteMembership(membership);
    return undefined;
  }
  if (subscription.status === 'deleted') return undefined;
  return { membership, subscription };
}

/** The user's invitation `id`, while it still waits for an answer: 404 when there is none, 409 once expired or answered. */
async function pendingInvitation(userId: string, id: string, at: string): Promise<InvitationItem> {
  const invitation = await getInvitation(userId, id);
  if (!invitation) throw notFound(m.invitationNotFound);
  const state = invitationState(invitation, at);
  if (state === 'expired') throw conflict(m.invitationExpired);
  if (state !== 'pending') throw conflict(m.invitationAnswered);
  return invitation;
}

/** A change to a subscription's sharing that lost a race: answered as a conflict to try again. */
function changedMeanwhile(error: unknown): never {
  if (error instanceof SharingChangedError) throw conflict(m.changedMeanwhile);
  throw error;
}

/**
 * Puts the invitation's mail on the queue (issue 34 §2): one message whoever was typed, naming the
 * invitation; the sender decides who gets it (functions/lib/sharing/invitation-mail.ts). A message the
 * queue refuses is logged and the answer stays the same.
 */
async function queueInvitationMail(message: Omit<InvitationMailMessage, 'type'>, log: Logger): Promise<void> {
  try {
    await reminderQueue().enqueue([{ type: 'invitation-mail', ...message }]);
  } catch (error) {
    log.warn('invitation mail not queued', {
      invitationId: message.invitationId,
      error: error instanceof Error ? error.name : String(error),
    });
  }
}

/**
 * The cycles the members answer shows, newest first: the next renewal (the due date) and the last renewal
 * on or before today since the subscription was created, when there is one.
 */
function cycleDates(subscription: Subscription): string[] {
  if (subscription.status === 'deleted') return [];
  const today = todayIn('UTC', now());
  const last = scheduledRenewals(subscription, { from: subscription.createdAt.slice(0, 10), to: today }).at(-1)?.date;
  return last && last !== subscription.dueDate ? [subscription.dueDate, last] : [subscription.dueDate];
}

const settlementOf = (item: SettlementItem): Settlement => ({
  userId: item.userId,
  dueDate: item.dueDate,
  state: item.state,
  amount: item.amount,
  currency: item.currency,
  updatedAt: item.updatedAt,
});

/** The members answer of a subscription for the caller (the payer, or a member). */
async function membersAnswer(subscription: SubscriptionItem, callerId: string, payerName: string): Promise<SubscriptionMembers> {
  const view = toSubscription(subscription);
  const sharing = sharingOf(subscription);
  const shares = currentShares(subscription);
  const amountOf = (userId: string) => shares.find((share) => share.userId === userId)?.amount ?? 0;
  const isPayer = callerId === subscription.userId;
  const invitations: PendingInvitation[] = isPayer
    ? (await openCopies(subscription.userId, subscription.id)).map((copy) => ({
        id: copy.id,
        invitedAs: copy.invitedAs,
        share: copy.share,
        invitedAt: copy.invitedAt,
        expiresAt: invitationExpiresAt(copy.invitedAt),
      }))
    : [];
  const settledMembers = isPayer ? sharing.members : sharing.members.filter((member) => member.userId === callerId);
  const dates = cycleDates(view);
  const stored = await getSettlements(
    dates.flatMap((date) =>
      settledMembers.map((member) => sharingKeys.settlement(subscription.userId, subscription.id, date, member.userId)),
    ),
  );
  const cycles: SettlementCycle[] = dates.map((dueDate) => ({
    dueDate,
    settlements: settledMembers.map((member) => {
      const item = stored.find((s) => s.dueDate === dueDate && s.userId === member.userId);
      return item
        ? settlementOf(item)
        : {
            userId: member.userId,
            dueDate,
            state: 'owed',
            amount: amountOf(member.userId),
            currency: view.currency,
            updatedAt: member.joinedAt,
          };
    }),
  }));
  return {
    subscriptionId: subscription.id,
    currency: view.currency,
    amount: view.amount,
    payer: { userId: subscription.userId, username: payerName, amount: amountOf(subscription.userId) },
    members: sharing.members.map((member) => ({
      userId: member.userId,
      username: member.username,
      share: shareSpecOf(sharing, member),
      amount: amountOf(member.userId),
      joinedAt: member.joinedAt,
    })),
    invitations,
    cycles,
    isPayer,
  };
}

/** The payer's or a member's subscription for the members routes, with the payer's name: a stranger gets 404. */
async function readableSubscription(user: UserItem, id: string): Promise<{ subscription: SubscriptionItem; payerName: string }> {
  const own = await getSubscription(user.id, id);
  if (own) return { subscription: own, payerName: nameOf(user) };
  const shared = await visibleMembership(user.id, id);
  if (shared) return { subscription: shared.subscription, payerName: shared.membership.payerName };
  throw notFound(subscriptionMessages.notFound);
}

/** The split a set of shares gives, or 400 with the rule's message. */
function requireSplit(subscription: SubscriptionItem, members: ShareMember[], mode: ShareSpec['mode']) {
  const { amount, currency } = toSubscription(subscription);
  const split = splitShares(amount, currency, subscription.userId, members, mode);
  if (!split.ok) throw badRequest(split.message);
  return split.shares;
}

/**
 * Who an invitation is for: an account's id, an address without an account, or nobody (an unknown
 * username). One read of the username's or address's guard either way (issue 34 §2: the same time).
 */
async function resolveInvitee(usernameOrEmail: string): Promise<{ userId?: string; email?: string }> {
  const userId = await findUserIdByUsernameOrEmail(usernameOrEmail);
  if (userId) return { userId };
  return usernameOrEmail.includes('@') ? { email: usernameOrEmail.toLowerCase() } : {};
}

export const sharingHandlers: AreaHandlers<typeof sharingRoutes> = {
  inviteMember: async ({ user, params, body, clientAddress, log }) => {
    const subscription = await payerSubscription(user, params.id);
    if (subscription.status === 'deleted') throw conflict(m.subscriptionDeleted);
    const { currency } = toSubscription(subscription);
    const problem = shareProblem(body.share, currency);
    if (problem) throw badRequest(problem);
    const typed = body.usernameOrEmail;
    if (typed.toLowerCase() === user.username.toLowerCase() || (user.email && typed.toLowerCase() === user.email.toLowerCase())) {
      throw badRequest(m.selfInvite);
    }
    const sharing = sharingOf(subscription);
    const copies = await openCopies(user.id, subscription.id);
    if (sharing.members.length + copies.length > 0 && sharing.mode !== body.share.mode) throw badRequest(m.modeMismatch);
    const invitee = await resolveInvitee(typed);
    if (invitee.userId === user.id) throw badRequest(m.selfInvite);
    // The same words typed again while their invitation is open: it stands, nothing is sent, and the
    // answer is the first time's, whoever they name (issue 34 §2).
    if (copies.some((copy) => copy.invitedAs.toLowerCase() === typed.toLowerCase())) return { message: m.invited };
    const id = crypto.randomUUID();
    // Where the invitee's invitation goes: an account's partition, an address's, or none. None too for
    // someone who already shares the subscription or has an open invitation to it under other words (a
    // username, then its address): the payer's copy alone stands for it, as for an unknown username, so
    // the answer and the payer's list look the same as for anyone else (issue 34 §2).
    const found = invitee.userId
      ? sharingKeys.invitation(invitee.userId, id)
      : invitee.email
        ? sharingKeys.emailInvitation(invitee.email, id)
        : undefined;
    const repeat =
      (invitee.userId !== undefined && sharing.members.some((member) => member.userId === invitee.userId)) ||
      (found !== undefined && copies.some((copy) => copy.inviteeKey?.pk === found.pk));
    const inviteeKey = repeat ? undefined : found;
    const limitProblem = sharingLimitProblem(roleNow(user), sharing.members.length + copies.length + 1);
    if (limitProblem) throw new HttpError(403, limitProblem);
    const newcomer: ShareMember = { userId: 'invitation:new', value: body.share.value };
    const shares = requireSplit(
      subscription,
      [...sharing.members.map(shareMember), ...copies.map(invitationSlot), newcomer],
      body.share.mode,
    );
    await requireMailRequest(clientAddress);
    const slot = await takeSlot(INVITATIONS_BY_PAYER, user.id);
    if (!slot.taken) throw tooManyRequests(m.tooManyInvitations, Math.max(1, slot.window.endsAt - epochSeconds()));
    const invitedAt = nowIso();
    const share: ShareSpec = body.share.mode === 'equal' ? { mode: 'equal' } : { mode: body.share.mode, value: body.share.value };
    const invitation: Omit<InvitationItem, 'pk' | 'sk'> = {
      id,
      payerId: user.id,
      payerName: nameOf(user),
      subscriptionId: subscription.id,
      share,
      invitedAt,
      state: 'pending',
      expiresAt: invitationPurgeAt(invitedAt),
    };
    await storeInvitation(subscription, sharing, body.share.mode, invitation, inviteeKey, typed).catch(changedMeanwhile);
    const view = toSubscription(subscription);
    const details: InvitationMailDetails = {
      payerName: nameOf(user),
      subscriptionName: view.name,
      // As the app writes them (issue 35 §2.16): '£6.49', 'every 6 months'.
      share: formatAmount(shares.at(-1)?.amount ?? 0, view.currency),
      billingCycle: cycleEvery(view.billingCycle, view.cycleInterval),
    };
    await queueInvitationMail({ payerId: user.id, subscriptionId: subscription.id, invitationId: id, details }, log);
    log.info('invitation sent', { subscriptionId: subscription.id, invitationId: id });
    return { message: m.invited };
  },

  listMembers: async ({ user, params }) => {
    const { subscription, payerName } = await readableSubscription(user, params.id);
    return membersAnswer(subscription, user.id, payerName);
  },

  changeShare: async ({ user, params, body }) => {
    const subscription = await payerSubscription(user, params.id);
    if (subscription.status === 'deleted') throw conflict(m.subscriptionDeleted);
    const sharing = sharingOf(subscription);
    if (!sharing.members.some((member) => member.userId === params.userId)) throw notFound(m.memberNotFound);
    const problem = shareProblem(body.share, toSubscription(subscription).currency);
    if (problem) throw badRequest(problem);
    const copies = await openCopies(user.id, subscription.id);
    if ((sharing.members.length > 1 || copies.length > 0) && body.share.mode !== sharing.mode) throw badRequest(m.modeMismatch);
    const members = sharing.members.map((member) =>
      member.userId === params.userId
        ? {
            userId: member.userId,
            username: member.username,
            joinedAt: member.joinedAt,
            ...(body.share.mode === 'equal' ? {} : { value: body.share.value }),
          }
        : member,
    );
    requireSplit(subscription, [...members.map(shareMember), ...copies.map(invitationSlot)], body.share.mode);
    await saveShares(subscription, sharing, body.share.mode, members).catch(changedMeanwhile);
    const updated = await readPayerSubscription(user.id, subscription.id);
    return membersAnswer(updated ?? subscription, user.id, nameOf(user));
  },

  removeMember: async ({ user, params }) => {
    const own = await getSubscription(user.id, params.id);
    if (own) {
      const sharing = sharingOf(own);
      if (sharing.members.some((member) => member.userId === params.userId)) {
        await removeMember(own, sharing, params.userId).catch(changedMeanwhile);
        return { message: m.removed };
      }
      const copy = (await invitedCopies(user.id, own.id)).find((c) => c.id === params.userId);
      if (copy) {
        await withdrawInvitation(copy).catch(changedMeanwhile);
        return { message: m.withdrawn };
      }
      throw notFound(m.memberNotFound);
    }
    const shared = await visibleMembership(user.id, params.id);
    if (!shared) throw notFound(subscriptionMessages.notFound);
    if (params.userId !== user.id) throw new HttpError(403, m.notPayer);
    await removeMember(shared.subscription, sharingOf(shared.subscription), user.id).catch(changedMeanwhile);
    return { message: m.left };
  },

  listInvitations: async ({ user }) => {
    const at = nowIso();
    const received = (await invitationsOf(user.id)).filter((invitation) => stillListed(invitation, at));
    const subscriptions = await getMany<SubscriptionItem>(received.map((i) => subscriptionKeys.subscription(i.payerId, i.subscriptionId)));
    const invitations: Invitation[] = [];
    for (const invitation of received) {
      const subscription = subscriptions.find((s) => s.userId === invitation.payerId && s.id === invitation.subscriptionId);
      if (!subscription) continue;
      const view = toSubscription(subscription);
      const sharing = sharingOf(subscription);
      const split = splitShares(
        view.amount,
        view.currency,
        subscription.userId,
        [
          ...sharing.members.filter((member) => member.userId !== user.id).map(shareMember),
          { userId: user.id, value: invitation.share.value },
        ],
        invitation.share.mode,
      );
      invitations.push({
        id: invitation.id,
        state: invitationState(invitation, at),
        subscription: {
          id: view.id,
          name: view.name,
          amount: view.amount,
          currency: view.currency,
          billingCycle: view.billingCycle,
          cycleInterval: view.cycleInterval,
        },
        payerName: invitation.payerName,
        share: invitation.share,
        amount: split.ok ? (split.shares.find((share) => share.userId === user.id)?.amount ?? 0) : 0,
        invitedAt: invitation.invitedAt,
        expiresAt: invitationExpiresAt(invitation.invitedAt),
      });
    }
    return { invitations: invitations.sort((a, b) => b.invitedAt.localeCompare(a.invitedAt)) };
  },

  acceptInvitation: async ({ user, params }) => {
    const at = nowIso();
    const invitation = await pendingInvitation(user.id, params.id, at);
    const subscription = await readPayerSubscription(invitation.payerId, invitation.subscriptionId);
    if (!subscription) throw notFound(m.invitationNotFound);
    if (subscription.status === 'deleted') throw conflict(m.subscriptionDeleted);
    const sharing = sharingOf(subscription);
    if (sharing.members.some((member) => member.userId === user.id)) throw conflict(m.invitationAnswered);
    if ((await membershipsOf(user.id)).length >= SHARED_SUBSCRIPTIONS_MAX) throw conflict(m.sharedLimit);
    const member = {
      userId: user.id,
      username: user.username,
      joinedAt: at,
      ...(invitation.share.mode === 'equal' ? {} : { value: invitation.share.value }),
    };
    const split = splitShares(
      toSubscription(subscription).amount,
      toSubscription(subscription).currency,
      subscription.userId,
      [...sharing.members, member].map(shareMember),
      sharing.mode,
    );
    if (!split.ok) throw conflict(split.message);
    await acceptInvitation(subscription, sharing, invitation, member, at).catch(changedMeanwhile);
    return { message: m.accepted };
  },

  declineInvitation: async ({ user, params }) => {
    const at = nowIso();
    const invitation = await pendingInvitation(user.id, params.id, at);
    await declineInvitation(invitation, at).catch((error: unknown) => {
      if (error instanceof SharingChangedError) throw conflict(m.invitationAnswered);
      throw error;
    });
    return { message: m.declined };
  },

  recordSettlement: async ({ user, params, body }) => {
    const own = await getSubscription(user.id, params.id);
    const subscription = own ?? (await visibleMembership(user.id, params.id))?.subscription;
    if (!subscription) throw notFound(subscriptionMessages.notFound);
    if (subscription.status === 'deleted') throw conflict(m.subscriptionDeleted);
    const actor = own ? 'payer' : 'member';
    if (actor === 'member' && body.userId !== user.id) throw new HttpError(403, m.notPayer);
    const sharing = sharingOf(subscription);
    if (!sharing.members.some((member) => member.userId === body.userId)) throw notFound(m.memberNotFound);
    const view = toSubscription(subscription);
    if (!isRenewalDate(view, body.dueDate)) throw badRequest(m.notARenewal);
    if (!isRecordableRenewal(view, body.dueDate, todayIn('UTC', now()))) throw badRequest(m.outsideCycles);
    const key = sharingKeys.settlement(subscription.userId, subscription.id, body.dueDate, body.userId);
    const [stored] = await getSettlements([key]);
    const current = stored?.state ?? 'owed';
    const problem = settlementProblem(current, body.status, actor);
    if (problem) throw conflict(problem);
    if (stored && current === body.status) return settlementOf(stored);
    const item: SettlementItem = {
      ...key,
      userId: body.userId,
      dueDate: body.dueDate,
      state: body.status,
      amount: stored?.amount ?? currentShares(subscription).find((share) => share.userId === body.userId)?.amount ?? 0,
      currency: stored?.currency ?? view.currency,
      updatedAt: nowIso(),
    };
    if (!(await saveSettlement(item, stored?.state))) throw conflict(m.changedMeanwhile);
    return settlementOf(item);
  },
};
