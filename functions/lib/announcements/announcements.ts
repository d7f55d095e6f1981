import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Announcement, AnnouncementFields } from '../../../shared/api/announcements.js';
import { MAX_ANNOUNCEMENTS } from '../../../shared/api/announcements.js';
import { dynamo } from '../chassis/aws.js';
import { isConditionFailure } from '../chassis/errors.js';
import { queryPrefix } from '../chassis/query.js';
import { retryOnError } from '../chassis/retry.js';
import { nowIso, tableName } from '../chassis/table.js';

/** Every announcement sits in one partition, read with one Query (DESIGN §4). */
const ANNOUNCEMENTS_PARTITION = 'ANNOUNCEMENTS';
const ANNOUNCEMENT_PREFIX = 'ANN#';

/** The announcement items' keys: each domain keeps its own (docs/decisions/0123-each-domain-owns-its-keys.md). */
const announcementKeys = {
  announcement: (announcementId: string) => ({ pk: ANNOUNCEMENTS_PARTITION, sk: `${ANNOUNCEMENT_PREFIX}${announcementId}` }),
  /** How many announcements exist: changed in the same transaction as each create and delete (the cap). */
  announcementCount: () => ({ pk: ANNOUNCEMENTS_PARTITION, sk: 'COUNT' }),
};

/**
 * Announcements live in one partition (`ANNOUNCEMENTS` / `ANN#<id>`, DESIGN §4), read with one
 * Query and sorted by `displayOrder`. A counter item (`ANNOUNCEMENTS` / `COUNT`) changes in the
 * same transaction as every create and delete, so the cap of MAX_ANNOUNCEMENTS holds under races.
 */
export interface AnnouncementItem extends Announcement {
  pk: string;
  sk: string;
}

export function toAnnouncement(item: AnnouncementItem): Announcement {
  return {
    id: item.id,
    title: item.title,
    content: item.content,
    changes: [...(item.changes ?? [])],
    date: item.date,
    displayOrder: Number(item.displayOrder),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** Ascending displayOrder; equal positions (two creates at once) fall back to the older first. */
const byDisplayOrder = (a: Announcement, b: Announcement) =>
  a.displayOrder - b.displayOrder || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Every announcement, in display order: one Query on the partition (at most 100 small items, one page). */
export async function listAnnouncements(): Promise<AnnouncementItem[]> {
  const items = await queryPrefix<AnnouncementItem>(ANNOUNCEMENTS_PARTITION, ANNOUNCEMENT_PREFIX);
  return items.sort(byDisplayOrder);
}

/** A transaction refused because one of its conditions failed (or a concurrent transaction). */
export function transactionRefused(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed' || reason.Code === 'TransactionConflict');
}

/**
 * Sends a transaction, again (the retry helper's 'conflict' kind) when it lost to a concurrent one on
 * the same items — every create and delete also writes the counter item, so two admins at once meet there.
 */
async function sendTransaction(input: ConstructorParameters<typeof TransactWriteCommand>[0]): Promise<void> {
  const conflictOnly = (error: unknown) =>
    transactionRefused(error) && cancellationCodes(error).every((code) => code === 'None' || code === 'TransactionConflict');
  await retryOnError('conflict', 'announcement transaction', () => dynamo().send(new TransactWriteCommand(input)), conflictOnly);
}

/** The reason code of each item of a cancelled transaction, in order ('None' for the ones that passed). */
export function cancellationCodes(error: unknown): string[] {
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

/**
 * Creates an announcement at the top of the list (displayOrder one below the current first), and
 * counts it. Answers undefined when the cap is reached.
 */
export async function createAnnouncement(fields: AnnouncementFields): Promise<AnnouncementItem | undefined> {
  const current = await listAnnouncements();
  const first = current[0]?.displayOrder;
  const id = crypto.randomUUID();
  const now = nowIso();
  const item: AnnouncementItem = {
    ...announcementKeys.announcement(id),
    id,
    ...fields,
    displayOrder: first === undefined ? 0 : first - 1,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await sendTransaction({
      TransactItems: [
        { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: tableName(),
            Key: announcementKeys.announcementCount(),
            UpdateExpression: 'ADD #count :one',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1, ':max': MAX_ANNOUNCEMENTS },
          },
        },
      ],
    });
  } catch (error) {
    if (transactionRefused(error) && cancellationCodes(error)[1] === 'ConditionalCheckFailed') return undefined;
    throw error;
  }
  return item;
}

/** Replaces an announcement's fields, keeping its position. Answers undefined for an unknown id. */
export async function updateAnnouncement(id: string, fields: AnnouncementFields): Promise<AnnouncementItem | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: announcementKeys.announcement(id),
        UpdateExpression: 'SET #date = :date, #title = :title, #content = :content, #changes = :changes, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: {
          '#date': 'date',
          '#title': 'title',
          '#content': 'content',
          '#changes': 'changes',
          '#updatedAt': 'updatedAt',
        },
        ExpressionAttributeValues: {
          ':date': fields.date,
          ':title': fields.title,
          ':content': fields.content,
          ':changes': fields.changes,
          ':now': nowIso(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes as AnnouncementItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** Deletes an announcement and uncounts it. Answers false for an unknown id. */
export async function deleteAnnouncement(id: string): Promise<boolean> {
  try {
    await sendTransaction({
      TransactItems: [
        { Delete: { TableName: tableName(), Key: announcementKeys.announcement(id), ConditionExpression: 'attribute_exists(pk)' } },
        {
          Update: {
            TableName: tableName(),
            Key: announcementKeys.announcementCount(),
            UpdateExpression: 'ADD #count :minusOne',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':minusOne': -1 },
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (transactionRefused(error) && cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * Writes every announcement's new displayOrder in ONE transaction (at most 100 items, hence the
 * cap), each on condition that the announcement still exists. Answers false when one was deleted
 * meanwhile: then nothing is written. `now` becomes each one's `updatedAt`.
 */
export async function writeOrder(order: Array<{ id: string; displayOrder: number }>, now: string): Promise<boolean> {
  if (order.length === 0) return true;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: order.map(({ id, displayOrder }) => ({
          Update: {
            TableName: tableName(),
            Key: announcementKeys.announcement(id),
            UpdateExpression: 'SET #order = :order, #updatedAt = :now',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#order': 'displayOrder', '#updatedAt': 'updatedAt' },
            ExpressionAttributeValues: { ':order': displayOrder, ':now': now },
          },
        })),
      }),
    );
    return true;
  } catch (error) {
    if (transactionRefused(error)) return false;
    throw error;
  }
}
