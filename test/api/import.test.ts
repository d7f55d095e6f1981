import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../shared/api/account.js';
import { IMPORT_MAX_FILE_BYTES, importMessages, pastLimitReason, sameNameNote } from '../../shared/api/import.js';
import type { Payment, PaymentList } from '../../shared/api/payments.js';
import type { Subscription } from '../../shared/api/subscription.js';
import { subscriptionLimitMessage } from '../../shared/api/subscriptions.js';
import { exportCsv, exportJson } from '../../shared/domain/import/index.js';
import { call, type SignedInUser, signedInUser } from './helpers.js';

/**
 * Issue 24 §6: POST /api/import/preview shows what a file would do, row by row; POST /api/import/commit
 * does it in one go; importing the same file again changes nothing; the ceiling holds; bad input is a 4xx.
 */

const file = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), 'utf8');
const wallos = file('wallos-export.json');
const answers = { $: 'USD', kr: 'SEK', '¥': 'JPY' };

const preview = (user: SignedInUser, body: Record<string, unknown>) => call('POST', '/api/import/preview', { token: user.token, body });
const commit = (user: SignedInUser, body: Record<string, unknown>) => call('POST', '/api/import/commit', { token: user.token, body });
const listOf = async (user: SignedInUser) => (await call<Subscription[]>('GET', '/api/subscriptions', { token: user.token })).body;
const byName = (list: Subscription[], name: string) => {
  const found = list.find((s) => s.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('importing a Wallos export', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signedInUser();
  });

  it('previews each row without writing anything, and names the symbols to ask', async () => {
    const first = await preview(user, { format: 'wallos-json', fileText: wallos });
    expect(first.status).toBe(200);
    expect(first.body.ambiguousSymbols).toEqual(['$', 'kr', '¥']);
    expect(first.body.counts).toEqual({ create: 10, update: 0, skip: 5 });
    expect(first.body.rows[13]).toEqual({ line: 14, action: 'skip', reason: 'Choose the currency of “kr”', name: 'Storytel' });

    const answered = await preview(user, { format: 'wallos-json', fileText: wallos, symbolCurrencies: answers });
    expect(answered.body.counts).toEqual({ create: 14, update: 0, skip: 1 });
    expect(answered.body.rows[0]).toEqual({
      line: 1,
      action: 'create',
      subscription: {
        externalId: expect.stringMatching(/^wallos:[0-9a-f]{16}$/),
        name: 'Netflix',
        description: 'Premium 4 screens',
        amount: 17.99,
        currency: 'EUR',
        category: 'Entertainment',
        dueDate: '2026-12-08',
        billingCycle: 'monthly',
        cycleInterval: 1,
        autoRenew: true,
        status: 'active',
        trialEndsAt: null,
        endsAt: null,
        noticeDays: null,
        cancelByDate: null,
        url: 'https://www.netflix.com/',
      },
    });
    expect(answered.body.rows[14]).toEqual({
      line: 15,
      action: 'skip',
      reason: 'A one-time payment (“One-time”) is not a subscription',
      name: 'Affinity Photo 2',
    });
    expect(await listOf(user)).toEqual([]);
  });

  it('commits in one go: each subscription in its own currency, cycle, state and notice period', async () => {
    const done = await commit(user, { format: 'wallos-json', fileText: wallos, symbolCurrencies: answers });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: '14 subscriptions imported', counts: { create: 14, update: 0, skip: 1 } });
    const list = await listOf(user);
    expect(list).toHaveLength(14);
    expect(byName(list, 'FitX')).toMatchObject({
      amount: 24.99,
      currency: 'EUR',
      billingCycle: 'weekly',
      cycleInterval: 4,
      // Issue 35 §2.5: Wallos's 'Cancellation Date' is kept as the date the user typed, not a 21-day notice.
      noticeDays: null,
      cancelByDate: '2027-06-30',
      cancelBy: '2027-06-30',
      status: 'active',
      externalId: expect.stringMatching(/^wallos:/),
      priceHistory: [{ amount: 24.99, currency: 'EUR', effectiveFrom: expect.any(String) }],
    });
    expect(byName(list, 'Storytel')).toMatchObject({ currency: 'SEK', amount: 229 });
    expect(byName(list, 'Paramount+')).toMatchObject({ status: 'canceled', autoRenew: false });
    expect(byName(list, 'The Economist')).toMatchObject({ currency: 'GBP', billingCycle: 'quarterly', cycleInterval: 1 });
  });

  it('changes nothing when the same file is imported again, as CSV too', async () => {
    const before = await listOf(user);
    const again = await preview(user, { format: 'wallos-json', fileText: wallos, symbolCurrencies: answers });
    expect(again.body.counts).toEqual({ create: 0, update: 0, skip: 15 });
    expect(again.body.rows.filter((r: { reason?: string }) => r.reason === 'Already imported')).toHaveLength(14);
    const csv = await commit(user, { format: 'wallos-csv', fileText: file('wallos-export.csv'), symbolCurrencies: answers });
    expect(csv.body).toEqual({ message: '0 subscriptions imported', counts: { create: 0, update: 0, skip: 15 } });
    expect(await listOf(user)).toEqual(before);
  });
});

describe('re-importing a changed file', () => {
  it('updates what changed, as a price change from the next payment', async () => {
    const user = await signedInUser();
    const csv = file('subtrackr-export.csv');
    expect((await commit(user, { format: 'subtrackr-csv', fileText: csv })).body.counts).toEqual({ create: 12, update: 0, skip: 0 });
    const changed = csv.replace('1,Netflix,Entertainment,20.99,', '1,Netflix,Entertainment,22.99,');
    const planned = await preview(user, { format: 'subtrackr-csv', fileText: changed });
    expect(planned.body.counts).toEqual({ create: 0, update: 1, skip: 11 });
    expect(planned.body.rows[0]).toMatchObject({ line: 2, action: 'update', reason: 'Changed: amount' });
    const done = await commit(user, { format: 'subtrackr-csv', fileText: changed });
    expect(done.body).toEqual({ message: '0 subscriptions imported, 1 updated', counts: { create: 0, update: 1, skip: 11 } });
    const netflix = byName(await listOf(user), 'Netflix');
    expect(netflix).toMatchObject({ amount: 22.99, currency: 'CAD', externalId: 'subtrackr:1' });
    expect(netflix.priceHistory.at(-1)).toEqual({ amount: 22.99, currency: 'CAD', effectiveFrom: '2026-12-14' });
    // The JSON twin: Netflix's old price. Autopay is absent from the v0.5.9 JSON: the file does not say it,
    // so the auto-renew the CSV set stays (issue 35 §2.10: an import never erases what the file does not say).
    const json = await preview(user, { format: 'subtrackr-json', fileText: file('subtrackr-export.json') });
    expect(json.body.counts).toEqual({ create: 0, update: 1, skip: 11 });
    const updates = json.body.rows.filter((r: { action: string }) => r.action === 'update');
    expect(updates.map((r: { reason: string }) => r.reason)).toEqual(['Changed: amount']);
    expect((await commit(user, { format: 'subtrackr-json', fileText: file('subtrackr-export.json') })).body.counts).toEqual({
      create: 0,
      update: 1,
      skip: 11,
    });
    const after = await listOf(user);
    expect(byName(after, 'Backblaze Personal').autoRenew).toBe(false);
    expect(byName(after, 'Globe and Mail').autoRenew).toBe(false);
    expect(byName(after, 'Netflix')).toMatchObject({ amount: 20.99, autoRenew: true });
  });
});

describe('the subscription ceiling', () => {
  it('skips the rows past it with the reason, and commits the rest', async () => {
    const member = await signedInUser();
    const rows = Array.from({ length: 53 }, (_, i) => `Service ${i + 1},"${i + 1},00",EUR,Monthly,2027-01-0${(i % 9) + 1}`);
    const fileText = ['Name,Amount,Currency,Cycle,Next due', ...rows].join('\r\n');
    const body = {
      format: 'generic-csv',
      fileText,
      mapping: { name: 'Name', amount: 'Amount', currency: 'Currency', billingCycle: 'Cycle', dueDate: 'Next due' },
    };
    const planned = await preview(member, body);
    expect(planned.body.counts).toEqual({ create: 50, update: 0, skip: 3 });
    expect(planned.body.rows[52]).toMatchObject({ line: 54, action: 'skip', reason: pastLimitReason('member') });
    expect((await commit(member, body)).body.counts).toEqual({ create: 50, update: 0, skip: 3 });
    expect(await listOf(member)).toHaveLength(50);
    const more = await call('POST', '/api/subscriptions', {
      token: member.token,
      body: { name: 'One more', amount: 1, category: 'other', dueDate: '2027-01-01' },
    });
    expect(more).toMatchObject({ status: 403, body: { message: subscriptionLimitMessage('member') } });
    expect((await preview(member, body)).body.counts).toEqual({ create: 0, update: 0, skip: 53 });
  });
});

describe('this product’s own export', () => {
  it('re-imports to the same data, in another account, and is already there in its own', async () => {
    const from = await signedInUser();
    await commit(from, { format: 'subtrackr-json', fileText: file('subtrackr-export.json') });
    const netflix = byName(await listOf(from), 'Netflix');
    const renamed = await call('PUT', `/api/subscriptions/${netflix.id}`, {
      token: from.token,
      body: { ...netflix, amount: 24.99, effectiveFrom: '2027-01-14', noticeDays: 3, endsAt: '2028-01-01' },
    });
    expect(renamed.status).toBe(200);
    const original = await listOf(from);
    const json = exportJson(original, '2026-11-27T10:00:00.000Z');
    expect((await preview(from, { format: 'subscription-tracker-json', fileText: json })).body.counts).toEqual({
      create: 0,
      update: 0,
      skip: 12,
    });

    const to = await signedInUser();
    expect((await commit(to, { format: 'subscription-tracker-json', fileText: json })).body.counts).toEqual({
      create: 12,
      update: 0,
      skip: 0,
    });
    const same = (list: Subscription[]) =>
      list.map(({ id, createdAt, updatedAt, deletedAt, ...rest }) => rest).sort((a, b) => a.name.localeCompare(b.name));
    expect(same(await listOf(to))).toEqual(same(original));

    const other = await signedInUser();
    expect((await commit(other, { format: 'subscription-tracker-csv', fileText: exportCsv(original) })).body.counts).toEqual({
      create: 12,
      update: 0,
      skip: 0,
    });
    const fromCsv = byName(await listOf(other), 'Netflix');
    expect(fromCsv).toMatchObject({ amount: 24.99, currency: 'CAD', noticeDays: 3, endsAt: '2028-01-01', externalId: 'subtrackr:1' });
  });
});

describe('a row named like a subscription already there (issue 35 §2.16)', () => {
  it('is created after the preview and the result say so', async () => {
    const user = await signedInUser();
    const created = await call('POST', '/api/subscriptions', {
      token: user.token,
      body: { name: 'Netflix', amount: 9.99, category: 'streaming', dueDate: '2027-01-01' },
    });
    expect(created.status).toBe(201);
    const body = {
      format: 'generic-csv',
      fileText: 'Name,Amount,Currency,Cycle,Next due\r\nnetflix,"9,99",EUR,Monthly,2027-01-05\r\nGym,30,EUR,Monthly,2027-01-06\r\n',
      mapping: { name: 'Name', amount: 'Amount', currency: 'Currency', billingCycle: 'Cycle', dueDate: 'Next due' },
    };
    const planned = await preview(user, body);
    expect(planned.body.rows).toEqual([
      expect.objectContaining({ line: 2, action: 'create', reason: sameNameNote('Netflix') }),
      expect.not.objectContaining({ reason: expect.anything() }),
    ]);
    expect(planned.body.rows[1]).toMatchObject({ line: 3, action: 'create' });
    expect((await commit(user, body)).body).toEqual({
      message: '2 subscriptions imported, 1 new one named like a subscription you already had',
      counts: { create: 2, update: 0, skip: 0 },
    });
    expect((await listOf(user)).filter((s) => s.name.toLowerCase() === 'netflix')).toHaveLength(2);
  });
});

describe('bad input', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signedInUser();
  });

  it('answers 401 without a session', async () => {
    expect((await call('POST', '/api/import/preview', { body: { format: 'wallos-json', fileText: '[]' } })).status).toBe(401);
  });

  it('answers 413 for a file over 1 MB, and 400 for more than 2,000 rows', async () => {
    const large = `Name,Amount,Due\r\n${'x'.repeat(IMPORT_MAX_FILE_BYTES)}`;
    expect(await preview(user, { format: 'generic-csv', fileText: large })).toMatchObject({
      status: 413,
      body: { message: importMessages.fileTooLarge },
    });
    const many = ['Name,Amount,Due', ...Array.from({ length: 2001 }, (_, i) => `S${i},1,2027-01-01`)].join('\n');
    const mapping = { name: 'Name', amount: 'Amount', dueDate: 'Due' };
    expect(await commit(user, { format: 'generic-csv', fileText: many, mapping })).toMatchObject({
      status: 400,
      body: { message: importMessages.tooManyRows },
    });
  });

  it('answers 400 with the reason for a format, file, mapping or answer it cannot use', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ format: 'excel', fileText: 'a' }, importMessages.formatInvalid],
      [{ format: 'wallos-json', fileText: '' }, importMessages.fileRequired],
      [{ format: 'wallos-json', fileText: 'Name,Price\nx,€1' }, 'The file is not valid JSON'],
      [{ format: 'trackmysubs-csv', fileText: file('own/trackmysubs-no-frequency.csv') }, 'The TrackMySubs CSV has no “Frequency” column'],
      [{ format: 'generic-csv', fileText: file('generic.csv') }, 'Choose the column of Name, Amount, Next payment date'],
      [
        { format: 'generic-csv', fileText: file('generic.csv'), mapping: { name: 'Subscription', amount: 'Cost', dueDate: 'When' } },
        'The file has no column “When”',
      ],
      [{ format: 'wallos-json', fileText: wallos, symbolCurrencies: { $: 'dollars' } }, importMessages.symbolsInvalid],
      [{ format: 'wallos-json', fileText: wallos, mapping: 'Name' }, importMessages.mappingInvalid],
    ];
    for (const [body, message] of cases) {
      expect(await preview(user, body), JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await listOf(user)).toEqual([]);
  });

  it('skips rows whose answer names a currency the product does not keep', async () => {
    const answer = await preview(user, { format: 'wallos-json', fileText: wallos, symbolCurrencies: { ...answers, $: 'XYZ' } });
    expect(answer.body.rows[4]).toEqual({ line: 5, action: 'skip', reason: 'The currency XYZ is not supported', name: 'iCloud+ 2TB' });
  });
});

describe('payments go out with the JSON export and come back in (issue 35 §2.9)', () => {
  it('exports each subscription’s payments and imports them into a fresh account: the same payments', async () => {
    const alice = await signedInUser();
    const created = await call<Subscription>('POST', '/api/subscriptions', {
      token: alice.token,
      body: { name: 'Gym', amount: 30, currency: 'EUR', category: 'fitness', dueDate: '2030-01-31', billingCycle: 'monthly' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    // Another subscription, without payments: the export keeps each subscription's own.
    const other = await call('POST', '/api/subscriptions', {
      token: alice.token,
      body: { name: 'Other', amount: 5, currency: 'EUR', category: 'other', dueDate: '2030-01-15', billingCycle: 'monthly' },
    });
    expect(other.status).toBe(201);
    const marks = [
      { dueDate: '2029-11-30', status: 'paid' },
      { dueDate: '2029-12-31', status: 'skipped' },
      { dueDate: '2030-01-31', status: 'paid', amount: 31.5, currency: 'EUR' },
    ];
    for (const body of marks) {
      const marked = await call('POST', `/api/subscriptions/${id}/payments`, { token: alice.token, body });
      expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    }
    const recorded = (list: Payment[]) => list.map(({ dueDate, status, amount, currency }) => ({ dueDate, status, amount, currency }));
    const expected = [
      { dueDate: '2029-11-30', status: 'paid', amount: 30, currency: 'EUR' },
      { dueDate: '2029-12-31', status: 'skipped', amount: 30, currency: 'EUR' },
      { dueDate: '2030-01-31', status: 'paid', amount: 31.5, currency: 'EUR' },
    ];

    // Out: the export route carries them, oldest renewal first, and so does the JSON file made from it.
    const exported = await call<AccountExport>('GET', '/api/auth/export', { token: alice.token });
    expect(exported.status).toBe(200);
    const named = <T extends { name: string }>(list: T[], name: string) => list.find((s) => s.name === name);
    expect(recorded(named(exported.body.subscriptions, 'Gym')?.payments ?? [])).toEqual(expected);
    expect(named(exported.body.subscriptions, 'Other')?.payments).toEqual([]);
    const fileText = exportJson(exported.body.subscriptions, exported.body.exportedAt);
    expect(named<{ name: string; payments?: unknown }>(JSON.parse(fileText).subscriptions, 'Gym')?.payments).toEqual(expected);

    // In: a fresh account imports the file and has the same payments, and the same lifetime spend.
    const bob = await signedInUser();
    const previewed = await preview(bob, { format: 'subscription-tracker-json', fileText });
    expect(previewed.body.rows[0].subscription).not.toHaveProperty('payments');
    const done = await commit(bob, { format: 'subscription-tracker-json', fileText });
    expect(done.body.counts, JSON.stringify(done.body)).toEqual({ create: 2, update: 0, skip: 0 });
    const bobs = await listOf(bob);
    const paymentsOf = (sub: Subscription | undefined) =>
      call<PaymentList>('GET', `/api/subscriptions/${sub?.id}/payments`, { token: bob.token });
    const list = await paymentsOf(byName(bobs, 'Gym'));
    expect(recorded(list.body.payments).reverse()).toEqual(expected);
    expect(list.body.lifetimeSpend).toEqual({ amount: 61.5, currency: 'EUR' });
    expect((await paymentsOf(byName(bobs, 'Other'))).body.payments).toEqual([]);
  });

  it('skips a row whose payments are not its renewals, and refuses a file past the bound', async () => {
    const user = await signedInUser();
    const row = (payments: unknown) =>
      JSON.stringify({
        format: 'subscription-tracker',
        version: 1,
        exportedAt: '2026-11-29T00:00:00.000Z',
        subscriptions: [
          {
            externalId: 'subscription-tracker:x',
            name: 'Gym',
            description: '',
            amount: 30,
            currency: 'EUR',
            category: 'fitness',
            dueDate: '2030-01-31',
            billingCycle: 'monthly',
            cycleInterval: 1,
            autoRenew: true,
            status: 'active',
            trialEndsAt: null,
            endsAt: null,
            noticeDays: null,
            payments,
          },
        ],
      });
    const notARenewal = await preview(user, {
      format: 'subscription-tracker-json',
      fileText: row([{ dueDate: '2029-12-15', status: 'paid', amount: 30, currency: 'EUR' }]),
    });
    expect(notARenewal.body.rows[0]).toMatchObject({
      action: 'skip',
      reason: 'The payment of 2029-12-15 is not for one of its renewal dates',
    });
    const badStatus = await preview(user, {
      format: 'subscription-tracker-json',
      fileText: row([{ dueDate: '2029-12-31', status: 'refunded', amount: 30, currency: 'EUR' }]),
    });
    expect(badStatus.body.rows[0]).toMatchObject({ action: 'skip', reason: 'The payments are not a list of paid or skipped renewals' });
    const tooMany = await preview(user, {
      format: 'subscription-tracker-json',
      fileText: row(Array.from({ length: 1001 }, () => ({ dueDate: '2029-12-31', status: 'paid', amount: 30, currency: 'EUR' }))),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(
      'Line 1: the subscription has 1,001 payments. An imported subscription brings at most 1,000 payments.',
    );
  });
});
