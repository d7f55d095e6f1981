import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Subscription } from '../../shared/api/subscription.js';
import type { SubscriptionInput } from '../../shared/api/subscriptions.js';
import { addDays, localToday } from '../../shared/domain/dates.js';
import { linkFromMail } from './mailbox';
import { stack } from './stacks';

/**
 * The browser tests' one helper module (docs/decisions/0106-browser-tests-start-from-api-state.md):
 * state made through the API (sign-up and verification through the mailbox, a membership granted by
 * the owner, subscriptions), direct table access for what no API offers, the signed-in storage state
 * (signIn: no sign-in screen is loaded unless a test is about that screen) and the page shortcuts
 * several specs share.
 */

/** The password of every member createMember() makes. */
export const MEMBER_PASSWORD = 'Dashboard123!';
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The app's URL on the stack of the project the test runs in (stacks.ts). */
export const baseUrl = (): string => stack().url;

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

/** The owner the local stack seeds (local/stack.ts). */
export const OWNER = { username: 'owner', password: 'Owner123!' } as const;

/** A new session of the owner over the API. */
export async function ownerToken(): Promise<string> {
  return (await apiCall<{ token: string }>('POST', '/api/auth/login', { body: OWNER })).token;
}

/** Grants a paid membership as the owner (POST /api/admin/membership/grant; null days: forever); returns its end (ISO) or null. */
export async function grantMembership(
  user: { id: string },
  subscriptionType: 'vip' | 'premium',
  duration: number | null,
  owner?: string,
): Promise<string | null> {
  const { user: granted } = await apiCall<{ user: { subscriptionEnd: string | null } }>('POST', '/api/admin/membership/grant', {
    token: owner ?? (await ownerToken()),
    body: { userId: user.id, subscriptionType, duration, isForever: duration === null },
  });
  return granted.subscriptionEnd;
}

/** A client for each DynamoDB Local endpoint a test of this worker reached. */
const tables = new Map<string, DynamoDBDocumentClient>();

/** The table of the test's stack (its DynamoDB Local endpoint and name, stacks.ts). */
function directTable(): { client: DynamoDBDocumentClient; tableName: string } {
  const { dynamoEndpoint: endpoint, tableName } = stack();
  let client = tables.get(endpoint);
  if (!client) {
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    tables.set(endpoint, client);
  }
  return { client, tableName };
}

/**
 * Sets (or, for null, removes) attributes of a user's profile item directly in DynamoDB, for what
 * no API offers yet (roles, a user without an e-mail), in the table of the test's stack.
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

/**
 * Signs the page's browser context in with `token`: the stored token a sign-in leaves (only the token,
 * as another device would have it: the first screen loads the user from the server), written as the
 * context's storage state, with no page loaded for it. Replaces the context's cookies and storage.
 */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.context().setStorageState({
    cookies: [],
    origins: [{ origin: new URL(baseUrl()).origin, localStorage: [{ name: 'token', value: token }] }],
  });
}

/**
 * Opens `path` signed in with `token` and waits for the screen's heading (level 1). The context's
 * first page finds nothing in the browser's cache: after its load the screen's own code, the user and
 * the screen's data still come in, so the heading is given twice expect's usual time.
 */
export async function openSignedIn(page: Page, token: string, path: string, heading: string | RegExp): Promise<void> {
  await signIn(page, token);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

/** Opens the dashboard signed in as `user` and waits for the list (its heading, which is not the page's h1). */
export async function openDashboard(page: Page, user: { token: string }): Promise<void> {
  await signIn(page, user.token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Subscriptions' })).toBeVisible({ timeout: 20_000 });
}

/** Opens the settings screen signed in as `user` (or with a token). */
export function openSettings(page: Page, user: { token: string } | string): Promise<void> {
  return openSignedIn(page, typeof user === 'string' ? user : user.token, '/settings', 'Account Settings');
}

/** Opens the admin console signed in with the owner's (or an admin's) token. */
export function openAdmin(page: Page, token: string): Promise<void> {
  return openSignedIn(page, token, '/admin', 'Admin Dashboard');
}

/** A section of a page by its card heading (level 2). */
export const section = (page: Page, name: string): Locator =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

/** Presses Tab until `target` has the focus, at most `limit` times. */
export async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `Tab reaches the control within ${limit} presses`).toBeFocused();
}

/** How far the page scrolls sideways, in CSS pixels. */
export const horizontalOverflow = async (page: Page): Promise<number> =>
  Number(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'));

/** Texts cut off by their box in the page or an open dialog. */
export async function clippedTexts(page: Page): Promise<string[]> {
  return (await page.evaluate(`
    [...document.querySelectorAll('main h1, main h2, main h3, main p, main li, main label, main button, main a, [role="dialog"] *, [role="alertdialog"] *')]
      .filter((el) => el.clientWidth > 0 && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      .map((el) => el.textContent)
  `)) as string[];
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
