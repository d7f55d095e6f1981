import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Subscription } from '../../shared/api/subscription.js';
import type { SubscriptionInput } from '../../shared/api/subscriptions.js';
import { addDays, localToday } from '../../shared/domain/dates.js';
import { linkFromMail } from './mailbox';

/** Helpers for the subscriptions dashboard tests: API seeding, direct table access and page shortcuts. */

/** The password of every member createMember() makes. */
export const MEMBER_PASSWORD = 'Dashboard123!';
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests with test/e2e/playwright.config.ts');
  return url;
}

export async function apiCall<T>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(baseUrl() + path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  // A 204 (logout) has no body.
  const text = await response.text();
  const body = (text ? JSON.parse(text) : null) as T;
  expect(response.ok, `${method} ${path} → ${response.status} ${JSON.stringify(body)}`).toBe(true);
  return body;
}

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

/** Registers, verifies through the mailed link and signs in over the API: a ready member. */
export async function createMember(prefix = 'dash'): Promise<TestUser> {
  const username = unique(prefix);
  const email = `${username}@example.com`;
  const { userId } = await apiCall<{ userId: string }>('POST', '/api/auth/register', {
    body: { username, email, password: MEMBER_PASSWORD },
  });
  const link = new URL(await linkFromMail(email, 'verify-email'));
  await apiCall('GET', `/api/auth/verify-email/${link.searchParams.get('token')}`);
  const { token } = await apiCall<{ token: string }>('POST', '/api/auth/login', {
    body: { username, password: MEMBER_PASSWORD },
  });
  return { id: userId, username, token };
}

let table: DynamoDBDocumentClient | undefined;

/** The embedded stack's table (global-setup.ts exports its DynamoDB endpoint and name to the workers). */
function directTable(): { client: DynamoDBDocumentClient; tableName: string } {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const tableName = process.env.TABLE_NAME;
  if (!endpoint || !tableName) throw new Error('The local stack did not export AWS_ENDPOINT_URL_DYNAMODB and TABLE_NAME');
  table ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  return { client: table, tableName };
}

/**
 * Sets (or, for null, removes) attributes of a user's profile item directly in DynamoDB, for what
 * no API offers yet (roles, a user without an e-mail). The embedded stack runs inside the test
 * runner (global-setup.ts), which exports its DynamoDB endpoint and table name to the workers.
 */
export async function updateProfile(userId: string, attributes: Record<string, string | null>): Promise<void> {
  const { client, tableName } = directTable();
  const entries = Object.entries(attributes);
  const set = entries.filter(([, value]) => value !== null);
  const remove = entries.filter(([, value]) => value === null);
  const clauses = [
    set.length ? `SET ${set.map(([name]) => `#${name} = :${name}`).join(', ')}` : '',
    remove.length ? `REMOVE ${remove.map(([name]) => `#${name}`).join(', ')}` : '',
  ];
  await client.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
      UpdateExpression: clauses.filter(Boolean).join(' '),
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ...(set.length ? { ExpressionAttributeValues: Object.fromEntries(set.map(([name, value]) => [`:${name}`, value])) } : {}),
    }),
  );
}

/**
 * Writes `count` active subscriptions named 'Bulk 1'… straight into the user's partition, as an
 * account from before the per-user count holds them: many at once, where the API would be slow.
 */
export async function seedSubscriptionsDirectly(user: TestUser, count: number, dueDate: string): Promise<void> {
  const { client, tableName } = directTable();
  const now = new Date().toISOString();
  const items = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    return {
      pk: `USER#${user.id}`,
      sk: `SUB#${id}`,
      gsi1pk: `DUE#${dueDate}`,
      gsi1sk: `USER#${user.id}#SUB#${id}`,
      userId: user.id,
      id,
      name: `Bulk ${i + 1}`,
      description: '',
      amount: 1,
      category: 'other',
      dueDate,
      billingCycle: 'monthly',
      autoRenew: false,
      status: 'active',
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    };
  });
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
}

/** Today in the machine's zone, which the browser shares, moved by `offset` days: YYYY-MM-DD. */
export const day = (offset = 0) => addDays(localToday(), offset);

export function seedSubscription(user: TestUser, input: SubscriptionInput): Promise<Subscription> {
  return apiCall<Subscription>('POST', '/api/subscriptions', { token: user.token, body: input });
}

export function listSubscriptions(user: TestUser): Promise<Subscription[]> {
  return apiCall<Subscription[]>('GET', '/api/subscriptions', { token: user.token });
}

/** Opens the dashboard signed in as `user` (the stored token, as a login leaves it) and waits for the list. */
export async function openDashboard(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(user.token)})`);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible();
}

/** A subscription card by its name. */
export const card = (page: Page, name: string): Locator => page.getByRole('article', { name, exact: true });

/** The names on the cards of the current page, in order. */
export const cardNames = (page: Page): Promise<string[]> =>
  page.getByRole('list', { name: 'Subscriptions' }).getByRole('heading', { level: 3 }).allTextContents();

/** A toast with this exact text. */
export const toast = (page: Page, text: string): Locator =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });

/** Answers the question an edited price asks before it is saved (issue 24 §2) with 'Correct the price' (a typo, no history). */
export async function correctThePrice(page: Page): Promise<void> {
  const question = page.getByRole('dialog', { name: 'A new price?' });
  await question.getByRole('radio', { name: /^Correct the price/ }).check();
  await question.getByRole('button', { name: 'Save Changes' }).click();
  await expect(question).toBeHidden();
}
