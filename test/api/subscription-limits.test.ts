import { BatchWriteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { type AccountExport, accountMessages } from '../../shared/api/account.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { SUBSCRIPTIONS_PAGE_SIZE } from '../../shared/api/subscription-list.js';
import { subscriptionLimitMessage, subscriptionMessages } from '../../shared/api/subscriptions.js';
import { apiUrl, call, getItem, landingCounts, ownerSession, type SignedInUser, setAttributes, signedInUser, table } from './helpers.js';

/**
 * Issue 21 point 5, 'One account cannot grow without bound': the ceilings per tier (member 50, VIP
 * 200, Premium 2,000) hold under concurrent creates and for accounts from before the count; an
 * account at Premium's ceiling pages its list and its export far below Lambda's 6 MB, and its
 * deletion finishes, is harmless when repeated, and leaves the landing counters exact.
 */

const netflix = { name: 'Netflix', amount: 15.49, category: 'streaming', dueDate: '2031-03-01' };
const create = (user: SignedInUser) => call('POST', '/api/subscriptions', { token: user.token, body: netflix });
const landing = landingCounts;
const stored = async () => (await getItem('STATS', 'GLOBAL')) as Record<string, number>;

/** A name or description as long as the contract allows, in 3-byte UTF-8 characters: the largest answer per subscription. */
const widest = (length: number) => '€'.repeat(length);

/**
 * Writes subscriptions straight into the user's partition, the way an account from before the
 * per-user count holds them (no count on the profile), `trashed` of them in the trash.
 */
async function seed(userId: string, count: number, { trashed = 0, wide = false } = {}): Promise<void> {
  const { client, name } = table();
  const now = new Date().toISOString();
  const items = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    const inTrash = i < trashed;
    return {
      pk: `USER#${userId}`,
      sk: `SUB#${id}`,
      ...(inTrash ? {} : { gsi1pk: 'DUE#2031-03-01', gsi1sk: `USER#${userId}#SUB#${id}` }),
      userId,
      id,
      name: wide ? widest(100) : `Seeded ${i}`,
      description: wide ? widest(500) : '',
      amount: 999999.99,
      category: wide ? widest(50) : 'streaming',
      dueDate: '2031-03-01',
      billingCycle: 'monthly',
      autoRenew: true,
      status: inTrash ? 'deleted' : 'active',
      deletedAt: inTrash ? now : null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const batches = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  for (let start = 0; start < batches.length; start += 8) {
    await Promise.all(
      batches.slice(start, start + 8).map(async (batch) => {
        let requests = batch.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length > 0) {
          const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [name]: requests } }));
          requests = (UnprocessedItems?.[name] ?? []) as typeof requests;
        }
      }),
    );
  }
}

/** Adds to the landing counters what seeding bypassed, as the API would have on each create. */
async function countOnLanding(subscriptions: number): Promise<void> {
  const { client, name } = table();
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: { pk: 'STATS', sk: 'GLOBAL' },
      UpdateExpression: 'ADD totalSubscriptions :n',
      ExpressionAttributeValues: { ':n': subscriptions },
    }),
  );
}

/** Writes `count` activity entries a second apart, the way recordActivity keys them. */
async function seedActivity(userId: string, count: number): Promise<void> {
  const { client, name } = table();
  for (let start = 0; start < count; start += 25) {
    let requests = Array.from({ length: Math.min(25, count - start) }, (_, i) => {
      const id = crypto.randomUUID();
      const createdAt = new Date(Date.UTC(2026, 0, 1) + (start + i) * 1000).toISOString();
      return {
        PutRequest: {
          Item: {
            pk: `USER#${userId}`,
            sk: `ACT#${createdAt}#${id}`,
            id,
            actionType: 'seeded',
            createdAt,
            performedBy: 'test',
            details: {},
          },
        },
      };
    });
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [name]: requests } }));
      requests = (UnprocessedItems?.[name] ?? []) as typeof requests;
    }
  }
}

/** How many items the user's partition holds, all of them or those whose sort key starts with `prefix`. */
async function partitionSize(userId: string, prefix = ''): Promise<number> {
  const { client, name } = table();
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: prefix ? { ':pk': `USER#${userId}`, ':prefix': prefix } : { ':pk': `USER#${userId}` },
        Select: 'COUNT',
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** A GET whose answer is measured in bytes as the function sends it. */
async function measured<T>(path: string, token: string): Promise<{ status: number; bytes: number; body: T }> {
  const response = await fetch(apiUrl() + path, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes: bytes.length, body: JSON.parse(bytes.toString('utf8')) as T };
}

async function granted(tier: 'vip' | 'premium'): Promise<SignedInUser> {
  const user = await signedInUser();
  const answer = await call('POST', '/api/admin/membership/grant', {
    token: await ownerSession(),
    body: { userId: user.id, subscriptionType: tier, duration: 30 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return user;
}

describe('ceilings per tier', () => {
  it('a member keeps 50: the 51st answers 403 with the limit; the trash counts, deleting for good frees a place', async () => {
    const user = await signedInUser();
    // An account from before the count: its 49 subscriptions are counted on its first create.
    await seed(user.id, 49);
    expect((await create(user)).status).toBe(201);

    const refused = await create(user);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: subscriptionLimitMessage('member') });

    const list = (await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token })).body;
    expect(list).toHaveLength(50);
    const trashed = list[0];
    expect((await call('DELETE', `/api/subscriptions/${trashed.id}`, { token: user.token })).status).toBe(200);
    expect((await create(user)).status).toBe(403);
    expect((await call('DELETE', `/api/subscriptions/${trashed.id}/permanent`, { token: user.token })).status).toBe(200);
    expect((await create(user)).status).toBe(201);
    expect((await create(user)).status).toBe(403);
  });

  it('holds under concurrent creates: of 20 at once with 40 kept, exactly 10 are created', async () => {
    const user = await signedInUser();
    await seed(user.id, 39);
    expect((await create(user)).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(user)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), ...Array(10).fill(403)]);
    expect((await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token })).body).toHaveLength(50);
  });

  it('a new account’s first creates, sent at once, are all counted and all created', async () => {
    const user = await signedInUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(user)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect((await getItem(`USER#${user.id}`, 'PROFILE'))?.subscriptionCount).toBe(5);
  });

  it('VIP keeps 200', async () => {
    const user = await granted('vip');
    await seed(user.id, 199);
    expect((await create(user)).status).toBe(201);
    const refused = await create(user);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(subscriptionLimitMessage('vip'));
  });
});

/**
 * Runs `deletion` of the user's account and checks it took the user and their `subscriptions` outside the trash
 * off the landing counters exactly once, and off the stored ones (GET /api/stats shows a negative counter as 0,
 * which could hide a double count), leaving nothing in the partition. Answers the counters after it.
 */
async function countedOffOnce(userId: string, subscriptions: number, deletion: () => Promise<void>) {
  const before = await landing();
  const storedBefore = await stored();
  await deletion();
  const after = await landing();
  expect(after.totalUsers - before.totalUsers).toBe(-1);
  expect(after.totalSubscriptions - before.totalSubscriptions).toBe(-subscriptions);
  const storedAfter = await stored();
  expect(storedAfter.totalUsers - storedBefore.totalUsers).toBe(-1);
  expect(storedAfter.totalSubscriptions - storedBefore.totalSubscriptions).toBe(-subscriptions);
  expect(await partitionSize(userId)).toBe(0);
  return { after, storedAfter };
}

describe('an account at Premium’s ceiling of 2,000', () => {
  it('pages its list and export far below 6 MB, then its deletion is exact and harmless when repeated', async () => {
    const user = await granted('premium');
    const trashed = 100;
    await seed(user.id, 2000, { trashed, wide: true });
    await seedActivity(user.id, 1500);
    await countOnLanding(2000 - trashed);
    // Other accounts' subscriptions, as many again, so that a double count could not hide at 0.
    await countOnLanding(2000 - trashed);
    try {
      const refused = await create(user);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(subscriptionLimitMessage('premium'));

      // The list, page by page: every subscription once, no answer over 1.5 MB.
      const listed = new Set<string>();
      for (let after: string | undefined, pages = 0; ; pages++) {
        expect(pages).toBeLessThan(20);
        const page = await measured<Subscription[]>(`/api/subscriptions${after ? `?after=${after}` : ''}`, user.token);
        expect(page.status).toBe(200);
        expect(page.bytes).toBeLessThan(1.5 * 1024 * 1024);
        for (const sub of page.body) listed.add(sub.id);
        if (page.body.length < SUBSCRIPTIONS_PAGE_SIZE) break;
        after = page.body[page.body.length - 1].id;
      }
      expect(listed.size).toBe(2000);

      // The export: its first page, then each list's next pages by that list's own cursor.
      const exported = new Set<string>();
      const activity = new Set<string>();
      const exportPage = async (query: string) => {
        const page = await measured<AccountExport>(`/api/auth/export${query}`, user.token);
        expect(page.status).toBe(200);
        expect(page.bytes).toBeLessThan(1.5 * 1024 * 1024);
        expect(page.body.profile.id).toBe(user.id);
        for (const sub of page.body.subscriptions) exported.add(sub.id);
        for (const entry of page.body.activity) activity.add(entry.id);
        return page.body.next;
      };
      const first = await exportPage('');
      for (let after = first.subscriptionsAfter, pages = 0; after; pages++) {
        expect(pages).toBeLessThan(20);
        after = (await exportPage(`?subscriptionsAfter=${after}`)).subscriptionsAfter;
      }
      for (let before = first.activityBefore, pages = 0; before; pages++) {
        expect(pages).toBeLessThan(20);
        before = (await exportPage(`?activityBefore=${encodeURIComponent(before)}`)).activityBefore;
      }
      expect(exported.size).toBe(2000);
      expect(activity.size).toBe(await partitionSize(user.id, 'ACT#'));
      expect(activity.size).toBeGreaterThan(1500);

      // An admin deletes the account within the request, then once more: one deletion, counted once. (Two at
      // once, each going through all 2,000, are the next test's, on a smaller account.)
      const owner = await ownerSession();
      const { after, storedAfter } = await countedOffOnce(user.id, 2000 - trashed, async () => {
        const deletion = await call('DELETE', `/api/auth/users/${user.id}`, { token: owner });
        expect(deletion.status, JSON.stringify(deletion.body)).toBe(200);
      });

      const again = await call('DELETE', `/api/auth/users/${user.id}`, { token: owner });
      expect(again.status).toBe(404);
      expect(await landing()).toEqual(after);
      expect(await stored()).toEqual(storedAfter);
    } finally {
      await countOnLanding(-(2000 - trashed));
    }
  }, 120_000);

  it('deleted by two admins at once, one deletion is counted once', async () => {
    const user = await granted('premium');
    // More subscriptions than the deletion takes at once (25), some in the trash, and activity.
    const trashed = 10;
    await seed(user.id, 80, { trashed });
    await seedActivity(user.id, 60);
    await countOnLanding(80 - trashed);
    // Other accounts' subscriptions, as many again, so that a double count could not hide at 0.
    await countOnLanding(80 - trashed);
    try {
      const owner = await ownerSession();
      await countedOffOnce(user.id, 80 - trashed, async () => {
        const deletions = await Promise.all([1, 2].map(() => call('DELETE', `/api/auth/users/${user.id}`, { token: owner })));
        for (const answer of deletions) expect([200, 404], JSON.stringify(answer.body)).toContain(answer.status);
        expect(deletions.some((answer) => answer.status === 200)).toBe(true);
      });
    } finally {
      await countOnLanding(-(80 - trashed));
    }
  });
});

describe('page cursors', () => {
  it('answer 400 for a cursor that is not one, however long', async () => {
    const user = await signedInUser();
    const long = 'a'.repeat(2044);
    for (const path of ['/api/subscriptions?after=x', `/api/subscriptions?after=${long}`]) {
      expect(await call('GET', path, { token: user.token })).toMatchObject({
        status: 400,
        body: { message: subscriptionMessages.pageCursorInvalid },
      });
    }
    for (const query of ['subscriptionsAfter=x', `activityBefore=${long}`, 'activityBefore=2026-01-01T00:00:00.000Z%23x']) {
      expect(await call('GET', `/api/auth/export?${query}`, { token: user.token })).toMatchObject({
        status: 400,
        body: { message: accountMessages.exportCursorInvalid },
      });
    }
  });
});

describe('landing counters', () => {
  it('never go below zero: a deletion that would take more than is counted stops at 0', async () => {
    const user = await signedInUser();
    for (let i = 0; i < 3; i++) expect((await create(user)).status).toBe(201);
    const saved = await stored();
    try {
      // A counter that drifted low (as the issue's account left it): 1 where 3 are about to go.
      await setAttributes('STATS', 'GLOBAL', { totalSubscriptions: 1 });
      const deleted = await call('DELETE', '/api/auth/account', { token: user.token, body: { password: 'Secret123!' } });
      expect(deleted.status).toBe(200);
      expect((await stored()).totalSubscriptions).toBe(0);
    } finally {
      await setAttributes('STATS', 'GLOBAL', { totalSubscriptions: Math.max(0, saved.totalSubscriptions - 3) });
    }
  });
});
