import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '../../../shared/api/subscription.js';
import { todayIn } from '../../../shared/domain/dates.js';
import {
  effectiveReminderRules,
  hasCustomReminderRules,
  type ReminderRule,
  type RulesOwner,
  type RulesSource,
  ruleKey,
} from '../../../shared/domain/reminders/rules.js';
import { hourKey, type PlannedReminder, plannedReminders, type ReminderClock } from '../../../shared/domain/reminders/schedule.js';
import type { ShareMember, ShareMode } from '../../../shared/domain/sharing/sharing.js';
import { dynamo } from '../chassis/aws.js';
import { now } from '../chassis/clock.js';
import { isConditionFailure } from '../chassis/errors.js';
import { epochSeconds, tableName } from '../chassis/table.js';
import { effectiveUserItem } from '../membership/membership.js';
import { SUBSCRIPTION_PREFIX, subscriptionKeys } from '../subscriptions/keys.js';
import { userKeys } from '../users/keys.js';
import { cancellationCodes, withConflictRetries } from '../users/user-counters.js';
import type { UserItem } from '../users/user-item.js';
import { reminderPartition } from './keys.js';

/**
 * The reminder index (issue 25 §1; docs/decisions/0094-reminder-index.md): one entry per reminder to
 * come — (subscription, rule, event date) — beside its subscription (`USER#<id>` /
 * `REMIND#<subscription>#<rule key>`), in gsi1 `REMINDAT#<YYYY-MM-DDTHH>`, the UTC hour it goes out. It
 * carries a copy of the subscription's reminded fields, the rule and the event's date, so the planner
 * reads one item per reminder and never the subscription. The subscription lists its entries
 * (`reminderEntries`), so each change puts the entries it has now and deletes exactly the ones it no
 * longer has, in the same transaction (one read of the owner: their rules, hour, zone and tier).
 * DynamoDB's TTL removes an entry a week after its hour.
 */

/** A stored subscription as the index reads it (functions/lib/subscriptions/subscriptions.ts: IndexedSubscription). */
export type IndexedSubscription = Omit<Subscription, 'cancelBy' | 'logo' | 'shared' | 'sharing'> & {
  userId: string;
  /** Its accepted members and their split while its owner shares it (issue 26): a renewal's reminder goes to each. */
  sharing?: { mode: ShareMode; members: ShareMember[] };
  reminderRules?: ReminderRule[];
  /** The sort keys of its entries. */
  reminderEntries?: string[];
};

/** The fields an entry copies from its subscription: all the planner needs to write the reminder. */
export const REMINDED_FIELDS = [
  'id',
  'userId',
  'name',
  'amount',
  'currency',
  'priceHistory',
  'category',
  'dueDate',
  'billingCycle',
  'cycleInterval',
  'anchorDay',
  'trialEndsAt',
  'endsAt',
  'noticeDays',
  'cancelByDate',
  'autoRenew',
  'status',
  'updatedAt',
  'sharing',
] as const satisfies readonly (keyof IndexedSubscription)[];

export type RemindedCopy = Pick<IndexedSubscription, (typeof REMINDED_FIELDS)[number]>;

/** The rule an entry goes out under, with where it came from. */
export interface IndexedRule extends ReminderRule {
  source: RulesSource;
}

export interface ReminderIndexItem extends RemindedCopy {
  pk: string;
  sk: string;
  gsi1pk: string;
  gsi1sk: string;
  rule: IndexedRule;
  /** The date the rule counts back from (the due date, the trial's end, the cancel-by date, the end date). */
  eventDate: string;
  /** The hour (ISO instant, UTC) it goes out. */
  remindAt: string;
  expiresAt: number;
}

/** What the hours depend on: the owner's rules, hour, zone, tier and settings. */
export type ReminderOwner = RulesOwner & ReminderClock & Pick<UserItem, 'id'>;

/** The owner as reminders see them: the membership in effect now (a paid term that ended is a member's). */
export async function reminderOwner(userId: string): Promise<ReminderOwner | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: userKeys.user(userId) }));
  return Item ? effectiveUserItem(Item as UserItem, now()) : undefined;
}

/**
 * The reminders the subscription's rules in force give it, one per rule key (rules of the same timing
 * share their reminder: their channels together), soonest first.
 */
export function remindersOf(sub: RemindedCopy & { reminderRules?: ReminderRule[] | null }, owner: ReminderOwner, today: string) {
  const { rules, source } = effectiveReminderRules(owner, sub.reminderRules ?? null);
  const merged = new Map<string, ReminderRule>();
  for (const rule of rules) {
    const key = ruleKey(rule);
    const same = merged.get(key);
    merged.set(key, same ? { ...same, channels: [...new Set([...same.channels, ...rule.channels])] } : rule);
  }
  return { source, reminders: plannedReminders(sub, [...merged.values()], owner, today) };
}

const entryKey = (sub: Pick<IndexedSubscription, 'userId' | 'id'>, reminder: Pick<PlannedReminder, 'rule' | 'eventDate'>) => ({
  pk: userKeys.user(sub.userId).pk,
  sk: `REMIND#${sub.id}#${ruleKey(reminder.rule)}#${reminder.eventDate}`,
});

/**
 * The subscription's entries: its reminders after `after` under its owner's rules (none without an
 * owner), planned on the owner's day at `after`: a cancel-by deadline already past then gives way to the
 * one before the renewal after it (issue 35 §2.5).
 */
export function reminderIndexItems(sub: IndexedSubscription, owner: ReminderOwner | undefined, after: Date): ReminderIndexItem[] {
  if (!owner) return [];
  const copy = Object.fromEntries(REMINDED_FIELDS.filter((field) => sub[field] !== undefined).map((field) => [field, sub[field]]));
  const { source, reminders } = remindersOf(sub, owner, todayIn(owner.timeZone ?? 'UTC', after));
  return reminders
    .filter((reminder) => reminder.at.getTime() > after.getTime())
    .map((reminder) => {
      const key = entryKey(sub, reminder);
      return {
        ...(copy as RemindedCopy),
        ...key,
        gsi1pk: reminderPartition(hourKey(reminder.at)),
        gsi1sk: `USER#${sub.userId}#${key.sk}`,
        rule: { ...reminder.rule, source },
        eventDate: reminder.eventDate,
        remindAt: reminder.at.toISOString(),
        expiresAt: epochSeconds(reminder.at) + 7 * 86400,
      };
    });
}

/**
 * The index writes of a subscription going from `before` (none for a new one) to `after`, for its
 * transaction: a put of each entry it has from now on, a delete of each entry it had (as it lists them)
 * and no longer has; and the list to store on it as `reminderEntries`.
 */
export function reminderIndexWrites(before: IndexedSubscription | undefined, after: IndexedSubscription, owner: ReminderOwner | undefined) {
  const TableName = tableName();
  const items = reminderIndexItems(after, owner, now());
  const entries = items.map((item) => item.sk);
  const had = before?.reminderEntries ?? [];
  const gone = had.filter((sk) => !entries.includes(sk));
  return {
    entries,
    writes: [
      ...items.map((Item) => ({ Put: { TableName, Item } })),
      ...gone.map((sk) => ({ Delete: { TableName, Key: { pk: userKeys.user(after.userId).pk, sk } } })),
    ],
  };
}

/**
 * Rewrites the entries of every subscription of the user from their settings now (issue 25 §1): after the
 * account's rules, their hour, time zone or reminder settings, or their membership changed. One
 * transaction per subscription, on the condition that it was not changed meanwhile (a change writes its
 * own entries). Answers how many subscriptions it indexed.
 */
export async function reindexUserReminders(userId: string): Promise<number> {
  const owner = await reminderOwner(userId);
  let cursor: Record<string, unknown> | undefined;
  let count = 0;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userKeys.user(userId).pk, ':prefix': SUBSCRIPTION_PREFIX },
        ExclusiveStartKey: cursor,
        Limit: 100,
      }),
    );
    const subscriptions = (page.Items ?? []) as IndexedSubscription[];
    for (let i = 0; i < subscriptions.length; i += 5) {
      const indexed = await Promise.all(subscriptions.slice(i, i + 5).map((sub) => reindexSubscription(sub, owner)));
      count += indexed.filter(Boolean).length;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return count;
}

/**
 * Rewrites one subscription's entries (issue 26): after its members changed (an invitation accepted, a
 * member removed or gone, a share changed), so each entry's copy names the members its renewal's reminder
 * goes to. A subscription that changed meanwhile wrote its own entries.
 */
export async function reindexSubscriptionReminders(userId: string, subscriptionId: string): Promise<void> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName(), Key: subscriptionKeys.subscription(userId, subscriptionId), ConsistentRead: true }),
  );
  if (Item) await reindexSubscription(Item as IndexedSubscription, await reminderOwner(userId));
}

/** One subscription's entries rewritten; false when it changed meanwhile (its change wrote them). */
async function reindexSubscription(sub: IndexedSubscription, owner: ReminderOwner | undefined): Promise<boolean> {
  const { entries, writes } = reminderIndexWrites(sub, sub, owner);
  const update = {
    TableName: tableName(),
    Key: subscriptionKeys.subscription(sub.userId, sub.id),
    UpdateExpression: 'SET reminderEntries = :entries',
    ConditionExpression: sub.updatedAt === undefined ? 'attribute_exists(pk) AND attribute_not_exists(updatedAt)' : 'updatedAt = :seen',
    ExpressionAttributeValues: { ':entries': entries, ...(sub.updatedAt === undefined ? {} : { ':seen': sub.updatedAt }) },
  };
  try {
    await withConflictRetries(() => dynamo().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...writes] })));
    return true;
  } catch (error) {
    if (isConditionFailure(error) || cancellationCodes(error)?.[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * After a membership change (an upgrade, a downgrade, a paid term's end, an admin's role change): a user
 * who gains or loses the paid tier gets or loses the 1-day reminder, their own rules and their channels,
 * so their reminders are indexed again. A change within the paid tiers changes none of that.
 */
export async function reindexRemindersAfterTierChange(before: { role: string }, after: { id: string; role: string }): Promise<void> {
  if (hasCustomReminderRules(before.role) !== hasCustomReminderRules(after.role)) await reindexUserReminders(after.id);
}
