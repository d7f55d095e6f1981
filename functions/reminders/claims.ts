import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type ReminderRule, ruleKey } from '../../shared/domain/reminders/rules.js';
import { dynamo } from '../lib/chassis/aws.js';
import { isConditionFailure } from '../lib/chassis/errors.js';
import { epochSeconds, nowIso, tableName } from '../lib/chassis/table.js';

/**
 * The marker of one reminder (`REMINDER#<subscription>#<event date>#<rule key>` / `SENT`, e.g.
 * `REMINDER#…#2031-03-11#renewal-10d`; issue 25 §1: idempotent per rule, occurrence and channel): claimed
 * before the e-mail is sent, then settled as sent or failed, so no reminder goes out twice however often its
 * message arrives (docs/decisions/0028-reminder-fan-out.md).
 *
 * - `sending`: a sender holds it since `claimedAt`. A claim older than the claim timeout was left by a
 *   sender that died (the timeout is longer than the sender function's own), so the next delivery takes
 *   it over; a younger one belongs to a sender still at work, and the message comes back later.
 * - `released`: a send failed on something passing (throttling, a 5xx, the network); anyone may claim it.
 * - `sent` and `failed` (a permanent refusal) are final.
 */
export type MarkerStatus = 'sending' | 'released' | 'sent' | 'failed';

export interface MarkerKey {
  pk: string;
  /** 'SENT' for the e-mail, `CHANNEL#<id>` for a channel's delivery of the same reminder (issue 25 §2). */
  sk: string;
}

export const markerKey = (subscriptionId: string, eventDate: string, rule: Pick<ReminderRule, 'event' | 'offset' | 'unit'>): MarkerKey => ({
  pk: `REMINDER#${subscriptionId}#${eventDate}#${ruleKey(rule)}`,
  sk: 'SENT',
});

/** The marker of a channel's delivery of a reminder: beside the e-mail's, one per channel. */
export const channelMarkerKey = (reminder: MarkerKey, channelId: string): MarkerKey => ({ pk: reminder.pk, sk: `CHANNEL#${channelId}` });

/** The marker of a member's e-mail of a shared subscription's reminder (issue 26): beside the payer's, one per member. */
export const memberMarkerKey = (reminder: MarkerKey, memberId: string): MarkerKey => ({ pk: reminder.pk, sk: `MEMBER#${memberId}` });

export type ClaimResult = { claimed: true; claimId: string } | { claimed: false; status: MarkerStatus };

const update = (input: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>) =>
  dynamo().send(new UpdateCommand({ TableName: tableName(), ...input }));

/** Takes the reminder for this sender, unless it is settled or another live sender holds it. */
export async function claim(key: MarkerKey, dueDate: string, claimTimeoutSeconds: number): Promise<ClaimResult> {
  const now = epochSeconds();
  const claimId = randomUUID();
  try {
    await update({
      Key: key,
      UpdateExpression: 'SET #status = :sending, claimedAt = :now, claimId = :claimId, expiresAt = :expires',
      ConditionExpression: 'attribute_not_exists(pk) OR #status = :released OR (#status = :sending AND claimedAt < :stale)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sending': 'sending',
        ':released': 'released',
        ':now': now,
        ':stale': now - claimTimeoutSeconds,
        ':claimId': claimId,
        // Kept a week past the due date, then DynamoDB's TTL removes it.
        ':expires': epochSeconds(new Date(`${dueDate}T00:00:00Z`)) + 7 * 86400,
      },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    });
    return { claimed: true, claimId };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The document client leaves the old item of a failed condition in DynamoDB's own form.
    const status = (error as { Item?: { status?: { S?: string } } }).Item?.status?.S as MarkerStatus | undefined;
    return { claimed: false, status: status ?? 'sending' };
  }
}

/** Settles the claim as sent or failed; false when the claim was no longer this sender's. */
export async function settle(key: MarkerKey, claimId: string, outcome: { status: 'sent' } | { status: 'failed'; reason: string }) {
  try {
    await update({
      Key: key,
      UpdateExpression:
        outcome.status === 'sent'
          ? 'SET #status = :status, sentAt = :at REMOVE claimId'
          : 'SET #status = :status, failedAt = :at, reason = :reason REMOVE claimId',
      ConditionExpression: 'claimId = :claimId',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':at': nowIso(),
        ':claimId': claimId,
        ...(outcome.status === 'failed' ? { ':reason': outcome.reason } : {}),
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the claim back after a passing failure, so the message's next delivery claims it at once. */
export async function release(key: MarkerKey, claimId: string): Promise<void> {
  await update({
    Key: key,
    UpdateExpression: 'SET #status = :released REMOVE claimId, claimedAt',
    ConditionExpression: '#status = :sending AND claimId = :claimId',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':sending': 'sending', ':released': 'released', ':claimId': claimId },
  }).catch(() => undefined); // a claim not released times out instead
}
