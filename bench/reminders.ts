import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { addDays } from '../shared/domain/dates.js';
import { json, quick, table } from './common.js';

/** The reminder job with 1,000 due among 10,000 and 100,000 subscriptions: items read per reminder and run time. */
export async function reminderSection(stack: { url: string; tableName: string }) {
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const users = Array.from({ length: 100 }, (_, i) => ({
    pk: `USER#bench-${i}`,
    sk: 'PROFILE',
    id: `bench-${i}`,
    username: `bench${i}`,
    displayName: `Bench ${i}`,
    email: `bench${i}@example.com`,
    emailVerified: true,
    role: 'member',
    accountStatus: 'active',
    timeZone: 'UTC',
    currencyPreference: 'USD',
    tokenVersion: 1,
  }));
  let serial = 0;
  const subscription = (dueDate: string, userIndex: number, active: boolean) => {
    const id = `bench-sub-${serial++}`;
    const userId = `bench-${userIndex}`;
    return {
      pk: `USER#${userId}`,
      sk: `SUB#${id}`,
      id,
      userId,
      name: `Bench ${id}`,
      description: '',
      amount: 9.99,
      category: 'software',
      dueDate,
      billingCycle: 'monthly',
      autoRenew: false,
      status: active ? 'active' : 'canceled',
      deletedAt: null,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      ...(active ? { gsi1pk: `DUE#${dueDate}`, gsi1sk: `USER#${userId}#SUB#${id}` } : {}),
    };
  };
  const write = async (items: Record<string, unknown>[]) => {
    const batches = [];
    for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
    for (let i = 0; i < batches.length; i += 16) {
      await Promise.all(
        batches
          .slice(i, i + 16)
          .map((batch) =>
            documents.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: batch.map((Item) => ({ PutRequest: { Item } })) } })),
          ),
      );
    }
  };
  await write(users);
  const reminderRows = [];
  let total = 0;
  const scenarios: Array<[number, string]> = quick
    ? [[10_000, '2040-01-10']]
    : [
        [10_000, '2040-01-10'],
        [100_000, '2041-01-10'],
      ];
  for (const [size, runDate] of scenarios) {
    const due = Array.from({ length: 1000 }, (_, i) => subscription(addDays(runDate, i % 2 ? 10 : 3), i % 100, true));
    const notDue = Array.from({ length: size - total - 1000 }, (_, i) =>
      subscription(addDays('2045-01-01', i % 3000), i % 100, i % 5 !== 0),
    );
    await write([...due, ...notDue]);
    total = size;
    const summary = await json(`${stack.url}/_local/reminders?date=${runDate}`, { method: 'POST' });
    reminderRows.push({
      subscriptions: size.toLocaleString('en-US'),
      due: summary.due,
      sent: summary.sent,
      'items read': summary.itemsRead,
      'items read / sent': (summary.itemsRead / Math.max(1, summary.sent)).toFixed(2),
      'run ms': summary.durationMs,
    });
  }
  table('Reminder job (1,000 due; DynamoDB Local + SES emulator)', reminderRows);
}
