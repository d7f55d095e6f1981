import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { authMessages } from '../../shared/api/auth.js';
import { type ApiAnswer, call, getItem, PASSWORD, type SignedInUser, signedInUser, stackClock, table, tokenKey } from './helpers.js';

/**
 * Issue 34 §4: deleting an account leaves nothing of it behind, also while the account is writing
 * (docs/decisions/0099-what-ends-with-an-account-and-its-sessions.md).
 */

/** Every item of the table that belongs to the user: its partition, and any item naming it (tokens, remembered devices). */
async function itemsOf(userId: string): Promise<Record<string, unknown>[]> {
  const { client, name } = table();
  const found: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: name,
        FilterExpression: 'pk = :pk OR userId = :id',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':id': userId },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    found.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return found;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const createSubscription = (user: SignedInUser, n: number) =>
  call('POST', '/api/subscriptions', {
    token: user.token,
    body: { name: `Racing ${n}`, amount: 4.99, category: 'streaming', dueDate: '2036-03-01' },
  });

/**
 * One trial: `creates` subscriptions of the user started 10 ms apart, the account's deletion started
 * among the first of them. Answers the deletion's answer and every create's.
 */
async function raceDeletion(user: SignedInUser, creates: number): Promise<{ deleted: ApiAnswer; created: ApiAnswer[] }> {
  const pending: Promise<ApiAnswer>[] = [];
  let deletion: Promise<ApiAnswer> | undefined;
  for (let n = 0; n < creates; n++) {
    pending.push(createSubscription(user, n));
    if (n === 3) deletion = call('DELETE', '/api/auth/account', { token: user.token, body: { password: PASSWORD } });
    await pause(10);
  }
  const [deleted, ...created] = await Promise.all([deletion as Promise<ApiAnswer>, ...pending]);
  return { deleted, created };
}

describe('deleting an account while it writes (issue 34 §4)', () => {
  it('leaves no item of the account behind, whichever creates land around the deletion', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => signedInUser()));
    // One trial after another: each deletion races its own account's creates, not the other trials'.
    const trials: Awaited<ReturnType<typeof raceDeletion>>[] = [];
    for (const user of users) trials.push(await raceDeletion(user, 16));
    for (const [index, { deleted, created }] of trials.entries()) {
      expect(deleted, `trial ${index}`).toMatchObject({ status: 200, body: { message: authMessages.accountDeleted } });
      // A create answers 201 (it landed before the deletion began) or a 4xx; never a 500.
      for (const answer of created) expect([201, 401, 404]).toContain(answer.status);
    }
    // Requests that were still on their way when the deletion answered have answered too (Promise.all above).
    for (const [index, user] of users.entries()) expect(await itemsOf(user.id), `trial ${index}`).toEqual([]);
  }, 180_000);

  it('takes the remembered devices with it, not only when their 30 days end', async () => {
    const user = await signedInUser();
    const setup = await call('POST', '/api/2fa/setup', { token: user.token, body: { password: PASSWORD } });
    expect(setup.status).toBe(200);
    const secret = setup.body.manualEntry as string;
    const code = await generate({ secret, epoch: Math.floor((await stackClock()) / 1000) });
    const enabled = await call('POST', '/api/2fa/enable', { token: user.token, body: { token: code } });
    expect(enabled.status).toBe(200);
    const ticket = await call('POST', '/api/auth/login', { body: { username: user.username, password: PASSWORD } });
    expect(ticket.body).toMatchObject({ requiresTwoFactor: true });
    const verified = await call('POST', '/api/2fa/verify', {
      body: { userId: user.id, twoFactorTicket: ticket.body.twoFactorTicket, token: enabled.body.backupCodes[0], rememberDevice: true },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const device = tokenKey(verified.body.deviceToken as string);
    expect(await getItem(device.pk, device.sk)).toMatchObject({ userId: user.id });

    const deleted = await call('DELETE', '/api/auth/account', { token: verified.body.token, body: { password: PASSWORD } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await getItem(device.pk, device.sk)).toBeUndefined();
    expect(await itemsOf(user.id)).toEqual([]);
  }, 60_000);
});
