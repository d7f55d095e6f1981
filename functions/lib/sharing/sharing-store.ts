import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { InvitationState, SettlementState, ShareMode, ShareSpec } from '../../../shared/domain/sharing/sharing.js';
import { INVITATION_DAYS } from '../../../shared/domain/sharing/sharing.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { setExpiry } from '../chassis/expiry.js';
import { getMany, queryPrefix } from '../chassis/query.js';
import { retryOnError } from '../chassis/retry.js';
import { tableName } from '../chassis/table.js';
import { reindexSubscriptionReminders } from '../reminders/reminder-index.js';
import { SUBSCRIPTION_PREFIX, subscriptionKeys } from '../subscriptions/keys.js';
import type { SubscriptionItem } from '../subscriptions/subscriptions.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes, withConflictRetries } from '../users/user-counters.js';
import {
  INVITE_EMAIL_PARTITION_PREFIX,
  INVITE_PARTITION_PREFIX,
  INVITED_PREFIX,
  SETTLEMENT_PREFIX,
  SHARED_PREFIX,
  sharingKeys,
} from './keys.js';

/**
 * Shared subscriptions' items (issue 26; docs/decisions/0096-shared-subscriptions.md). The payer's
 * subscription names its accepted members (`sharing`); each member has a membership item on their own
 * partition; invitations are keyed by invitee with the payer's copy beside the subscription; settlements
 * sit on the payer's partition. Every write that changes who shares a subscription is one transaction,
 * conditioned on the subscription's `sharing.revision` as it was read, so two changes cannot both win.
 */

type Key = { pk: string; sk: string };

/** An accepted member as the payer's subscription stores it. */
export interface StoredMember {
  userId: string;
  username: string;
  value?: number;
  joinedAt: string;
}

/** The `sharing` attribute of a payer's subscription: one split mode and the accepted members. */
export interface StoredSharing {
  mode: ShareMode;
  members: StoredMember[];
  /** Every write of `sharing` adds one; each write is conditioned on the one it read. */
  revision: number;
}

/** A membership item: `USER#<member> / SHARED#<payer>#<sub>`. */
export interface MembershipItem extends Key {
  payerId: string;
  payerName: string;
  subscriptionId: string;
  joinedAt: string;
}

/** The invitee's invitation: `INVITE#<inviteeId>` or `INVITE-EMAIL#<address>` / `INVITE#<id>`. */
export interface InvitationItem extends Key {
  id: string;
  payerId: string;
  payerName: string;
  subscriptionId: string;
  share: ShareSpec;
  invitedAt: string;
  state: InvitationState;
  answeredAt?: string;
  expiresAt: number;
}

/** The payer's copy of an open invitation: `USER#<payer> / INVITED#<sub>#<id>`. */
export interface InvitedCopyItem extends Key {
  id: string;
  subscriptionId: string;
  invitedAs: string;
  share: ShareSpec;
  invitedAt: string;
  /** The invitee's invitation item; absent for a username no account has (nothing to accept, nothing mailed). */
  inviteeKey?: Key;
  expiresAt: number;
}

export interface SettlementItem extends Key {
  userId: string;
  dueDate: string;
  state: SettlementState;
  amount: number;
  currency: string;
  updatedAt: string;
}

const DAY_SECONDS = 86_400;
/**
 * When DynamoDB may remove an invitation: INVITATION_DAYS after it was made (when it expires) and
 * INVITATION_DAYS more, so an expired one still shows for that long; an answered one, INVITATION_DAYS after its answer.
 */
export const invitationPurgeAt = (fromIso: string, days = 2 * INVITATION_DAYS) =>
  Math.floor(Date.parse(fromIso) / 1000) + days * DAY_SECONDS;

/** The subscription's sharing as stored, or none yet. */
export function sharingOf(subscription: SubscriptionItem): StoredSharing {
  const stored = (subscription as { sharing?: StoredSharing }).sharing;
  return stored ?? { mode: 'equal', members: [], revision: 0 };
}

/** The update of a subscription's `sharing` from `before` (as read) to `after`: refused when another change came first. */
function sharingUpdate(
  subscription: SubscriptionItem,
  before: StoredSharing,
  after: Omit<StoredSharing, 'revision'>,
  { inTrashToo = false } = {},
) {
  const first = before.revision === 0;
  return {
    Update: {
      TableName: tableName(),
      Key: subscriptionKeys.subscription(subscription.userId, subscription.id),
      UpdateExpression: 'SET #sharing = :sharing',
      ConditionExpression: `attribute_exists(pk)${inTrashToo ? '' : ' AND #status <> :deleted'} AND ${
        first ? 'attribute_not_exists(#sharing)' : '#sharing.#revision = :revision'
      }`,
      ExpressionAttributeNames: {
        '#sharing': 'sharing',
        ...(inTrashToo ? {} : { '#status': 'status' }),
        ...(first ? {} : { '#revision': 'revision' }),
      },
      ExpressionAttributeValues: {
        ':sharing': { ...after, revision: before.revision + 1 },
        ...(inTrashToo ? {} : { ':deleted': 'deleted' }),
        ...(first ? {} : { ':revision': before.revision }),
      },
    },
  };
}

/** Thrown when a transaction's condition failed: the subscription or an invitation changed meanwhile. */
export class SharingChangedError extends Error {
  constructor() {
    super('the shared subscription changed meanwhile');
    this.name = 'SharingChangedError';
  }
}

async function transact(items: Record<string, unknown>[]): Promise<void> {
  try {
    await withConflictRetries(() => dynamo().send(new TransactWriteCommand({ TransactItems: items as never })));
  } catch (error) {
    if (cancellationCodes(error)?.includes('ConditionalCheckFailed')) throw new SharingChangedError();
    throw error;
  }
}

/**
 * A change of a subscription's members or shares, then its reminder index entries rewritten, so each
 * renewal's reminder goes to the members it has now with their shares (issue 26; the planner reads the
 * members from the entries' copy).
 */
async function transactMembers(subscription: Pick<SubscriptionItem, 'userId' | 'id'>, items: Record<string, unknown>[]): Promise<void> {
  await transact(items);
  await reindexSubscriptionReminders(subscription.userId, subscription.id);
}

/** The membership items on the member's partition. */
export const membershipsOf = (memberId: string) =>
  queryPrefix<MembershipItem>(userKeys.user(memberId).pk, SHARED_PREFIX, { consistent: true });

/** The member's membership item of one subscription, whoever pays it. */
export async function membershipOfSubscription(memberId: string, subscriptionId: string): Promise<MembershipItem | undefined> {
  return (await membershipsOf(memberId)).find((item) => item.subscriptionId === subscriptionId);
}

/** The payer's open invitations of one subscription (expired ones included: the caller filters). */
export const invitedCopies = (payerId: string, subscriptionId: string) =>
  queryPrefix<InvitedCopyItem>(userKeys.user(payerId).pk, `${INVITED_PREFIX}${subscriptionId}#`, { consistent: true });

/** The invitations an account received. */
export const invitationsOf = (userId: string) =>
  queryPrefix<InvitationItem>(`${INVITE_PARTITION_PREFIX}${userId}`, 'INVITE#', { consistent: true });

export async function getInvitation(userId: string, invitationId: string): Promise<InvitationItem | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: sharingKeys.invitation(userId, invitationId), ConsistentRead: true }),
  );
  return Item as InvitationItem | undefined;
}

/** Deletes a membership item whose subscription is gone or no longer names the member (a crash between steps). */
export async function deleteMembership(item: Key): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
}

/**
 * Opens an invitation: the subscription's `sharing` (its mode) as read, the invitee's item (when there
 * is an invitee: an account or an address) and the payer's copy, in one transaction.
 */
export async function openInvitation(
  subscription: SubscriptionItem,
  before: StoredSharing,
  mode: ShareMode,
  invitation: Omit<InvitationItem, 'pk' | 'sk'>,
  invitee: Key | undefined,
  invitedAs: string,
): Promise<void> {
  const TableName = tableName();
  const copy: InvitedCopyItem = {
    ...sharingKeys.invitedCopy(subscription.userId, subscription.id, invitation.id),
    id: invitation.id,
    subscriptionId: subscription.id,
    invitedAs,
    share: invitation.share,
    invitedAt: invitation.invitedAt,
    ...(invitee ? { inviteeKey: invitee } : {}),
    expiresAt: invitation.expiresAt,
  };
  await transact([
    sharingUpdate(subscription, before, { mode, members: before.members }),
    { Put: { TableName, Item: copy, ConditionExpression: 'attribute_not_exists(pk)' } },
    ...(invitee ? [{ Put: { TableName, Item: { ...invitee, ...invitation }, ConditionExpression: 'attribute_not_exists(pk)' } }] : []),
  ]);
}

/**
 * Accepts an invitation: the member into the subscription's members, their membership item, the
 * invitation marked accepted (kept until its TTL so the invitee's list shows it) and the payer's copy
 * deleted, in one transaction, refused whole when anything changed meanwhile.
 */
export async function acceptInvitation(
  subscription: SubscriptionItem,
  before: StoredSharing,
  invitation: InvitationItem,
  member: StoredMember,
  acceptedAt: string,
): Promise<void> {
  const TableName = tableName();
  const membership: MembershipItem = {
    ...sharingKeys.sharedMembership(member.userId, subscription.userId, subscription.id),
    payerId: subscription.userId,
    payerName: invitation.payerName,
    subscriptionId: subscription.id,
    joinedAt: acceptedAt,
  };
  await transactMembers(subscription, [
    sharingUpdate(subscription, before, { mode: before.mode, members: [...before.members, member] }),
    { Put: { TableName, Item: membership, ConditionExpression: 'attribute_not_exists(pk)' } },
    answerUpdate(invitation, 'accepted', acceptedAt),
    { Delete: { TableName, Key: sharingKeys.invitedCopy(subscription.userId, subscription.id, invitation.id) } },
  ]);
}

/** Marks a pending invitation answered, kept INVITATION_DAYS from now so the invitee's list shows it. */
function answerUpdate(invitation: InvitationItem, state: 'accepted' | 'declined', answeredAt: string) {
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: invitation.pk, sk: invitation.sk },
      UpdateExpression: 'SET #state = :state, answeredAt = :at, expiresAt = :expires',
      ConditionExpression: 'attribute_exists(pk) AND #state = :pending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':state': state,
        ':at': answeredAt,
        ':expires': invitationPurgeAt(answeredAt, INVITATION_DAYS),
        ':pending': 'pending',
      },
    },
  };
}

/** Declines an invitation (kept, marked, until its TTL) and deletes the payer's copy. */
export async function declineInvitation(invitation: InvitationItem, answeredAt: string): Promise<void> {
  await transact([
    answerUpdate(invitation, 'declined', answeredAt),
    { Delete: { TableName: tableName(), Key: sharingKeys.invitedCopy(invitation.payerId, invitation.subscriptionId, invitation.id) } },
  ]);
}

/** Withdraws an open invitation (the payer): the copy and the invitee's item go together. */
export async function withdrawInvitation(copy: InvitedCopyItem): Promise<void> {
  const TableName = tableName();
  await transact([
    { Delete: { TableName, Key: { pk: copy.pk, sk: copy.sk } } },
    ...(copy.inviteeKey ? [{ Delete: { TableName, Key: copy.inviteeKey } }] : []),
  ]);
}

/**
 * Deletes one member's settlements of one subscription from the payer's partition (issue 34 §12): when
 * they leave the split (removed, leaving, or their account deleted), their cycles go with them.
 */
export async function deleteMemberSettlements(payerId: string, subscriptionId: string, memberId: string): Promise<void> {
  const settlements = await queryPrefix<SettlementItem>(userKeys.user(payerId).pk, `${SETTLEMENT_PREFIX}${subscriptionId}#`, {
    consistent: true,
  });
  const doomed = settlements.filter((item) => item.userId === memberId);
  await Promise.all(doomed.map((item) => dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }))));
}

/**
 * Gives a subscription's sharing items (its members' membership items and its settlements) the expiry of
 * the subscription in the trash (`expiresAt`, epoch seconds), so DynamoDB's TTL removes them with it; null
 * takes it off again (recovered). Open invitations carry their own, shorter TTL (issue 34 §12).
 */
export async function setSharingExpiry(
  subscription: Pick<SubscriptionItem, 'userId' | 'id'> & { sharing?: unknown },
  expiresAt: number | null,
): Promise<void> {
  const sharing = (subscription as { sharing?: StoredSharing }).sharing;
  const settlements = await queryPrefix<Key>(userKeys.user(subscription.userId).pk, `${SETTLEMENT_PREFIX}${subscription.id}#`, {
    consistent: true,
    projection: 'pk, sk',
  });
  const targets: Key[] = [
    ...(sharing?.members ?? []).map((member) => sharingKeys.sharedMembership(member.userId, subscription.userId, subscription.id)),
    ...settlements.map(({ pk, sk }) => ({ pk, sk })),
  ];
  await setExpiry(targets, expiresAt);
}

/**
 * Removes a member (the payer, also while the subscription is in the trash) or lets them leave: out of
 * `sharing.members`, their membership item deleted, then their settlements.
 */
export async function removeMember(subscription: SubscriptionItem, before: StoredSharing, memberId: string): Promise<void> {
  await transactMembers(subscription, [
    sharingUpdate(
      subscription,
      before,
      { mode: before.mode, members: before.members.filter((m) => m.userId !== memberId) },
      { inTrashToo: true },
    ),
    { Delete: { TableName: tableName(), Key: sharingKeys.sharedMembership(memberId, subscription.userId, subscription.id) } },
  ]);
  await deleteMemberSettlements(subscription.userId, subscription.id, memberId);
}

/** Sets the members' shares (the payer changes one): same members, new values, one mode. */
export async function saveShares(subscription: SubscriptionItem, before: StoredSharing, mode: ShareMode, members: StoredMember[]) {
  await transactMembers(subscription, [sharingUpdate(subscription, before, { mode, members })]);
}

export async function getSettlements(wanted: Key[]): Promise<SettlementItem[]> {
  return getMany<SettlementItem>(wanted);
}

/** Writes a settlement's new state, on the condition that it is still the state read (none: owed). */
export async function saveSettlement(item: SettlementItem, previous: SettlementState | undefined): Promise<boolean> {
  try {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: item,
        ConditionExpression: previous === undefined ? 'attribute_not_exists(pk)' : '#state = :previous',
        ...(previous === undefined
          ? {}
          : { ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':previous': previous } }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Everything that shares a subscription deleted for good, or whose payer's account goes: every member's
 * membership item, every open invitation (the invitee's item and the payer's copy) and its settlements.
 * Idempotent: deleting what is already gone is nothing.
 */
export async function releaseSubscription(subscription: Pick<SubscriptionItem, 'userId' | 'id'> & { sharing?: unknown }): Promise<void> {
  const payerPk = userKeys.user(subscription.userId).pk;
  const sharing = (subscription as { sharing?: StoredSharing }).sharing;
  const copies = await invitedCopies(subscription.userId, subscription.id);
  const settlements = await queryPrefix<Key>(payerPk, `${SETTLEMENT_PREFIX}${subscription.id}#`, { consistent: true });
  const doomed: Key[] = [
    ...(sharing?.members ?? []).map((member) => sharingKeys.sharedMembership(member.userId, subscription.userId, subscription.id)),
    ...copies.flatMap((copy) => [{ pk: copy.pk, sk: copy.sk }, ...(copy.inviteeKey ? [copy.inviteeKey] : [])]),
    ...settlements.map((item) => ({ pk: item.pk, sk: item.sk })),
  ];
  await Promise.all(doomed.map((Key) => dynamo().send(new DeleteCommand({ TableName: tableName(), Key }))));
}

/** Reads a payer's subscription, as stored. */
export async function readPayerSubscription(payerId: string, subscriptionId: string): Promise<SubscriptionItem | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionKeys.subscription(payerId, subscriptionId), ConsistentRead: true }),
  );
  return Item as SubscriptionItem | undefined;
}

/**
 * Takes a member out of one subscription they share (their account goes), whatever happened to it
 * meanwhile. Their settlements on the payer's partition go first, while the membership item still names
 * the subscription, so a deletion retried after a crash still finds them (issue 34 §12).
 */
async function leaveForGood(membership: MembershipItem, memberId: string): Promise<void> {
  await deleteMemberSettlements(membership.payerId, membership.subscriptionId, memberId);
  // Other changes may keep winning the race to the subscription: read it again (the retry helper's 'changed' kind).
  await retryOnError(
    'changed',
    "a member's removal from a subscription",
    async () => {
      const subscription = await readPayerSubscription(membership.payerId, membership.subscriptionId);
      const sharing = subscription && sharingOf(subscription);
      if (!subscription || !sharing?.members.some((member) => member.userId === memberId)) {
        await deleteMembership(membership);
        return;
      }
      // A member's account goes whatever the subscription's state.
      await transactMembers(subscription, [
        sharingUpdate(
          subscription,
          sharing,
          { mode: sharing.mode, members: sharing.members.filter((m) => m.userId !== memberId) },
          { inTrashToo: true },
        ),
        { Delete: { TableName: tableName(), Key: { pk: membership.pk, sk: membership.sk } } },
      ]);
    },
    (error) => error instanceof SharingChangedError,
  );
}

/**
 * What an account's deletion does to sharing before its partition goes (issue 26 'deleting an account
 * (either side) leaves no dangling share'): as a payer, each shared subscription's members, open
 * invitations and settlements go (releaseSubscription); as a member, they leave each subscription their
 * membership items name, one transaction per subscription; the invitations they received go, with the
 * payers' copies. Idempotent.
 */
export async function releaseAccount(userId: string, email: string | undefined): Promise<void> {
  const pk = userKeys.user(userId).pk;
  const subscriptions = await queryPrefix<SubscriptionItem>(pk, SUBSCRIPTION_PREFIX, { consistent: true });
  const invited = await queryPrefix<InvitedCopyItem>(pk, INVITED_PREFIX, { consistent: true });
  const sharedIds = new Set([
    ...subscriptions.filter((sub) => (sub as { sharing?: StoredSharing }).sharing).map((sub) => sub.id),
    ...invited.map((copy) => copy.subscriptionId),
  ]);
  for (const subscription of subscriptions.filter((sub) => sharedIds.has(sub.id))) await releaseSubscription(subscription);
  for (const membership of await membershipsOf(userId)) await leaveForGood(membership, userId);
  const received = [
    ...(await invitationsOf(userId)),
    ...(email
      ? await queryPrefix<InvitationItem>(`${INVITE_EMAIL_PARTITION_PREFIX}${email.trim().toLowerCase()}`, 'INVITE#', { consistent: true })
      : []),
  ];
  await Promise.all(
    received.flatMap((invitation) => [
      dynamo().send(new DeleteCommand({ TableName: tableName(), Key: { pk: invitation.pk, sk: invitation.sk } })),
      dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: sharingKeys.invitedCopy(invitation.payerId, invitation.subscriptionId, invitation.id),
        }),
      ),
    ]),
  );
}

/**
 * Turns the open invitations of an address into invitations of the account that has just verified it
 * (issue 26: sign-up with that address): each moves to `INVITE#<userId>` and the payer's copy points there.
 */
export async function claimEmailInvitations(email: string, userId: string): Promise<void> {
  const TableName = tableName();
  const waiting = await queryPrefix<InvitationItem>(`${INVITE_EMAIL_PARTITION_PREFIX}${email.trim().toLowerCase()}`, 'INVITE#', {
    consistent: true,
  });
  for (const invitation of waiting) {
    const { pk: _pk, sk: _sk, ...fields } = invitation;
    const target = sharingKeys.invitation(userId, invitation.id);
    const copyKey = sharingKeys.invitedCopy(invitation.payerId, invitation.subscriptionId, invitation.id);
    try {
      await transact([
        { Put: { TableName, Item: { ...target, ...fields }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Delete: { TableName, Key: { pk: invitation.pk, sk: invitation.sk } } },
        ...(invitation.state === 'pending'
          ? [
              {
                Update: {
                  TableName,
                  Key: copyKey,
                  UpdateExpression: 'SET inviteeKey = :target',
                  ConditionExpression: 'attribute_exists(pk)',
                  ExpressionAttributeValues: { ':target': target },
                },
              },
            ]
          : []),
      ]);
    } catch (error) {
      // Withdrawn or moved meanwhile: nothing left to move.
      if (!(error instanceof SharingChangedError)) throw error;
    }
  }
}
