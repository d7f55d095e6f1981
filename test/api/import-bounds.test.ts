import { beforeAll, describe, expect, it } from 'vitest';
import type { Subscription } from '../../shared/api/subscription.js';
import { MAX_PRICE_CHANGES, tooManyPricesMessage } from '../../shared/domain/billing.js';
import { MAX_JSON_DEPTH } from '../../shared/domain/import/rows.js';
import { ownExport } from '../unit/import-fixtures.js';
import { call, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 34 §6: a row with 9,001 price changes passed the preview, then the commit answered 500 after
 * 33 of 41 rows (an item over DynamoDB's 400 KB); 200,000 nested arrays in a Wallos JSON answered 500.
 * Both are refused at the preview and the commit (400), before anything is written.
 */
const preview = (user: SignedInUser, body: Record<string, unknown>) => call('POST', '/api/import/preview', { token: user.token, body });
const commit = (user: SignedInUser, body: Record<string, unknown>) => call('POST', '/api/import/commit', { token: user.token, body });
const listOf = async (user: SignedInUser) => (await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token })).body;

/** `count` subscriptions of this product's JSON export, the last with `prices` price changes. */
function exportWith(count: number, prices: number): string {
  const template = JSON.parse(ownExport(1)).subscriptions[0];
  const last = JSON.parse(ownExport(prices)).subscriptions[0];
  const subscriptions = Array.from({ length: count - 1 }, (_, i) => ({ ...template, externalId: `bounds:${i}`, name: `Row ${i}` }));
  return JSON.stringify({
    format: 'subscription-tracker',
    version: 1,
    exportedAt: '2026-11-29T00:00:00.000Z',
    subscriptions: [...subscriptions, last],
  });
}

let user: SignedInUser;
beforeAll(async () => {
  user = await signedInUser();
});

describe('import bounds (issue 34 §6)', () => {
  it('refuses 41 rows whose last has 9,001 price changes at the preview and the commit (400), writing nothing', async () => {
    const fileText = exportWith(41, 9001);
    const message = `Line 41: the price history has 9,001 prices. ${tooManyPricesMessage}`;
    expect(await preview(user, { format: 'subscription-tracker-json', fileText })).toMatchObject({ status: 400, body: { message } });
    expect(await commit(user, { format: 'subscription-tracker-json', fileText })).toMatchObject({ status: 400, body: { message } });
    expect(await listOf(user)).toEqual([]);
  });

  it('refuses a Wallos JSON with 200,000 nested arrays (400, not a stack overflow)', async () => {
    const depth = 200_000;
    const fileText = `[{"Name":"Deep","Price":"$1","Next Payment":"2030-01-01","Payment Cycle":"Monthly","x":${'['.repeat(depth)}1${']'.repeat(depth)}}]`;
    const message = `The file nests lists or objects more than ${MAX_JSON_DEPTH} levels deep: it is not an export`;
    expect(await preview(user, { format: 'wallos-json', fileText })).toMatchObject({ status: 400, body: { message } });
    expect(await commit(user, { format: 'wallos-json', fileText })).toMatchObject({ status: 400, body: { message } });
  });

  it(`imports a history of ${MAX_PRICE_CHANGES} prices; then the edit route refuses a price change past it (400) but takes a correction`, async () => {
    const other = await signedInUser();
    const fileText = exportWith(1, MAX_PRICE_CHANGES);
    expect(await commit(other, { format: 'subscription-tracker-json', fileText })).toMatchObject({
      status: 200,
      body: { counts: { create: 1 } },
    });
    const [sub] = await listOf(other);
    expect(sub.priceHistory).toHaveLength(MAX_PRICE_CHANGES);
    const body = {
      name: sub.name,
      amount: 99,
      currency: 'USD',
      category: sub.category,
      dueDate: sub.dueDate,
      billingCycle: sub.billingCycle,
    };
    expect(
      await call('PUT', `/api/subscriptions/${sub.id}`, { token: other.token, body: { ...body, effectiveFrom: '2029-01-01' } }),
    ).toMatchObject({ status: 400, body: { message: tooManyPricesMessage } });
    const corrected = await call<Subscription>('PUT', `/api/subscriptions/${sub.id}`, { token: other.token, body });
    expect(corrected.status).toBe(200);
    expect(corrected.body.priceHistory).toHaveLength(MAX_PRICE_CHANGES);
    expect(corrected.body.priceHistory.at(-1)).toMatchObject({ amount: 99 });
  });

  it('refuses a re-import that would add a price past the bound (400 at the preview), changing nothing', async () => {
    const other = await signedInUser();
    const fileText = exportWith(1, MAX_PRICE_CHANGES);
    expect((await commit(other, { format: 'subscription-tracker-json', fileText })).status).toBe(200);
    // The same export as a CSV with a new price: its next payment brings a price change.
    const [sub] = await listOf(other);
    const csv = [
      'External ID,Name,Description,Amount,Currency,Category,Next Payment,Billing Cycle,Cycle Interval,Auto Renew,Status,Trial Ends,Ends,Notice Days',
      `${sub.externalId},${sub.name},,77.00,USD,other,2031-01-01,monthly,1,yes,active,,,`,
    ].join('\r\n');
    expect(await preview(other, { format: 'subscription-tracker-csv', fileText: csv })).toMatchObject({
      status: 400,
      body: { message: `Line 2: ${tooManyPricesMessage}` },
    });
    expect((await listOf(other))[0].priceHistory).toHaveLength(MAX_PRICE_CHANGES);
  });
});
